"""The rules pages say what docs/rulings.md ("Laying down and laying off") says, in both languages,
each point cited: laying down is a must in Le May I and a choice elsewhere; laying off per variant
(Joybells: other players' melds; Clenney: from the next turn on, our reading); ROY's leaver and
void game cite our ruling, never the Continental rule."""
from __future__ import annotations

import html
import re

import pytest

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}
RULING_EN = "scorekeeper's rulings, section “Laying down and laying off”"


def section(client, vid, anchor, headers) -> str:
    page = client.get(f"/rules/{vid}", headers=headers).get_data(as_text=True)
    start = page.index(f'id="{anchor}"')
    end = page.find("<section", start + 10)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page[start:end if end > 0 else None]))
    return re.sub(r"\s+", " ", text).replace("\u00a0", " ")


def test_laying_down_is_a_must_in_le_may_i_only(client):
    en = section(client, "le-may-i", "turn", EN)
    fr = section(client, "le-may-i", "turn", FR)
    assert "you must lay it down" in en and "you may lay it down" not in en and "Laying down and laying off" in en
    assert "vous devez le poser" in fr and "vous pouvez le poser" not in fr
    for vid in ("joybells", "continental", "clenney"):
        assert "you may lay it down, or keep it in your hand" in section(client, vid, "turn", EN)
        assert "vous pouvez le poser, ou le garder en main" in section(client, vid, "turn", FR)


def test_laying_off_per_variant(client):
    en, fr = section(client, "joybells", "laying-off", EN), section(client, "joybells", "laying-off", FR)
    assert "the melds laid down by other players" in en and "yours or anyone's" not in en
    assert "common house rule, not part of the Joybells rules" in en and "Laying down and laying off" in en
    assert "combinaisons posées par les autres joueurs" in fr and "règle maison répandue" in fr
    assert "yours or anyone's" in section(client, "continental", "laying-off", EN)
    assert "yours or another player's" in section(client, "le-may-i", "laying-off", EN)
    en, fr = section(client, "clenney", "laying-off", EN), section(client, "clenney", "laying-off", FR)
    assert "from your next turn on is scorekeeper's reading of them" in en and "Laying down and laying off" in en
    # a rulings section is cited by its heading in docs/rulings.md, on a French page too
    assert "la lecture qu’en fait scorekeeper" in fr and "Laying down and laying off" in fr


@pytest.mark.parametrize("headers, void, wrong", [
    (EN, "The game is void", ("unfinished", "Continental ruling")),
    (FR, "La partie est annulée", ("inachevée", "règle de Continental", "décision de Continental")),
])
def test_roy_leaver_and_void_game_cite_our_ruling(client, headers, void, wrong):
    text = section(client, "roy", "player-leaving", headers)
    assert void in text and ("Laying down and laying off" in text or "Poser et compléter" in text), text
    assert not any(w in text for w in wrong), text
    assert "Continental Rummy" not in text

"""A number of points, cards, rounds or games takes the word its language puts after it: "1 round",
"0,00 point en moyenne" (French takes the singular below 2), never "1 rounds", in English and French."""
from __future__ import annotations

import re

import pytest

from support.tables import SEVEN_ANN, joybells_game, new_table, roster_ids

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


@pytest.fixture
def ann_went_out_each_round(client) -> dict:
    """A table whose one Joybells game Ann went out of in each of its seven rounds (Ann 0, Bob 70, Cy 35)."""
    table = new_table(client)
    joybells_game(client, table, SEVEN_ANN)
    return table


def text(page: bytes | str) -> str:
    page = page.decode() if isinstance(page, bytes) else page
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("\u00a0", " ").replace("&#39;", "'")


@pytest.mark.parametrize("headers, said", [
    (EN, "Ann's hardest round: 3 runs (0.00 points on average)."),
    (FR, "La manche la plus dure pour Ann : 3 séquences (0,00 point en moyenne)."),
])
def test_a_player_who_always_went_out_averages_zero_point_in_french(client, ann_went_out_each_round, headers, said):
    t = ann_went_out_each_round
    ann = roster_ids(client, t["id"])["Ann"]
    page = client.get(f"/tables/{t['id']}/players/{ann}?variant=joybells", headers=headers)
    assert page.status_code == 200
    assert said in text(page.data)


def flat(page: bytes | str) -> str:
    return text(page).replace("&amp;", "&")


def printed(client, path: str, headers) -> str:
    """The words of the PDF at ``path``, spaces folded."""
    from support.pdfcheck import pdf_text

    answer = client.get(path, headers=headers)
    assert answer.status_code == 200
    return " ".join(pdf_text(answer.data)[1].replace("\u00a0", " ").split())


@pytest.mark.parametrize("headers, said, wrong", [
    (EN, "scores the 1 card left in the other hand", "1 cards"),
    (FR, "marque 1 point : la carte restée dans l’autre main", "1 points"),
])
def test_a_roy_hand_won_against_one_card_left_reads_one_card(client, headers, said, wrong):
    """The preview of a two-player ROY hand: the winner's note counts the one card Bob holds."""
    from support.round_form import round_data, start

    gid = start(client, "roy", ["Ann", "Bob"])
    data = round_data([0, 1], 0, {1: {"count": "1"}}, action="preview")
    page = flat(client.post(f"/games/{gid}/round", data=data, headers=headers).data)
    assert said in page and wrong not in page, page[:3000]


def _house_page(client, headers, base, **changes):
    """A house variant saved through its form; its page (changes, rules and the sheet's link) as text
    and the page's HTML."""
    from support.house import form_data

    saved = client.post(f"/rules/{base}/house", data=form_data(base, **changes, save="1"), headers=headers)
    assert saved.status_code == 302, flat(saved.data)[:2000]
    page = client.get(saved.headers["Location"], headers=headers).get_data(as_text=True)
    return flat(page), page


ONE_ROUND = {f"rounds-{n}-{kind}": "0" for n in range(2, 8) for kind in ("sets", "runs")}


@pytest.mark.parametrize("headers, said", [
    (EN, ("1 round", "1 joker per deck", "with 1 joker for each deck")),
    (FR, ("1 manche", "1 joker par jeu de cartes", "avec 1 joker par jeu")),
])
def test_a_house_variant_of_one_round_and_one_joker_says_them_in_the_singular(client, headers, said):
    page, html_page = _house_page(client, headers, "joybells", jokers_per_deck="1", **ONE_ROUND)
    assert all(s in page for s in said), page[:3000]
    assert not re.search(r"\b1 (rounds|manches|jokers)\b", page), re.findall(r".{60}\b1 (?:rounds|manches|jokers).{40}", page)
    sheet = re.search(r'href="([^"]*\.pdf)"', html_page)
    assert ("1 manche ·" if headers is FR else "1 round ·") in printed(client, sheet.group(1).replace("&amp;", "&"), headers)


@pytest.mark.parametrize("headers, said", [
    (EN, ("no May I in the last round", "House rule: no May I in the last round.")),
    (FR, ("pas de May I dans la dernière manche", "Règle maison : pas de May I dans la dernière manche.")),
])
def test_no_may_i_in_the_last_round_is_said_without_a_count(client, headers, said):
    page, html_page = _house_page(client, headers, "joybells", **{"may_i.none_in_last_rounds": "1"})
    assert said[0] in page, page[:3000]
    assert "last 1 rounds" not in page and "les 1 dernières" not in page
    sheet = re.search(r'href="([^"]*\.pdf)"', html_page)
    assert said[1] in printed(client, sheet.group(1).replace("&amp;", "&"), headers)


@pytest.mark.parametrize("headers, said", [
    (EN, ("or to take 1 card from the stock", "draws 1 card and misses their turn")),
    (FR, ("ou à prendre 1 carte au talon", "pioche 1 carte et passe son tour")),
])
def test_a_roy_house_variant_drawing_one_card_says_one_card(client, headers, said):
    page, _html = _house_page(client, headers, "roy", **{"roy.draw_per_card": "1", "roy.skip_draw": "1"})
    assert all(s in page for s in said), page[:3000]
    assert not re.search(r"\b1 (cards|cartes)\b", page)


@pytest.mark.parametrize("headers, said", [
    (EN, "Beat Bob most often: ahead in the one game both finished."),
    (FR, "A battu Bob le plus souvent : devant dans la seule partie finie par les deux."),
])
def test_the_yearbook_beats_a_player_in_the_one_game_both_finished(client, ann_went_out_each_round, headers, said):
    t = ann_went_out_each_round
    book = printed(client, f"/tables/{t['id']}/years/2026.pdf", headers)
    assert said in book and "of the 1 games" not in book and "des 1 parties" not in book


@pytest.mark.parametrize("headers, said, wrong", [
    (EN, "7 rounds played · 2 rounds gone out", "2 round gone out"),
    (FR, "7 manches jouées · 2 sorties", "manches sorties"),
])
def test_the_yearbook_counts_the_rounds_a_player_went_out_in_plain_words(client, headers, said, wrong):
    """French says "2 sorties" (the statistics' own word), never "2 manches sorties"."""
    t = new_table(client)
    joybells_game(client, t, [("Ann", {"Bob": 10, "Cy": 5}), ("Ann", {"Bob": 10, "Cy": 5})] + [("Bob", {"Ann": 10, "Cy": 5})] * 5)
    book = printed(client, f"/tables/{t['id']}/years/2026.pdf", headers)
    assert said in book and wrong not in book


def test_a_french_refusal_never_says_que_before_a_name_with_a_vowel(client):
    """"les cartes que Anne…" would need "qu’Anne": the French names the player once, at the start."""
    from support.round_form import post_round, round_data, start

    gid = start(client, "clenney", ["Bob", "Anne", "Cy"])
    client.set_cookie("lang", "fr")
    page = flat(post_round(client, gid, round_data([0, 1, 2], 0, {1: {"mode": "values"},
                                                                  2: {"mode": "points", "points": "5"}})).data)
    assert "Anne n’a aucune carte : comptez par valeur les cartes encore en main" in page, page[:3000]
    assert "que Anne" not in page


def test_a_players_rounds_by_contract_count_the_rounds_played_in_french(client, ann_went_out_each_round):
    """The column counts rounds ("Jouées"); the ratings table's "Jouée" is the day a game was played."""
    t = ann_went_out_each_round
    ann = roster_ids(client, t["id"])["Ann"]
    page = client.get(f"/tables/{t['id']}/players/{ann}?variant=joybells", headers=FR).get_data(as_text=True)
    contracts = page[page.index('aria-label="Manches par contrat"'):]
    assert '<th scope="col" class="num">Jouées</th>' in contracts[:contracts.index("</thead>")]

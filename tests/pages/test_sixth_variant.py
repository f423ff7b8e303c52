"""A sixth variant with existing mechanics is data alone (docs/architecture.md, "Three changes"): a
TOML file like those of scorekeeper/rules/variants/, here a throwaway one added to the registry for
the test, is offered by the new-game page, has its rules page, is listed and played through the API."""
from __future__ import annotations

from importlib import resources

import pytest

from scorekeeper.rules import variants
from support import games as gamedata

# Continental's file under another id and name, dealing 11 cards and turning no card up.
SIXTH_TOML = (resources.files("scorekeeper.rules").joinpath("variants", "continental.toml").read_text(encoding="utf-8")
              .replace('id = "continental"', 'id = "sixth"').replace('name = "Continental"', 'name = "Sixth Street"')
              .replace("[deal]\ncards = 12", "[deal]\ncards = 11\nturn_up = false"))


@pytest.fixture
def sixth(monkeypatch):
    variant = variants.load_variant(SIXTH_TOML)
    assert (variant.id, variant.cards_dealt, variant.turn_up) == ("sixth", 11, False)
    monkeypatch.setitem(variants.VARIANTS, "sixth", variant)
    return variant


def test_a_sixth_variant_from_its_file_alone_is_offered_explained_and_played(client, sixth):
    assert 'value="sixth"' in client.get("/games/new").get_data(as_text=True)
    page = client.get("/rules/sixth")
    assert page.status_code == 200 and "Sixth Street" in page.get_data(as_text=True)
    assert "sixth" in [v["id"] for v in client.get("/api/v1/variants").get_json()["variants"]]
    decks = client.get("/api/v1/variants/sixth/decks?players=4").get_json()
    assert (decks["decks"], decks["cards"], decks["cards_dealt"]) == (2, 108, 11)
    game = gamedata.create(client, "sixth", ["Ann", "Bob", "Cy", "Di"])
    gamedata.post_round(client, game, {"went_out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 6},
                                                                     "Di": {"cards": ["KD", "JK"]}}})
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert state["variant"] == "sixth"
    assert state["totals"] == {"Ann": 0, "Bob": 5, "Cy": 6, "Di": 10 + 50}
    assert client.get(f"/games/{game['id']}").status_code == 200

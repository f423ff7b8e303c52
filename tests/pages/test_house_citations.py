"""A house variant's pages cite the house only for what it changed: the rest still comes from the
base's source (docs/rulings.md, "Citing the sources")."""
from __future__ import annotations

import html
import re

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def words(r) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", r.get_data(as_text=True)))).replace("\u00a0", " ")


def test_changing_the_deal_cites_the_house_for_the_deal_only(client):
    r = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Joybells 11 cards",
                                              "changes": {"cards_dealt": 11}})
    assert r.status_code == 201, r.json
    en = words(client.get(f"/rules/{r.json['id']}", headers=EN))
    assert "(house rule) say nothing" not in en and "(house rule) do not cover" not in en
    # the gaps are Joybells' source's, not the house's: the base is named as its author
    assert "The Joybells rules (Joybells (a family's rules)) say nothing about play out of turn" in en
    assert "The Joybells 11 cards rules" not in en
    assert "house rule, section “Joybells 11 cards”" in en  # the deal itself is the house's
    fr = words(client.get(f"/rules/{r.json['id']}", headers=FR))
    assert "(règle maison) ne disent rien" not in fr and "(règle maison) ne couvrent pas" not in fr
    # a Continental house variant keeps Continental's own irregularity rules: no "say nothing" at all
    r = client.post("/api/v1/variants", json={"based_on": "continental", "name": "Martins Continental",
                                              "changes": {"cards_dealt": 11}})
    en = words(client.get(f"/rules/{r.json['id']}", headers=EN))
    assert "say nothing" not in en and "do not cover" not in en


def test_the_scoresheet_summary_marks_only_the_changed_lines_as_house_rules():
    from scorekeeper.rules.house import apply_changes
    from scorekeeper.rules.scoresheet import legend
    from scorekeeper.rules.variants import get_variant

    base = get_variant("continental")
    house = apply_changes(base, {"melds": {"aces": "low"}}, id="h-aces", name="Low aces")
    lines = {item.key: item.source for item in legend(house)}
    assert lines["aces"] == "house rule"
    assert all(source != "house rule" for key, source in lines.items() if key != "aces"), lines
    assert lines == {**{item.key: item.source for item in legend(base)}, "aces": "house rule"}
    house = apply_changes(base, {"melds": {"set_min": 4}}, id="h-sets", name="Sets of four")
    lines = {item.key: item.source for item in legend(house)}
    assert [key for key, source in lines.items() if source == "house rule"] == ["melds"]

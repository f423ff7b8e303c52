"""A new house setting of an existing kind is one entry of scorekeeper/rules/house_settings.py
(docs/architecture.md, "Three changes, file by file"): a throwaway setting added to that table for
the test (how many cards are dealt at a time, which the built-in variants' files hold but no house
variant changes) is on the house form with its value, checked with its bounds, said in the
differences, written to and read back from the TOML file, taken and refused by the API, cited as the
house's on the rules page, and in the ``changes`` part of the OpenAPI schema."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import house as rules_house
from scorekeeper.rules import house_settings
from scorekeeper.rules.house_settings import HouseSetting, SettingKind
from scorekeeper.rules.variants import get_variant
from support.games import auth
from support.house import form_data

AT_A_TIME = HouseSetting("deal.at_a_time", SettingKind.NUMBER, ("deal", "at_a_time"), "setup", "Cards dealt at a time",
                         ("deal",), anchor="setup", bounds=(1, 4), said="%(n)s cards dealt at a time",
                         hint="Le May I deals two at a time.")


@pytest.fixture
def at_a_time(monkeypatch):
    """The throwaway setting, after the cards dealt in the table (and so on the form)."""
    table = list(house_settings.SETTINGS)
    table.insert(table.index(house_settings.setting("cards_dealt")) + 1, AT_A_TIME)
    monkeypatch.setattr(house_settings, "SETTINGS", tuple(table))
    return AT_A_TIME


def alerts(response) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", a)).strip() for a in
            re.findall(r'class="field-error" role="alert">(.*?)</p>', response.get_data(as_text=True))]


def test_without_the_entry_the_setting_is_nowhere(client):
    """The control: the same steps without the table's entry find nothing and refuse the key."""
    assert 'name="deal.at_a_time"' not in client.get("/rules/joybells/house").get_data(as_text=True)
    r = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Two by two",
                                              "changes": {"deal": {"at_a_time": 2}}})
    assert r.status_code == 422 and r.get_json()["field"] == "changes.deal"
    assert "deal" not in house_settings.changes_schema()["properties"]


def test_the_form_shows_it_with_the_base_value_and_checks_it(client, at_a_time):
    page = client.get("/rules/joybells/house").get_data(as_text=True)
    setup = page[page.index('<fieldset id="setup">'):page.index("</fieldset>", page.index('<fieldset id="setup">'))]
    assert '<label for="f-deal.at_a_time">Cards dealt at a time</label>' in setup
    assert 'name="deal.at_a_time" value="1"' in setup  # Joybells deals one at a time
    assert '<p class="hint">Le May I deals two at a time.</p>' in setup
    assert setup.index('name="cards_dealt"') < setup.index('name="deal.at_a_time"')

    checked = client.post("/rules/joybells/house", data={**form_data(**{"deal.at_a_time": "2"}), "check": "1"})
    assert checked.status_code == 200 and alerts(checked) == []
    assert "Changed from Joybells: 2 cards dealt at a time." in checked.get_data(as_text=True)

    refused = client.post("/rules/joybells/house", data={**form_data(**{"deal.at_a_time": "9"}), "check": "1"})
    assert alerts(refused) == ["Cards dealt at a time: 9 is out of range: from 1 to 4"]


def test_the_rules_the_file_and_the_rules_page_take_it(client, at_a_time):
    v = rules_house.apply_changes(get_variant("joybells"), {"deal": {"at_a_time": 2}}, id="h-x", name="Two by two")
    assert v.deal_at_a_time == 2 and v.sources["deal"].file == "house"
    assert rules_house.changes_between(get_variant("joybells"), v) == {"deal": {"at_a_time": 2}}
    text = rules_house.to_toml(v)
    assert "[deal]\ncards = 12\nat_a_time = 2\n" in text
    assert rules_house.from_toml(text).deal_at_a_time == 2

    made = client.post("/api/v1/variants", json={"based_on": "joybells", "name": "Two by two",
                                                 "changes": {"deal": {"at_a_time": 2}}})
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    assert body["changes"] == {"deal": {"at_a_time": 2}}
    assert body["differences"] == [{"key": "deal", "text": "2 cards dealt at a time"}]
    page = client.get(f"/rules/{body['id']}").get_data(as_text=True)
    assert "2 cards dealt at a time" in page
    toml = client.get(f"/api/v1/variants/{body['id']}/rules.toml").get_data(as_text=True)
    assert "at_a_time = 2" in toml

    refused = client.put(f"/api/v1/variants/{body['id']}", json={"changes": {"deal": {"at_a_time": 0}}},
                         headers=auth(body))
    assert refused.status_code == 422
    assert refused.get_json()["field"] == "deal.at_a_time" and "from 1 to 4" in refused.get_json()["error"]


def test_the_openapi_schema_of_changes_has_it(at_a_time):
    deal = house_settings.changes_schema()["properties"]["deal"]
    assert deal == {"type": "object", "additionalProperties": False,
                    "properties": {"at_a_time": {"type": "integer", "minimum": 1, "maximum": 4}}}


def test_the_served_schema_of_changes_is_the_tables(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    body = doc["paths"]["/variants"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["changes"] == house_settings.changes_schema()

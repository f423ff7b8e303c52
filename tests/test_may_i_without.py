"""May I asked of a variant whose rules have none (docs/api.md, the may-i call): 200, not allowed,
and the reason, in the API and on the May I tool page, in both languages."""
from __future__ import annotations

import re

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
EN = {"Accept-Language": "en"}


def answer(page: str) -> str:
    part = page[page.find('id="answer"'):]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", part)).replace("\u00a0", " ")


def test_a_house_variant_without_may_i_answers_not_allowed_with_the_reason(client):
    r = client.post("/api/v1/variants", json={"based_on": "continental", "name": "No claims",
                                              "changes": {"may_i": {"allowed": False}}})
    assert r.status_code == 201, r.json
    vid = r.json["id"]
    r = client.post(f"/api/v1/variants/{vid}/may-i", json={"players": 6, "current": 2, "claimants": [5, 4], "round": 3})
    assert r.status_code == 200, r.json
    assert (r.json["allowed"], r.json["taker"], r.json["penalty_cards"], r.json["current_draws_from"]) == \
        (False, None, 0, "discard")
    assert r.json["reasons"] and "No claims has no May I" in r.json["reasons"][0]
    r = client.post(f"/api/v1/variants/{vid}/may-i", json={"players": 9, "current": 2, "claimants": [1]})
    assert r.status_code == 422 and "players" in r.json["error"]  # a table it cannot seat is still refused


def test_the_may_i_tool_says_roy_has_none_at_once_and_on_asking(client):
    for headers, words in ((EN, ("No May I", "ROY has no May I: nobody may claim a discard")),
                           (FR, ("Pas de May I", "ROY n’a pas de May I : personne ne peut réclamer une défausse"))):
        r = client.get("/tools/may-i?variant=roy", headers=headers)
        assert r.status_code == 200
        body = answer(r.get_data(as_text=True))
        assert all(w in body for w in words), body
        r = client.post("/tools/may-i", data={"variant": "roy", "players": "3", "discarder": "1", "claimants": ["3"],
                                              "resolve": "1"}, headers=headers)
        assert r.status_code == 200
        body = answer(r.get_data(as_text=True))
        assert all(w in body for w in words), body
        assert '<option value="roy" selected' in r.get_data(as_text=True)

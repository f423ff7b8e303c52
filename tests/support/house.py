"""House variants made through their form, for the tests of house pages and backups."""
from __future__ import annotations

from scorekeeper.rules.variants import get_variant
from scorekeeper.web.house.forms import values_of


def form_data(base="joybells", **changes) -> dict:
    data = {k: v for k, v in values_of(get_variant(base)).items() if v != ""}
    data.update({"name": "Smith rules", **changes})
    return data


JOYBELLS_SMITH = {"card_points.JK": "50", "rounds-7-sets": "1", "rounds-7-runs": "2"}

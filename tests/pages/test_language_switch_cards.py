"""The language switch on a round form: the page it returns to (once) loads static/js/retype.js
with the language left, so the cards typed there are rewritten in the new letters (the browser
test is tests/browser/test_rulestext2_browser.py); no other page, and no later visit, loads it."""
from __future__ import annotations

import re

from support.games import create, open_edit_link


def test_only_the_round_form_the_switch_returns_to_loads_the_retyping(client):
    game = create(client, "clenney", ["Ann", "Bob", "Cy"])
    open_edit_link(client, game)
    path = f"/games/{game['id']}/round"
    assert "retype.js" not in client.get(path).get_data(as_text=True)
    client.get(f"/language/fr?next={path}")
    page = client.get(path).get_data(as_text=True)
    assert re.search(r'js/retype\.js(\?v=[0-9a-f]+)?" data-from="en"', page)
    assert "retype.js" not in client.get(path).get_data(as_text=True)  # once
    client.get(f"/language/en?next={path}")
    assert 'data-from="fr"' in client.get(path).get_data(as_text=True)
    # switching to the language already shown, or back to another page: nothing to rewrite
    client.get(f"/language/en?next={path}")
    assert "retype.js" not in client.get(path).get_data(as_text=True)
    client.get(f"/language/fr?next=/games/{game['id']}")
    assert "retype.js" not in client.get(path).get_data(as_text=True)

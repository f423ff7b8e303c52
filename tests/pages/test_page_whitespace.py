"""HTML pages stay inside the 60 KB page budget, with the whitespace of block tags trimmed by Jinja."""
from support import games as gamedata


def _round_page(client):
    game = client.post(
        "/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy", "Dee"], "dealer": "Ann"}
    ).get_json()
    gamedata.open_edit_link(client, game)
    return client.get(f"/games/{game['id']}/round")


def test_block_tags_leave_no_blank_lines(app):
    """Jinja's trim_blocks and lstrip_blocks (scorekeeper/web/__init__.py): a line holding only a
    block tag leaves nothing behind, the text around it stays as written."""
    template = app.jinja_env.from_string("<ul>\n  {% for x in [1, 2] %}\n  <li>{{ x }}</li>\n  {% endfor %}\n</ul>")
    assert template.render() == "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>"


def test_round_form_stays_inside_its_share_of_the_budget(client):
    response = _round_page(client)
    assert int(response.headers["Content-Length"]) == len(response.get_data())
    assert len(response.get_data()) < 24 * 1024


# ----- the 60 KB page budget (docs/performance.md) at the largest tables -----------------------------------


import pytest  # noqa: E402

from scorekeeper.rules import all_variants  # noqa: E402
from support.pages import BUDGET, LONG_NAMES, weight  # noqa: E402, F401


# The preview's heading in each language (French sentences run longer: both are measured).
LANGUAGES = {"en": "Check before saving", "fr": "Vérifiez avant d’enregistrer"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", [v for v in all_variants()], ids=lambda v: v.id)
def test_round_form_and_its_preview_fit_the_budget_at_the_largest_table(client, variant, language):
    client.set_cookie("lang", language)
    names = LONG_NAMES[:variant.players.max]
    game = client.post("/api/v1/games", json={"variant": variant.id, "players": names}).get_json()
    gamedata.open_edit_link(client, game)
    page = client.get(f"/games/{game['id']}/round")
    assert weight(client, page) <= BUDGET, f"{variant.id} round form for {len(names)} players ({language})"
    data = {"went_out": "0", "preview": "1"}
    for i in range(len(names)):
        data.update({f"hands-{i}-seat": str(i), f"hands-{i}-mode": "points", f"hands-{i}-points": "25",
                     f"hands-{i}-count": "3"})
    preview = client.post(f"/games/{game['id']}/round", data=data)
    assert preview.status_code == 200 and LANGUAGES[language] in preview.get_data(as_text=True)
    assert weight(client, preview) <= BUDGET, f"{variant.id} preview for {len(names)} players ({language})"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", [v for v in all_variants()], ids=lambda v: v.id)
def test_the_round_form_with_a_hand_in_link_fits_the_budget_at_the_largest_table(client, variant, language):
    """A game with a hand-in link: the round form polls the hands sent from the players' phones (its
    address in data-proposals, static/js/games.js) inside the same budget; the script that fills
    them in (static/js/proposals.js) comes with the first hand that arrives."""
    client.set_cookie("lang", language)
    names = LONG_NAMES[:variant.players.max]
    game = client.post("/api/v1/games", json={"variant": variant.id, "players": names}).get_json()
    gamedata.open_edit_link(client, game)
    assert client.post(f"/games/{game['id']}/hand-link").status_code == 302
    page = client.get(f"/games/{game['id']}/round")
    html = page.get_data(as_text=True)
    assert 'data-proposals="/games/%s/rounds/1/proposals.json"' % game["id"] in html and "js/proposals.js" not in html
    assert weight(client, page) <= BUDGET, f"{variant.id} round form with a link, {len(names)} players ({language})"

"""HTML pages carry no whitespace left by block tags (trimmed by Jinja). The page budget, bytes
transferred, is held by tests/browser/test_transfer_budget.py."""
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

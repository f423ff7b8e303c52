"""HTML pages are sent without template indentation (the 60 KB page budget), and nothing joins."""


def _round_page(client):
    game = client.post(
        "/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy", "Dee"], "dealer": "Ann"}
    ).get_json()
    client.get(game["edit_url"].replace("http://localhost", ""))
    return client.get(f"/games/{game['id']}/round")


def test_round_form_has_no_indentation_or_blank_lines(client):
    body = _round_page(client).get_data(as_text=True)
    assert "\n " not in body and "\n\t" not in body and "\n\n" not in body
    assert 'value="AS"><span>A♠</span></label>\n<label><input type="checkbox"' in body


def test_round_form_stays_inside_its_share_of_the_budget(client):
    response = _round_page(client)
    assert int(response.headers["Content-Length"]) == len(response.get_data())
    assert len(response.get_data()) < 34 * 1024


def test_pages_with_a_textarea_keep_their_whitespace(app):
    from flask import Response

    from scorekeeper.web import strip_indentation

    with app.app_context():
        kept = strip_indentation(Response("<form>\n  <textarea>\n  two spaces</textarea>\n</form>", mimetype="text/html"))
        stripped = strip_indentation(Response("<ul>\n    <li>a</li>\n\n    <li>b</li>\n</ul>", mimetype="text/html"))
        json_left = strip_indentation(Response("{\n  \"a\": 1\n}", mimetype="application/json"))
    assert kept.get_data(as_text=True) == "<form>\n  <textarea>\n  two spaces</textarea>\n</form>"
    assert stripped.get_data(as_text=True) == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>"
    assert json_left.get_data(as_text=True) == "{\n  \"a\": 1\n}"

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


def test_stripping_gives_what_the_first_pattern_gave():
    """web._INDENT skips newlines with nothing after them to drop (cheaper on a page stripped
    already); the output is that of the plain pattern it replaced, on any mix of text,
    spaces, tabs and newlines."""
    import random
    import re

    from scorekeeper.web import strip_html

    plain = re.compile(rb"\n[ \t]*(?:\n[ \t]*)*")
    rng = random.Random(7)
    for _ in range(5000):
        text = bytes(rng.choice(b"ab \t\n") for _ in range(rng.randint(0, 30)))
        assert strip_html(text) == plain.sub(b"\n", text), text
    page = b"<ul>\n    <li>a</li>\n\n  \t\n    <li>b</li>\n</ul>\n"
    assert strip_html(page) == plain.sub(b"\n", page) == b"<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"
    assert strip_html(strip_html(page)) == strip_html(page)
    assert strip_html(b"<pre>\n  x</pre>") == b"<pre>\n  x</pre>"

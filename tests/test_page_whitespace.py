"""HTML pages are sent without template indentation (the 60 KB page budget), and nothing joins."""
import gamedata



def _round_page(client):
    game = client.post(
        "/api/v1/games", json={"variant": "joybells", "players": ["Ann", "Bob", "Cy", "Dee"], "dealer": "Ann"}
    ).get_json()
    gamedata.open_edit_link(client, game)
    return client.get(f"/games/{game['id']}/round")


def test_round_form_has_no_indentation_or_blank_lines(client):
    body = _round_page(client).get_data(as_text=True)
    assert "\n " not in body and "\n\t" not in body and "\n\n" not in body
    assert '<div class="vrow"><label for="hands-1-v20"><b>20</b> <small>2 Joker</small></label><input' in body


def test_round_form_stays_inside_its_share_of_the_budget(client):
    response = _round_page(client)
    assert int(response.headers["Content-Length"]) == len(response.get_data())
    assert len(response.get_data()) < 24 * 1024


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


# ----- the 60 KB budget at the largest tables (issue 7, "Page budget") ---------------------------------

import re  # noqa: E402

import pytest  # noqa: E402

from scorekeeper.rules import all_variants  # noqa: E402
from scorekeeper.web import strip_asset  # noqa: E402

BUDGET = 60 * 1024
LONG_NAMES = ["Margaret", "Christopher", "Elizabeth", "Alexander", "Josephine", "Frederick", "Catherine", "Benjamin"]
ASSET = re.compile(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"]+)"')


def weight(client, response) -> int:
    """HTML plus every stylesheet and script it loads, as served (what the browser tests measure)."""
    body = response.get_data(as_text=True)
    assets = ASSET.findall(body)
    assert assets, "the page loads no CSS or JavaScript?"
    return len(response.get_data()) + sum(len(client.get(path).get_data()) for path in assets)


@pytest.mark.parametrize("variant", [v for v in all_variants()], ids=lambda v: v.id)
def test_round_form_and_its_preview_fit_the_budget_at_the_largest_table(client, variant):
    names = LONG_NAMES[:variant.players.max]
    game = client.post("/api/v1/games", json={"variant": variant.id, "players": names}).get_json()
    gamedata.open_edit_link(client, game)
    page = client.get(f"/games/{game['id']}/round")
    assert weight(client, page) <= BUDGET, f"{variant.id} round form for {len(names)} players"
    data = {"went_out": "0", "preview": "1"}
    for i in range(len(names)):
        data.update({f"hands-{i}-seat": str(i), f"hands-{i}-mode": "points", f"hands-{i}-points": "25",
                     f"hands-{i}-count": "3"})
    preview = client.post(f"/games/{game['id']}/round", data=data)
    assert preview.status_code == 200 and "Check before saving" in preview.get_data(as_text=True)
    assert weight(client, preview) <= BUDGET, f"{variant.id} preview for {len(names)} players"


def test_assets_are_served_without_indentation_or_comment_lines(client):
    served = client.get("/static/js/offline.js").get_data()
    with open("static/js/offline.js", "rb") as source:
        original = source.read()
    assert len(served) < len(original) * 0.85
    assert b"\n " not in served and b"\n//" not in served
    assert strip_asset(b"a {\n  color: red; /* kept */\n}\n/* a comment line */\n\n") == b"a {\ncolor: red; /* kept */\n}\n"
    assert strip_asset(b'var a = "//not a comment";\n  // a comment\n') == b'var a = "//not a comment";\n'

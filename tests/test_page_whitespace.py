"""HTML pages stay inside the 60 KB page budget, with the whitespace of block tags trimmed by Jinja."""
import gamedata


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

import re  # noqa: E402

import pytest  # noqa: E402

from scorekeeper.rules import all_variants  # noqa: E402

from browser_support import ROUND_FORM_WEIGHT_LIMIT as BUDGET  # noqa: E402  (the round form's page budget)
LONG_NAMES = ["Margaret", "Christopher", "Elizabeth", "Alexander", "Josephine", "Frederick", "Catherine", "Benjamin"]
ASSET = re.compile(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"]+)"')


def weight(client, response) -> int:
    """HTML plus every stylesheet and script it loads, as served (what the browser tests measure)."""
    body = response.get_data(as_text=True)
    assets = ASSET.findall(body)
    assert assets, "the page loads no CSS or JavaScript?"
    size = len(response.get_data())
    for path in assets:
        with client.get(path) as asset:
            size += len(asset.get_data())
    return size


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

"""HTTPS at home with Caddy (docs/Caddyfile, README.md "Serving phones over HTTPS"), as a phone
would use it: Debian's Caddy in front of the test server with its own certificate authority
("tls internal") on loopback under a LAN name (family.lan), its root certificate fetched from
Caddy's plain-HTTP address and trusted by a Debian Chromium (its own NSS database, as a phone
installs the root once). Through Caddy the page is a secure context, the service worker runs, a
game page opened online opens its round form with no network, and the screen switch works."""
from __future__ import annotations

import os
import subprocess
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

from support.browser_support import CHROMIUM_ARGS, capture
from support.caddy import LAN, ROOT, running_caddy
from support.offline import new_game

# (needs Debian's caddy and certutil, from libnss3-tools: .ci/run installs them)
# One worker runs the whole module, so its module fixtures start once (make test: --dist loadgroup).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("caddy")]


@pytest.fixture(scope="module")
def caddy(live_server):
    """Caddy with docs/Caddyfile in front of the live server (tests/support/caddy.py); yields (https
    base URL, plain http base URL, root certificate path)."""
    with running_caddy(urlsplit(live_server).netloc) as started:
        yield started


@pytest.fixture(scope="module")
def trusting_browser(browser, caddy, tmp_path_factory):
    """A Chromium that trusts Caddy's root (fetched from Caddy's plain-HTTP /root.crt, as a phone
    would) and resolves family.lan to loopback."""
    _, plain, root = caddy
    home = tmp_path_factory.mktemp("chromium-home")
    with urllib.request.urlopen(plain + "/root.crt", timeout=10) as answer:
        served = answer.read()
    assert served == root.read_bytes() and served.startswith(b"-----BEGIN CERTIFICATE-----")
    (home / "caddy-root.crt").write_bytes(served)
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "caddy local authority",
                    "-i", str(home / "caddy-root.crt")], check=True)
    chromium = browser.browser_type.launch(
        executable_path="/usr/bin/chromium", headless=True, env={**os.environ, "HOME": str(home)},
        args=CHROMIUM_ARGS + [f"--host-resolver-rules=MAP {LAN} 127.0.0.1"])
    try:
        yield chromium
    finally:
        chromium.close()


def test_the_key_of_the_authority_is_not_served(caddy):
    _, plain, root = caddy
    assert (root.parent / "root.key").exists()
    class Stay(urllib.request.HTTPRedirectHandler):  # look at each answer itself
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(Stay)
    for path in ("/root.key", "/root.crt/../root.key", "/root.crt/%2e%2e/root.key", "/"):
        try:
            with opener.open(plain + path, timeout=10) as answer:
                body = answer.read()
        except urllib.error.HTTPError as err:
            body = err.read()
        assert b"PRIVATE KEY" not in body, path


@pytest.mark.parametrize("language", ["en-US", "fr-FR"])
def test_through_caddy_a_phone_gets_https_a_service_worker_and_offline_rounds(live_server, caddy, trusting_browser, language):
    base, _, _ = caddy
    game = new_game(live_server)
    context = trusting_browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow", locale=language)
    try:
        page = context.new_page()
        page.goto(base + urlsplit(game["edit_url"]).path + "#" + urlsplit(game["edit_url"]).fragment)
        game_url = page.url
        assert game_url == f"{base}/games/{game['id']}"
        assert page.evaluate("isSecureContext") is True
        page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'", timeout=20000)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))") is True
        # The screen switch is offered (a wake lock needs a secure context).
        assert page.is_enabled(".awake input")
        page.check(".awake input")
        page.wait_for_function("() => document.documentElement.dataset.awake === 'on'")
        capture(page, str(ROOT / "test-artifacts" / "screenshots" / f"caddy-game-{language[:2]}-390x844.png"))

        context.set_offline(True)
        with page.expect_navigation():
            page.click("nav.actions a.button")
        assert page.url == game_url + "/round"
        assert page.input_value("input[name=round]") == "1"  # the stored round form, through the worker
    finally:
        context.set_offline(False)
        for p in context.pages:
            p.goto("about:blank")
        time.sleep(1)
        context.close()

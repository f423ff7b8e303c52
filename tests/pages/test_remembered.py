"""What a browser remembers (scorekeeper/web/remembered.py): however many tables and games a phone
has kept score of, its session cookie stays well under the 4 KB a browser keeps, and it loses no
edit right: the tokens the cookie has no room for are kept in the database under a key only the
cookie holds."""
from __future__ import annotations

from scorekeeper.db import db
from scorekeeper.models import KeptToken

COOKIE_BUDGET = 3072  # bytes of "session=..." (browsers keep 4096 per cookie, name and attributes too)


def _session_cookies(response) -> list[str]:
    return [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]


def test_cookie_stays_small_and_every_edit_right_is_kept(app, client):
    largest = 0

    def send(method, url, **kwargs):
        nonlocal largest
        response = getattr(client, method)(url, **kwargs)
        for cookie in _session_cookies(response):
            largest = max(largest, len(cookie.split(";")[0]))
        return response

    tables = []
    for n in range(20):
        r = send("post", "/tables", data={"name": f"The Saturday table number {n}"})
        assert r.status_code == 302
        tables.append(r.headers["Location"].rsplit("/", 1)[1])
    games = []
    for n in range(38):
        names = [f"Player{n}-{seat} Longname" for seat in range(3)]
        data = {"variant": "clenney", "dealer": "0", **{f"players-{i}": name for i, name in enumerate(names)}}
        url = f"/tables/{tables[n % 20]}/games/new" if n % 2 else "/games/new"
        r = send("post", url, data=data)
        assert r.status_code == 302, r.get_data(as_text=True)[:500]
        gid = r.headers["Location"].rsplit("/", 1)[1]
        games.append(gid)
        send("get", f"/games/{gid}")
        if n < 18:  # dozens of rounds, each player's way of entering a hand remembered
            for went_out in (0, 1):
                others = [s for s in range(3) if s != went_out]
                data = {"went_out": str(went_out), "save": "1"}
                for i in range(3):
                    data[f"hands-{i}-seat"] = str(i)
                for s in others:
                    data |= {f"hands-{s}-mode": "points", f"hands-{s}-points": "25", f"hands-{s}-sure": "y"}
                assert send("post", f"/games/{gid}/round", data=data).status_code == 302
    for tid in tables:
        send("get", f"/tables/{tid}")

    print("largest session cookie:", largest)
    assert 0 < largest < COOKIE_BUDGET, largest
    # Every game and table this phone made is still its to change.
    for gid in games:
        r = client.get(f"/games/{gid}/edit-token")
        assert r.status_code == 200 and len(r.json["edit_token"]) == 43, gid
        assert client.get(f"/games/{gid}/round").status_code == 200
    for tid in tables:
        assert "#token=" in client.get(f"/tables/{tid}/share").get_data(as_text=True), tid
    with app.app_context():  # most tokens live in the database, hidden: none is stored as it is
        kept = db.session.execute(db.select(KeptToken)).scalars().all()
        assert len(kept) >= 38 + 20 - 20
        tokens = {client.get(f"/games/{gid}/edit-token").json["edit_token"] for gid in games}
        assert not any(row.sealed in tokens or any(t in row.sealed for t in tokens) for row in kept)
    # The home page lists the tables (the ones opened last) and the games still in progress.
    home = client.get("/").get_data(as_text=True)
    assert "The Saturday table number 19" in home and "The Saturday table number 0" in home


def test_another_browser_gets_nothing_from_the_kept_tokens(app, client):
    """The database key is per browser: a second browser with no cookie may not change the games."""
    games = []
    for n in range(12):
        r = client.post("/games/new", data={"variant": "joybells", "dealer": "0",
                                            "players-0": "Ann", "players-1": "Bob", "players-2": "Cy"})
        assert r.status_code == 302
        games.append(r.headers["Location"].rsplit("/", 1)[1])
    assert client.get(f"/games/{games[0]}/edit-token").status_code == 200  # kept in the database
    other = app.test_client()
    assert other.get(f"/games/{games[0]}/edit-token").status_code == 403

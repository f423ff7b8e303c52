"""Another process on the suite's database, as a second gunicorn worker would be: its own app
(``scorekeeper.create_app``) and its own connections. Used by tests/storage/test_read_path.py.

    python tests/support/other_process.py DATABASE_URL

Reads one request per line on standard input, as JSON ``{"method", "path", "json", "data",
"headers"}``, answers it with the app's test client (which keeps its cookies, like one phone) and
writes ``{"status", "body"}`` (the JSON answer, or null) on one line of standard output.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scorekeeper import create_app  # noqa: E402


def main() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": sys.argv[1],
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        call = json.loads(line)
        response = client.open(call["path"], method=call["method"], json=call.get("json"), data=call.get("data"),
                               headers=call.get("headers") or {})
        print(json.dumps({"status": response.status_code, "body": response.get_json(silent=True)}), flush=True)
    with app.app_context():
        for engine in app.extensions["sqlalchemy"].engines.values():
            engine.dispose()


if __name__ == "__main__":
    main()

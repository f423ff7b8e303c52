"""Every setting the app reads, with its default, in one place (as microblog's ``config.py``).

A deployment changes them in ``instance/config.py`` or as environment variables prefixed
``SCOREKEEPER_`` (``SCOREKEEPER_RATELIMIT_WRITES="100 per minute"``; README.md, "Settings");
``DATABASE_URL`` names the database; the tests pass their own mapping to ``create_app``. What is
read from the instance folder (the database's default file, the generated secret key) is set by
``create_app`` itself (scorekeeper/__init__.py).
"""
from __future__ import annotations


class Defaults:
    """The settings as a fresh install has them."""

    # The database: migrated to the newest revision when the app starts (scorekeeper/db.py)
    SCOREKEEPER_AUTO_MIGRATE = True

    # The session cookie: what a browser remembers (scorekeeper/web/remembered.py)
    SECRET_KEY_FALLBACKS: list[str] = []  # older keys a session cookie may still be opened with (web/sealed_session.py)
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_SECURE = False  # true behind HTTPS: a Secure cookie and HSTS (scorekeeper/security.py)
    SESSION_REFRESH_EACH_REQUEST = False  # the cookie is signed again only when the session changes
    JSON_SORT_KEYS = False

    # Requests and forms (scorekeeper/security.py)
    MAX_CONTENT_LENGTH = 1024 * 1024  # no form or API body comes near 1 MiB
    PROXY_FIX_X_FOR = 0  # proxies trusted for X-Forwarded-For/-Proto/-Host (1 behind nginx or Caddy)
    WTF_CSRF_SSL_STRICT = False
    WTF_CSRF_TIME_LIMIT = None  # a page's form stays valid as long as the session
    WTF_I18N_ENABLED = False  # WTForms' own messages: the pages' base form translates them (web/forms.py)

    # Rate limits, per client address (scorekeeper/security.py, scorekeeper/scoresheets/__init__.py)
    RATELIMIT_STORAGE_URI = "memory://"  # per worker; redis://host:6379 to share them
    RATELIMIT_WRITES = "300 per minute"
    RATELIMIT_PDF = "30 per minute"  # renders only: a kept PDF is not counted
    RATELIMIT_ANONYMOUS_IMPORT = "10 per hour"  # tables imported without their edit token (api/tables.py)
    RATELIMIT_HEADERS_ENABLED = True
    RATELIMIT_ENABLED = True  # (the tests turn them off)

    # PDF scoresheets (scorekeeper/scoresheets/__init__.py)
    PDF_RENDERS_PER_WORKER = 2
    PDF_RENDER_WAIT = 10  # seconds a render waits for a place, then 503
    PDF_RENDER_TIMEOUT = 20  # seconds a render may take, in a process of its own, then 503

    # Reading a whole table at once (scorekeeper/services/tables.py): the export and a year's figures
    # of a table of more games than this need its edit token
    WHOLE_TABLE_READ_GAMES = 200

    # Compression (scorekeeper/compression.py, Flask-Compress): what a browser may be sent, in the
    # server's order of preference; the app registers its own after-request step
    COMPRESS_ALGORITHM = ["br", "zstd", "gzip", "deflate"]
    COMPRESS_REGISTER = False
    # Brotli's level for answers made afresh (pages, JSON): 5 makes a round form of 8 about 5%
    # smaller than Flask-Compress's 4 for 0.04 ms more (files that never change: the highest level,
    # once). Levels 6 to 9 gain next to nothing more and cost up to thirty times the time.
    COMPRESS_BR_LEVEL = 5

    # Languages (scorekeeper/i18n.py)
    BABEL_DEFAULT_LOCALE = "en"
    BABEL_TRANSLATION_DIRECTORIES = "translations"


def settings() -> dict[str, object]:
    """The settings and their defaults, by name."""
    return {name: value for name, value in vars(Defaults).items() if name.isupper()}

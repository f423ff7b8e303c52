"""HTML → PDF with WeasyPrint, imported lazily (never at app start).

Resources are fetched in-process by :func:`static_fetcher`, which serves the files under the
app's static folder and refuses everything else (no network, no ``file://`` outside static/).
"""
from __future__ import annotations

import functools
import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

#: The origin the sheets are rendered at. ``.invalid`` cannot resolve (RFC 2606): nothing
#: can leave the process even if a fetch slipped through.
BASE_URL = "https://scorekeeper.invalid/"


class RefusedFetch(ValueError):
    """A sheet asked for something that is not one of the app's static files."""


def resolve_static(url: str, static_folder: str | Path, static_url_path: str = "/static") -> Path:
    """The file under ``static_folder`` that ``url`` names, or :class:`RefusedFetch`.

    Accepted: ``https://scorekeeper.invalid/<static_url_path>/…`` and ``file://`` URLs of files
    inside the static folder. ``..``, symlinks out of the folder, other hosts and schemes are
    refused."""
    root = Path(static_folder).resolve()
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        base = urlsplit(BASE_URL)
        prefix = static_url_path.rstrip("/") + "/"
        if parts.netloc.lower() != base.netloc or not parts.path.startswith(prefix):
            raise RefusedFetch(f"refused {url!r}: only the app's static files under {prefix} are served")
        relative = unquote(parts.path[len(prefix):])
        candidate = root / relative
    elif scheme == "file":
        if parts.netloc not in ("", "localhost"):
            raise RefusedFetch(f"refused {url!r}: not a local file")
        candidate = Path(unquote(parts.path))
    else:
        raise RefusedFetch(f"refused {url!r}: scheme {scheme or '(none)'!r} is not served")
    try:
        path = candidate.resolve()
    except (OSError, RuntimeError):
        raise RefusedFetch(f"refused {url!r}: not a file") from None
    if not path.is_relative_to(root) or not path.is_file():
        raise RefusedFetch(f"refused {url!r}: not a file in the app's static folder")
    return path


@functools.cache
def _fetcher_class():
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFetcher(URLFetcher):
        """Serves the app's static files from disk; fails the render on anything else."""

        def __init__(self, static_folder: str, static_url_path: str):
            super().__init__(allowed_protocols=("https", "http", "file"), fail_on_errors=True)
            self.static_folder = static_folder
            self.static_url_path = static_url_path

        def fetch(self, url, headers=None):
            path = resolve_static(url, self.static_folder, self.static_url_path)
            mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            head = {"Content-Type": mime + ("; charset=utf-8" if mime.startswith("text/") else "")}
            return URLFetcherResponse(url, path.read_bytes(), head)

        def open(self, url, data=None, timeout=None):  # never the urllib machinery
            return self.fetch(getattr(url, "full_url", url))

    return StaticFetcher


def static_fetcher(static_folder: str, static_url_path: str = "/static"):
    """A WeasyPrint URL fetcher serving only files under ``static_folder``."""
    return _fetcher_class()(str(static_folder), static_url_path or "/static")


@functools.lru_cache(maxsize=16)
def _stylesheet(static_folder: str, static_url_path: str, name: str, mtime_ns: int):
    """A static stylesheet parsed once (selectors compiled once) and reused by every render; a new
    ``mtime_ns`` (the file changed) parses it again."""
    import weasyprint

    url = BASE_URL + static_url_path.strip("/") + "/" + name
    return weasyprint.CSS(url=url, url_fetcher=static_fetcher(static_folder, static_url_path))


@functools.lru_cache(maxsize=16)
def _page_size_css(size: str):
    import weasyprint

    if not all(part.isalnum() for part in size.split()):
        raise ValueError(f"{size!r} is not a page size")
    return weasyprint.CSS(string=f"@page {{ size: {size}; }}")


def stylesheet(static_folder: str, static_url_path: str, name: str):
    path = resolve_static(BASE_URL + static_url_path.strip("/") + "/" + name, static_folder, static_url_path)
    return _stylesheet(str(static_folder), static_url_path, name, path.stat().st_mtime_ns)


def html_to_pdf(
    html: str,
    static_folder: str,
    static_url_path: str = "/static",
    stylesheets: tuple[str, ...] = (),
    page_size: str | None = None,
) -> bytes:
    """Render ``html`` to PDF bytes. ``stylesheets`` are static files (e.g. ``css/print.css``)
    applied from their parsed, cached form; ``page_size`` is a CSS page size (``A4 portrait``).
    Links in the HTML resolve against the static folder through :func:`static_fetcher`."""
    import weasyprint  # lazily: WeasyPrint loads Pango and friends, which the app's start does not need

    static_url_path = static_url_path or "/static"
    sheets = [stylesheet(static_folder, static_url_path, name) for name in stylesheets]
    if page_size:
        sheets.append(_page_size_css(page_size))
    fetcher = static_fetcher(static_folder, static_url_path)
    document = weasyprint.HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher)
    return document.write_pdf(stylesheets=sheets)


# ----- a render in a process of its own ---------------------------------------------------------------

class RenderTimedOut(RuntimeError):
    """The render did not finish within its time; its process was stopped."""


def _render_in_child(conn, html: str, static_folder: str, static_url_path: str, stylesheets: tuple[str, ...],
                     page_size: str | None) -> None:
    """The child's side of :func:`html_to_pdf_in_child`: the PDF's bytes, or the error, sent back."""
    answer: tuple[str, bytes | str]
    try:
        answer = ("pdf", html_to_pdf(html, static_folder, static_url_path, stylesheets, page_size))
    except Exception as err:  # noqa: BLE001 (the parent raises it again, by name)
        answer = ("error", f"{type(err).__name__}: {err}")
    try:
        conn.send(answer)
    except BrokenPipeError:
        pass  # the parent stopped waiting (its time ran out): nobody to tell
    finally:
        conn.close()


@functools.cache
def _children():
    """Where render processes come from: a fork server started once per process, with WeasyPrint
    already imported (a child is a fork of it: no import to pay, no threads of the web worker
    inherited)."""
    import multiprocessing

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["weasyprint", __name__])
    return context


def html_to_pdf_in_child(html: str, static_folder: str, static_url_path: str = "/static",
                         stylesheets: tuple[str, ...] = (), page_size: str | None = None,
                         timeout: float = 15.0) -> bytes:
    """:func:`html_to_pdf` in a process of its own, stopped after ``timeout`` seconds
    (:class:`RenderTimedOut`): a render too big for its time never holds the web worker past its
    own deadline, and the memory a render takes is given back when its process ends."""
    context = _children()
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_render_in_child, daemon=True,
                            args=(send, html, str(static_folder), static_url_path or "/static", tuple(stylesheets),
                                  page_size))
    child.start()
    send.close()
    try:
        if not receive.poll(max(0.0, timeout)):
            raise RenderTimedOut(f"the render took more than {timeout:g} s")
        kind, value = receive.recv()
    except EOFError:
        raise RuntimeError("the render's process ended without an answer") from None
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join()
    if kind == "error":
        raise RuntimeError(f"the render failed: {value}")
    return value

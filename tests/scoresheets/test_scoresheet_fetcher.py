"""The URL fetcher used while rendering: the app's static files only, in-process."""
from __future__ import annotations

from pathlib import Path

import pytest

from support.pdfcheck import pdf_text
from scorekeeper.scoresheets.render import BASE_URL, RefusedFetch, html_to_pdf, resolve_static, static_fetcher


def test_serves_static_files(app):
    path = resolve_static(BASE_URL + "static/css/print.css", app.static_folder, app.static_url_path)
    assert path == Path(app.static_folder, "css", "print.css").resolve()
    fetcher = static_fetcher(app.static_folder, app.static_url_path)
    response = fetcher(BASE_URL + "static/css/print.css")
    assert b"@page" in response.read()
    assert response.content_type == "text/css"
    file_url = Path(app.static_folder, "css", "print.css").resolve().as_uri()
    assert resolve_static(file_url, app.static_folder) == path


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "file:///etc/hostname",
        BASE_URL + "static/../scorekeeper/__init__.py",
        BASE_URL + "static/%2e%2e/pyproject.toml",
        BASE_URL + "static/css/",
        BASE_URL + "static/css/nothing-here.css",
        BASE_URL + "templates/base.html",
        "https://example.com/static/css/print.css",
        "http://127.0.0.1:5000/static/css/print.css",
        "ftp://scorekeeper.invalid/static/css/print.css",
        "data:text/css,body{color:red}",
    ],
)
def test_refuses_everything_else(app, url):
    with pytest.raises(RefusedFetch):
        resolve_static(url, app.static_folder, app.static_url_path)
    fetcher = static_fetcher(app.static_folder, app.static_url_path)
    with pytest.raises(RefusedFetch):
        fetcher(url)


def test_symlink_out_of_static_is_refused(tmp_path):
    static = tmp_path / "static"
    static.mkdir()
    (tmp_path / "secret.txt").write_text("secret")
    (static / "link.txt").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(RefusedFetch):
        resolve_static(BASE_URL + "static/link.txt", static)


def test_render_fails_on_a_resource_outside_static(app):
    import weasyprint.urls

    html = '<p>hello</p><img src="file:///etc/hostname">'
    with pytest.raises(weasyprint.urls.FatalURLFetchingError):
        html_to_pdf(html, app.static_folder, app.static_url_path)
    html = '<link rel="stylesheet" href="https://example.com/x.css"><p>hello</p>'
    with pytest.raises(weasyprint.urls.FatalURLFetchingError):
        html_to_pdf(html, app.static_folder, app.static_url_path)


def test_render_uses_static_stylesheet(app):
    html = '<link rel="stylesheet" href="/static/css/print.css"><div class="page-footer">Footer text 42</div><p>Body</p>'
    pages, text = pdf_text(html_to_pdf(html, app.static_folder, app.static_url_path))
    assert pages == 1
    assert "Body" in text and "Footer text 42" in text

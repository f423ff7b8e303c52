"""A kept PDF is made again once what it was made with changes: the fingerprint of the sheet
templates and the print stylesheet (scorekeeper/scoresheets/__init__.py, ``files_fingerprint``)."""
from __future__ import annotations

import shutil
from pathlib import Path

from flask import Flask

from scorekeeper.scoresheets import _sheet_files, files_fingerprint, fingerprint, static_files, templates_folder


def _fingerprint(app: Flask) -> str:
    return files_fingerprint(_sheet_files(app))


def _app_from_a_copy(app: Flask, tmp_path: Path) -> Flask:
    """An app whose sheet templates and stylesheets are a copy of ``app``'s, free to change."""
    shutil.copytree(templates_folder(app) / "scoresheets", tmp_path / "templates" / "scoresheets")
    shutil.copytree(Path(static_files(app)[0]) / "css", tmp_path / "static" / "css")
    return Flask("copy", template_folder=str(tmp_path / "templates"), static_folder=str(tmp_path / "static"))


def test_a_file_changed_or_renamed_changes_the_fingerprint(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.html"
    sheet.write_text("<p>Joybells</p>")
    first = files_fingerprint([sheet])
    assert files_fingerprint([sheet]) == first  # the same files: the same fingerprint
    sheet.write_text("<p>Continental</p>")
    assert files_fingerprint([sheet]) != first
    renamed = sheet.rename(tmp_path / "other.html")
    renamed.write_text("<p>Joybells</p>")
    assert files_fingerprint([renamed]) != first


def test_a_missing_file_counts_as_none(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.html"
    sheet.write_text("<p>Joybells</p>")
    assert files_fingerprint([sheet, tmp_path / "gone.css"]) == files_fingerprint([sheet])


def test_the_scoresheets_fingerprint_follows_their_templates_and_the_print_stylesheet(app: Flask, tmp_path: Path) -> None:
    app = _app_from_a_copy(app, tmp_path)
    first = _fingerprint(app)
    (tmp_path / "static" / "css" / "print.css").write_text("body { margin: 0 }", encoding="utf-8")
    after_stylesheet = _fingerprint(app)
    assert after_stylesheet != first
    grid = tmp_path / "templates" / "scoresheets" / "_grid.html"
    grid.write_text(grid.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _fingerprint(app) != after_stylesheet


def test_the_other_stylesheets_leave_the_scoresheets_fingerprint_alone(app: Flask, tmp_path: Path) -> None:
    app = _app_from_a_copy(app, tmp_path)
    first = _fingerprint(app)
    (tmp_path / "static" / "css" / "pages-only.css").write_text("nav { color: red }", encoding="utf-8")
    assert _fingerprint(app) == first


def test_both_fingerprints_are_taken_as_the_app_starts(app: Flask) -> None:
    """The scoresheets' and the booklets' fingerprints are read at start-up, not on the first PDF
    asked for (scorekeeper/scoresheets/__init__.py, ``keep_fingerprint``)."""
    with app.app_context():
        sheet, booklet = fingerprint("sheet"), fingerprint("yearbook")
    assert sheet == _fingerprint(app)
    assert len(booklet) == 16 and booklet != sheet

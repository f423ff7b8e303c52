"""The backup on the command line:

- ``flask --app scorekeeper export [FILE]`` writes the backup (to standard output without FILE).
- ``flask --app scorekeeper import FILE`` adds the games of a backup (``-`` reads standard input).
"""
from __future__ import annotations

import json
import sys

import click
from flask import Flask
from flask.cli import with_appcontext

from .format import BackupError, export_all
from .restore import import_document


@click.command("export")
@click.argument("file", required=False, default="-")
@with_appcontext
def export_command(file: str) -> None:
    """Write every game, player, correction and ruling as JSON to FILE (default: standard output)."""
    doc = export_all()
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    if file == "-":
        click.echo(text, nl=False)
    else:
        with open(file, "w", encoding="utf-8") as f:
            f.write(text)
        click.echo(f"exported {len(doc['games'])} games and {len(doc['players'])} players to {file}", err=True)


@click.command("import")
@click.argument("file")
@with_appcontext
def import_command(file: str) -> None:
    """Add the games of a backup made by `export` (FILE, or - for standard input)."""
    try:
        if file == "-":
            text = sys.stdin.read()
        else:
            with open(file, encoding="utf-8") as f:
                text = f.read()
    except OSError as err:
        raise click.ClickException(f"{file}: {err.strerror}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise click.ClickException(f"{file}: not JSON ({err})") from None
    try:
        report = import_document(doc)
    except BackupError as err:
        raise click.ClickException(f"{file}: {err}") from None
    click.echo(f"imported {len(report['imported'])} games and {report['players']} new players"
               + (f" and {report['tables']} tables" if report["tables"] else "")
               + (f"; skipped {len(report['skipped'])} games already stored: {', '.join(map(str, report['skipped']))}"
                  if report["skipped"] else ""))
    for game_id, token in report["new_tokens"].items():
        click.echo(f"game {game_id}: new edit token {token}")
    if report["house_variants"]:
        click.echo(f"imported {len(report['house_variants'])} house variants")


def init_app(app: Flask) -> None:
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)

"""Backup and restore (the format, its checks, restoring a document, the command line); services
and pages use these names. A game's downloads are pages: scorekeeper/web/downloads.py."""
from __future__ import annotations

from .cli import init_app
from .format import (FORMAT, FORMAT_VERSION, SECRET_GAME_FIELDS, BackupConflict, BackupError, document, dump_row,
                     export_all, export_game, game_csv, game_record, load_row, model_columns,
                     safe_cell)
from .restore import import_document

__all__ = ["FORMAT", "FORMAT_VERSION", "SECRET_GAME_FIELDS", "BackupConflict", "BackupError", "document", "dump_row",
           "export_all", "export_game", "game_csv", "game_record", "import_document", "init_app", "load_row",
           "model_columns", "safe_cell"]

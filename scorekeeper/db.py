"""Database set-up: Flask-SQLAlchemy with a typed declarative base."""
from __future__ import annotations

from flask import Flask
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


def init_app(app: Flask) -> None:
    db.init_app(app)

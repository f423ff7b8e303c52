from scorekeeper import create_app


def test_config_defaults_to_instance_sqlite(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite:///")
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("instance/scorekeeper.db")
    assert not app.testing


def test_test_config_is_used(app):
    assert app.testing


def test_database_url_selects_another_database(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@localhost/club")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@localhost/club"


def test_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"scorekeeper" in response.data

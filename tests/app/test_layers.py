"""The package's imports, read from the source (ast): the layers in order (a module imports only its
own layer and those below), packages that stay apart (the API and the pages; each blueprint of the
pages), no import circle outside ``rules/`` and no module reaching into another module's ``_private``
names. docs/architecture.md states these rules and no others."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for path in PACKAGE.rglob("*.py")
        if "migrations" not in path.relative_to(PACKAGE).parts
    }


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if not level:
        return name or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _imports(modules: dict[str, Path]):
    """(importer, imported module, names taken from it, line) for every import of the package's
    own modules, and every ``alias._name`` attribute read on an imported module."""
    for module, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"
        aliases: dict[str, str] = {}  # local name -> package module it stands for
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules:
                        aliases[alias.asname or alias.name.split(".")[0]] = (
                            alias.name if alias.asname else alias.name.split(".")[0]
                        )
                        yield module, alias.name, [], node.lineno
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(module, is_package, node.level, node.module)
                if target not in modules:
                    continue
                names = []
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in modules:  # ``from . import games``: the module itself
                        aliases[alias.asname or alias.name] = sub
                        yield module, sub, [], node.lineno
                    else:
                        names.append(alias.name)
                if names:
                    yield module, target, names, node.lineno
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and aliases[node.value.id] != module
            ):
                yield module, aliases[node.value.id], ["." + node.attr], node.lineno


def _private(name: str) -> bool:
    """``_name`` but not ``__dunder__`` nor ``_`` itself (gettext, by convention)."""
    name = name.lstrip(".")
    return name.startswith("_") and not name.startswith("__") and name != "_"


def test_no_module_takes_another_modules_private_names():
    found = [
        f"{importer}:{line} takes {', '.join(n for n in names if _private(n))} from {imported}"
        for importer, imported, names, line in _imports(_modules())
        if imported != importer and any(_private(n) for n in names)
    ]
    assert found == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Who imports whom. A package's ``__init__`` counts as importing nothing of its own
    submodules' importers: importing ``scorekeeper.web.games`` runs ``scorekeeper/web/__init__``
    first, which Python handles, so only module-to-module edges are cycles."""
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for importer, imported, _names, _line in _imports(modules):
        if imported != importer:
            graph[importer].add(imported)
    return graph


def test_no_import_circle_outside_rules():
    cycles = [
        c for c in _cycles(_graph(_modules()))
        if not all(m.startswith("scorekeeper.rules.") or m == "scorekeeper.rules" for m in c)
    ]
    assert cycles == []


# The layers, lowest first: each is a list of modules and packages (a package: all its modules).
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("rules", ("scorekeeper.rules",)),
    ("storage and the request's basics", ("scorekeeper.db", "scorekeeper.models", "scorekeeper.i18n",
                                          "scorekeeper.live", "scorekeeper.addresses", "scorekeeper.config",
                                          "scorekeeper.masked_csrf", "scorekeeper.limits")),
    ("services", ("scorekeeper.services",)),
    ("backup and scoresheets", ("scorekeeper.backup", "scorekeeper.scoresheets")),
    ("API and pages", ("scorekeeper.api", "scorekeeper.web")),
    ("the app", ("scorekeeper", "scorekeeper.errors", "scorekeeper.security")),
]

# Packages of one layer that never import each other (what they share sits in a neutral module:
# scorekeeper/addresses.py, scorekeeper/web/*.py).
APART: list[tuple[str, ...]] = [
    ("scorekeeper.api", "scorekeeper.web"),
    ("scorekeeper.web.games", "scorekeeper.web.tables", "scorekeeper.web.house", "scorekeeper.web.rules"),
]


def _in(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def _layer(module: str) -> int:
    """The index in LAYERS of the most specific entry that holds ``module``."""
    found = [(len(prefix), i) for i, (_name, prefixes) in enumerate(LAYERS) for prefix in prefixes
             if _in(module, prefix)]
    assert found, f"{module} is in no layer of tests/app/test_layers.py"
    return max(found)[1]


def _group(module: str, packages: tuple[str, ...]) -> str | None:
    return next((p for p in packages if _in(module, p)), None)


def layer_breaches(imports) -> list[str]:
    """Each import of a higher layer, or between packages kept apart."""
    out = []
    for importer, imported, _names, line in imports:
        if _layer(imported) > _layer(importer):
            out.append(f"{importer}:{line} ({LAYERS[_layer(importer)][0]}) imports {imported} "
                       f"({LAYERS[_layer(imported)][0]})")
        for packages in APART:
            a, b = _group(importer, packages), _group(imported, packages)
            if a and b and a != b:
                out.append(f"{importer}:{line} imports {imported}: {a} and {b} stay apart")
    return out


def test_every_module_is_in_a_layer():
    assert sorted({LAYERS[_layer(m)][0] for m in _modules()}) == sorted(name for name, _ in LAYERS)


def test_a_module_imports_only_its_layer_and_those_below_and_apart_packages_never_meet():
    assert layer_breaches(_imports(_modules())) == []


def test_the_checks_find_a_circle_and_a_private_name():
    """The two checks above can fail: a made-up pair of modules shows both."""
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _private("_commit") and _private("._body") and not _private("__version__")
    assert layer_breaches([("scorekeeper.services.games", "scorekeeper.web.remembered", [], 1),
                           ("scorekeeper.web.games.routes", "scorekeeper.web.tables.routes", [], 2),
                           ("scorekeeper.api.games", "scorekeeper.web.edit_links", [], 3),
                           ("scorekeeper.web.games.routes", "scorekeeper.web.remembered", [], 4),
                           ("scorekeeper.backup.restore", "scorekeeper.services.loading", [], 5)]) == [
        "scorekeeper.services.games:1 (services) imports scorekeeper.web.remembered (API and pages)",
        "scorekeeper.web.games.routes:2 imports scorekeeper.web.tables.routes: scorekeeper.web.games and "
        "scorekeeper.web.tables stay apart",
        "scorekeeper.api.games:3 imports scorekeeper.web.edit_links: scorekeeper.api and scorekeeper.web stay apart"]


@pytest.mark.slow
def test_each_module_imports_first(tmp_path):
    """Any one module of the package imports first, in a fresh interpreter: no module leans on
    another having been imported before it."""
    import subprocess
    import sys

    script = tmp_path / "first.py"
    script.write_text(
        "import importlib, sys\n"
        "names = sys.argv[1:]\n"
        "for name in names:\n"
        "    for loaded in [m for m in sys.modules if m == 'scorekeeper' or m.startswith('scorekeeper.')]:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
    )
    names = sorted(n for n in _modules() if n != "scorekeeper")
    done = subprocess.run([sys.executable, str(script), *names], capture_output=True, text=True,
                          cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr[-2000:]


def test_blueprints_register_in_any_order(database_url, monkeypatch):
    """The pages' blueprints registered in reverse order serve the same pages."""
    from flask import Flask

    from scorekeeper import create_app

    register = Flask.register_blueprint
    apps = {}
    for order in ("forwards", "backwards"):
        if order == "backwards":
            import scorekeeper.web as web

            original = web.init_app

            def reversed_init(app):
                calls = []
                monkeypatch.setattr(Flask, "register_blueprint", lambda a, bp, **o: calls.append((bp, o)))
                original(app)
                monkeypatch.setattr(Flask, "register_blueprint", register)
                for bp, o in reversed(calls):
                    register(app, bp, **o)

            monkeypatch.setattr(web, "init_app", reversed_init)
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": database_url,
                          "WTF_CSRF_ENABLED": False})
        apps[order] = app
    pages = ["/", "/rules", "/rules/joybells", "/games/new", "/tools/may-i", "/offline"]
    for page in pages:
        a = apps["forwards"].test_client().get(page)
        b = apps["backwards"].test_client().get(page)
        assert (a.status_code, page) == (b.status_code, page)
        assert a.status_code == 200, page
    assert sorted(apps["forwards"].blueprints) == sorted(apps["backwards"].blueprints)
    assert list(apps["forwards"].blueprints) != list(apps["backwards"].blueprints)
    for app in apps.values():
        with app.app_context():
            app.extensions["sqlalchemy"].engine.dispose()

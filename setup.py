"""What pyproject.toml cannot say: the package's folders, found rather than listed, and the French
catalogue compiled while the package is built.

- Every folder of scorekeeper/ is a package (scorekeeper/rules/variants/ holds only TOML, the
  translations only catalogues), and the top-level templates/ and static/ are shipped inside it as
  scorekeeper/templates and scorekeeper/static, each of their folders too.
- messages.po is the one file people edit (README, "Languages"); the build compiles each into the
  messages.mo Flask-Babel reads, so that `pip install .` and a wheel speak French.
"""
from __future__ import annotations

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED_INSIDE = {"templates": "scorekeeper.templates", "static": "scorekeeper.static"}


def packages() -> list[str]:
    skip = ["__pycache__", "*.__pycache__"]
    found = find_namespace_packages(where=str(HERE), include=["scorekeeper", "scorekeeper.*"], exclude=skip)
    for folder, name in SHIPPED_INSIDE.items():
        found += [name] + [f"{name}.{sub}" for sub in find_namespace_packages(where=str(HERE / folder), exclude=skip)]
    return found


class BuildWithCatalogues(build_py):
    """build_py, then each messages.po compiled beside its copy (in the source tree when editable)."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted((HERE / "scorekeeper" / "translations").glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(HERE).with_suffix(".mo")
            target = HERE / relative if self.editable_mode else Path(self.build_lib) / relative
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name)
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as f:
                write_mo(f, catalog)


if __name__ == "__main__":  # as every build runs it (tests/test_packaging.py imports packages())
    setup(
        packages=packages(),
        package_dir={name: folder for folder, name in SHIPPED_INSIDE.items()},
        cmdclass={"build_py": BuildWithCatalogues},
    )

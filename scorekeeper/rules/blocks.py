"""The parts a rules page is made of (paragraphs, lists, cases, tables, house notes, sections,
the page): data the rules pages, the irregularities guide and the search build and read."""
from __future__ import annotations

from dataclasses import dataclass

from .variants import Citation, Variant
from .words import _


@dataclass(frozen=True)
class Para:
    text: str
    kind: str = "p"


@dataclass(frozen=True)
class Items:
    items: tuple[str, ...]
    ordered: bool = False
    kind: str = "list"


@dataclass(frozen=True)
class Cases:
    """Rulings by case: (the case, what to do)."""

    items: tuple[tuple[str, str], ...]
    kind: str = "cases"


@dataclass(frozen=True)
class Table:
    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...] = ()
    kind: str = "table"


@dataclass(frozen=True)
class HouseNote:
    """The variant's own source is silent: say so, and name the rule applied instead."""

    text: str
    citation: Citation
    kind: str = "house"


Block = Para | Items | Cases | Table | HouseNote


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    blocks: tuple[Block, ...]
    citations: tuple[Citation, ...]
    tool: str | None = None  # a dispute tool that settles this section's questions
    subsections: tuple["Section", ...] = ()

    def text(self) -> str:
        """All the words of the section (for search and for the no-copying test)."""
        out = [self.title]
        for block in self.blocks:
            out.extend(block_text(block))
        for sub in self.subsections:
            out.append(sub.text())
        return "\n".join(out)


def block_text(block: Block) -> list[str]:
    if isinstance(block, (Para, HouseNote)):
        return [block.text]
    if isinstance(block, Items):
        return list(block.items)
    if isinstance(block, Cases):
        return [_("%(case)s: %(text)s", case=case, text=text) for case, text in block.items]
    if isinstance(block, Table):
        return [block.caption, " ".join(block.head)] + [" ".join(r) for r in block.rows]
    return []


@dataclass(frozen=True)
class RulesPage:
    variant: Variant
    intro: str
    sections: tuple[Section, ...]

    @property
    def all_sections(self) -> list[Section]:
        """Each section followed by its subsections, in page order."""
        return [sec for s in self.sections for sec in (s, *s.subsections)]

    @property
    def anchors(self) -> list[str]:
        return [s.anchor for s in self.all_sections]

    def section(self, anchor: str) -> Section:
        for s in self.all_sections:
            if s.anchor == anchor:
                return s
        raise KeyError(anchor)

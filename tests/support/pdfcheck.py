"""Helpers for the scoresheet tests: text with pypdf, pages rendered with pdftoppm and looked at."""
from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pypdf
from PIL import Image

MM_PER_PT = 25.4 / 72
PAGE_SIZES_PT = {
    ("a4", "portrait"): (595.28, 841.89),
    ("a4", "landscape"): (841.89, 595.28),
    ("letter", "portrait"): (612.0, 792.0),
    ("letter", "landscape"): (792.0, 612.0),
}


def pdf_text(data: bytes) -> tuple[int, str]:
    """Page count and the text of every page (real text, extracted with pypdf), runs of spaces and
    line breaks made one space (a no-break space stays: French puts one before ":")."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), re.sub(r"[ \t\r\n\f]+", " ", text).strip()


def page_size(data: bytes, index: int = 0) -> tuple[float, float]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    box = reader.pages[index].mediabox
    return float(box.width), float(box.height)


def assert_size(data: bytes, paper: str, orientation: str) -> None:
    width, height = page_size(data)
    want = PAGE_SIZES_PT[(paper, orientation)]
    assert abs(width - want[0]) < 1 and abs(height - want[1]) < 1, (width, height, paper, orientation)


def render_pngs(data: bytes, tmp_path: Path, stem: str = "page", dpi: int = 40) -> list[Path]:
    """The pages as PNGs, drawn by poppler's pdftoppm."""
    pdf = tmp_path / f"{stem}.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(tmp_path / stem)], check=True)
    return sorted(tmp_path.glob(f"{stem}-*.png"))


def ink(png: Path) -> dict:
    """How much of a rendered page is drawn on: the share of non-white pixels and the drawn box."""
    im = Image.open(png).convert("L")
    mask = im.point(lambda v: 255 if v < 235 else 0)
    bbox = mask.getbbox()
    hist = mask.histogram()
    inked = hist[255] / (im.width * im.height)
    return {"share": inked, "bbox": bbox, "width": im.width, "height": im.height}


def assert_printed_page(png: Path, min_share: float = 0.03) -> dict:
    """A page that is not blank: enough ink, spread over most of the sheet."""
    seen = ink(png)
    assert seen["bbox"] is not None, f"{png.name} is blank"
    left, top, right, bottom = seen["bbox"]
    assert seen["share"] > min_share, f"{png.name}: only {seen['share']:.1%} of the page is drawn on"
    assert (right - left) > 0.85 * seen["width"], f"{png.name}: the drawing does not span the page width"
    assert (bottom - top) > 0.6 * seen["height"], f"{png.name}: the drawing does not span the page height"
    return seen

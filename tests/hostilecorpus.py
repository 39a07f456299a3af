"""The hostile-input corpus (tests/fixtures/hostile): cases as data, and how one is set up.

A case is a JSON file in `refused/` (the input must be answered with a clear content or
usage error) or `accepted/` (an unusual but valid input that must work). Each names:

- `game`: the game copied into the case's folder (default: the one `stamperia new` writes,
  "cards_template"; or "tiny" or a shipped game id);
- `edits`: edits of the game's files, as tests/fixtures/broken uses them (gamefixtures);
- `make`: files generated for the case, in or out of the game folder (see `make_file`);
- `run`: the command line, with `{game}`, `{out}` (the output folder) and `{here}` (the
  case's own folder, outside the game) replaced;
- `slow`: true for the few cases whose input takes seconds to make (slow tier);
- `exit`: the expected exit code; `expected`: the command's whole output, its lines with the
  case folder written `{here}` (recorded with STAMPERIA_UPDATE_GOLDEN=1, then reviewed).
"""

from __future__ import annotations

import csv
import io
import json
import os
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Any

from gamefixtures import apply_edit, make_game

CORPUS = Path(__file__).parent / "fixtures" / "hostile"
SECRET = "SECRET-0f3c9a"
"""Written into the files outside the game folder that cases point at: it must never show
in an output or a written file."""


def cases() -> list[Path]:
    return sorted(CORPUS.glob("*/*.json"))


def set_up(here: Path, spec: dict[str, Any]) -> Path:
    """The case's game folder under `here`, edited and with its generated files."""
    folder = make_game(here, [], spec.get("game", "cards_template"))
    (here / "outside").mkdir(exist_ok=True)
    (here / "outside" / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    for made in spec.get("make", []):
        make_file(here, folder, made)
    for edit in spec.get("edits", []):
        apply_edit(folder, edit)
    return folder


def make_file(here: Path, folder: Path, made: dict[str, Any]) -> None:
    """One generated file: `file` is inside the game folder, or `here`-relative when it
    starts with `@/`. `as` says what to write."""
    name = str(made["file"])
    path = here / name[2:] if name.startswith("@/") else folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = made["as"]
    if kind in ("fifo", "folder"):
        path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
        return
    if kind == "symlink":
        path.unlink(missing_ok=True)
        path.symlink_to(made["target"])
        return
    if kind == "folder":
        path.mkdir()
        return
    if kind == "catalogue":
        path.write_bytes(catalogue_bytes(here, folder, made))
        return
    data = _bytes(kind, made)
    cut = made.get("truncate")
    path.write_bytes(data[:cut] if cut is not None else data)


def _bytes(kind: str, made: dict[str, Any]) -> bytes:
    if kind == "text":
        text = str(made["text"]) * int(made.get("repeat", 1))
        return (str(made.get("head", "")) + text + str(made.get("tail", ""))).encode(
            made.get("encoding", "utf-8"), "surrogatepass")
    if kind == "hex":
        return bytes.fromhex(str(made["hex"]))
    if kind == "png":
        return png_bytes(int(made["width"]), int(made["height"]))
    if kind == "image":
        return _pillow_image(made)
    if kind == "xlsx":
        return xlsx_bytes(made["rows"], made.get("formula"), made.get("shared_repeat", 0))
    if kind == "zip":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for inner, text in made["members"].items():
                archive.writestr(inner, str(text) * int(made.get("repeat", 1)))
        return buffer.getvalue()
    if kind == "nested_json_line":
        depth = int(made["depth"])
        return ("[" * depth + "]" * depth + "\n").encode()
    raise ValueError(f"unknown generated file kind {kind!r}")


def catalogue_bytes(here: Path, folder: Path, made: dict[str, Any]) -> bytes:
    """The game's own exported catalogue (`format`, `locale`), every entry translated as its
    source unless `translate` gives the text (`repeat`ed as many times as asked), with
    `unknown` entries of keys the game lacks (PO), and `bom` put in front when asked."""
    from click.testing import CliRunner

    from stamperia.cli import cli

    kind = str(made["format"])
    exported = here / f"exported.{kind}"
    result = CliRunner().invoke(cli, ["l10n", "export", str(folder), "--locale",
                                      str(made["locale"]), "--format", kind,
                                      "--output", str(exported)])
    assert result.exit_code == 0, result.output
    given: dict[str, str] = {key: value * int(made.get("repeat", {}).get(key, 1))
                             for key, value in made.get("translate", {}).items()}
    text = exported.read_text(encoding="utf-8")
    exported.unlink()
    if kind == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        for row in rows[2:]:
            row[3] = given.get(row[0], row[2])
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(rows)
        text = buffer.getvalue()
    elif kind == "xliff":
        from lxml import etree

        root = etree.fromstring(text.encode("utf-8"))
        space = "{urn:oasis:names:tc:xliff:document:2.0}"
        for unit in root.iter(f"{space}unit"):
            for segment in unit.iter(f"{space}segment"):
                source = segment.find(f"{space}source")
                target = etree.SubElement(segment, f"{space}target")
                target.text = given.get(unit.get("id", ""), source.text if source is not None
                                        else "")
        text = etree.tostring(root, xml_declaration=True, encoding="UTF-8").decode("utf-8")
    else:
        import polib

        catalogue = polib.pofile(text)
        for entry in catalogue:
            entry.msgstr = given.get(entry.msgctxt or "", entry.msgid)
        for number in range(int(made.get("unknown", 0))):
            catalogue.append(polib.POEntry(msgctxt=f"unknown.key{number}", msgid="x",
                                           msgstr="y"))
        text = str(catalogue)
    return (("\ufeff" if made.get("bom") else "") + text).encode("utf-8")


def png_bytes(width: int, height: int) -> bytes:
    """A valid grey PNG of any declared size, written by hand so that a 100-megapixel
    image costs a few hundred bytes to make (its rows compress to almost nothing)."""
    def chunk(tag: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + tag + body
                + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))

    compressor = zlib.compressobj(9)
    row = b"\x00" + b"\x80" * width
    parts = [compressor.compress(row) for _ in range(height)]
    idat = b"".join(parts) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat)
            + chunk(b"IEND", b""))


def _pillow_image(made: dict[str, Any]) -> bytes:
    from PIL import Image

    image = Image.new(str(made.get("mode", "RGB")), tuple(made.get("size", (64, 64))),
                      made.get("colour", "red"))
    buffer = io.BytesIO()
    image.save(buffer, format=str(made["format"]))
    return buffer.getvalue()


def xlsx_bytes(rows: list[list[Any]], formula: str | None, shared_repeat: int) -> bytes:
    """A minimal workbook with one sheet; `formula` makes cell B2 a formula with no saved
    value; `shared_repeat` pads the shared strings (a decompression bound case)."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    if formula is not None:
        sheet["B2"] = formula
    buffer = io.BytesIO()
    book.save(buffer)
    if not shared_repeat:
        return buffer.getvalue()
    padded = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, \
            zipfile.ZipFile(padded, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</worksheet>",
                                    b"<!--" + b" " * shared_repeat + b"--></worksheet>")
            target.writestr(item, data)
    return padded.getvalue()


def argv(spec: dict[str, Any], here: Path, folder: Path) -> list[str]:
    return [str(part).replace("{game}", folder.name).replace("{out}", str(here / "out"))
            .replace("{here}", str(here)) for part in spec["run"]]


def snapshot(root: Path, skip: tuple[Path, ...]) -> dict[str, bytes | str]:
    """Every entry under root (not under `skip`): a file's bytes, or what else it is."""
    seen: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        if any(path == s or s in path.parents for s in skip):
            continue
        key = str(path.relative_to(root))
        if path.is_symlink():
            seen[key] = "symlink:" + os.readlink(path)
        elif path.is_fifo():
            seen[key] = "fifo"
        elif path.is_file():
            seen[key] = path.read_bytes()
        else:
            seen[key] = "folder"
    return seen


def record_expected(case: Path, spec: dict[str, Any], lines: list[str]) -> None:
    spec["expected"] = lines
    case.write_text(json.dumps(spec, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

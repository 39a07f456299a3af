"""A structural PDF/X preflight, the subset of veraPDF-style rules a print shop's checker
applies that the kits can break: read back with pikepdf (the stamperia[preflight] extra).

Rules, each a stable id in the problems it reports:
- `output-intent`: an OutputIntent /GTS_PDFX whose DestOutputProfile is a CMYK ICC profile;
- `version`: GTS_PDFXVersion (and for X-1a GTS_PDFXConformance) in the document
  information; for X-4 the XMP metadata repeats it (pdfxid:GTS_PDFXVersion);
- `info`: Title, CreationDate and ModDate present, Trapped /True or /False; no encryption;
- `boxes`: every page has a TrimBox inside its BleedBox inside its MediaBox;
- `transparency` (X-1a): no soft mask, no /ca or /CA below 1, no transparency group;
- `rgb` (X-1a): no DeviceRGB, CalRGB or three-component ICC colour, in content operators,
  colour space resources or images;
- `fonts`: every font embedded (FontFile, FontFile2 or FontFile3).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

X1A = "x1a"
X4 = "x4"
VERSIONS = {X1A: "PDF/X-1:2003", X4: "PDF/X-4"}
CONFORMANCE = {X1A: "PDF/X-1a:2003"}
_RGB_OPERATORS = frozenset({"rg", "RG"})
_TOLERANCE = 0.01
"""pt: page boxes written from millimetres are compared this loosely."""


@dataclass(frozen=True)
class PreflightProblem:
    """A broken rule: its id, where (page number or object), and what is wrong."""

    rule: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message} [{self.rule}]"


def preflight(path: Path, level: str) -> list[PreflightProblem]:
    """Every PDF/X rule (of the subset above) `path` breaks at `level` ('x1a' or 'x4')."""
    import pikepdf

    if level not in VERSIONS:
        raise ValueError(f"{level!r}: choose from {', '.join(VERSIONS)}")
    problems: list[PreflightProblem] = []
    with pikepdf.open(path) as pdf:
        if pdf.is_encrypted:
            problems.append(PreflightProblem("info", "document", "the file is encrypted"))
        problems += _intent(pdf)
        problems += _version(pdf, level)
        for number, page in enumerate(pdf.pages, start=1):
            problems += _boxes(page.obj, f"page {number}")
        if level == X1A:
            problems += _transparency(pdf)
            problems += _rgb(pdf)
        problems += _fonts(pdf)
    return problems


def _intent(pdf: Any) -> list[PreflightProblem]:
    import pikepdf

    intents = pdf.Root.get("/OutputIntents")
    for intent in intents if isinstance(intents, pikepdf.Array) else ():
        if intent.get("/S") != pikepdf.Name("/GTS_PDFX"):
            continue
        profile = intent.get("/DestOutputProfile")
        if not isinstance(profile, pikepdf.Stream):
            return [PreflightProblem("output-intent", "catalog",
                                     "the GTS_PDFX OutputIntent has no DestOutputProfile")]
        data = profile.read_bytes()
        if len(data) < 128 or data[36:40] != b"acsp" or data[16:20] != b"CMYK":
            return [PreflightProblem("output-intent", "catalog",
                                     "DestOutputProfile is not a CMYK ICC profile")]
        if int(profile.get("/N", 0)) != 4:
            return [PreflightProblem("output-intent", "catalog",
                                     "DestOutputProfile's /N is not 4")]
        return []
    return [PreflightProblem("output-intent", "catalog", "no GTS_PDFX OutputIntent")]


def _version(pdf: Any, level: str) -> list[PreflightProblem]:
    import pikepdf

    info = pdf.trailer.get("/Info")
    if not isinstance(info, pikepdf.Dictionary):
        return [PreflightProblem("info", "document", "no document information dictionary")]
    found: list[PreflightProblem] = []
    if str(info.get("/GTS_PDFXVersion", "")) != VERSIONS[level]:
        found.append(PreflightProblem("version", "info",
                                      f"GTS_PDFXVersion is not {VERSIONS[level]!r}"))
    if level in CONFORMANCE and str(info.get("/GTS_PDFXConformance", "")) != CONFORMANCE[level]:
        found.append(PreflightProblem("version", "info",
                                      f"GTS_PDFXConformance is not {CONFORMANCE[level]!r}"))
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")):
            found.append(PreflightProblem("info", "info", f"{key[1:]} is missing"))
    if info.get("/Trapped") not in (pikepdf.Name("/True"), pikepdf.Name("/False")):
        found.append(PreflightProblem("info", "info", "Trapped is not /True or /False"))
    if level == X4:
        metadata = pdf.Root.get("/Metadata")
        xml = metadata.read_bytes() if isinstance(metadata, pikepdf.Stream) else b""
        if b"pdfxid:GTS_PDFXVersion>PDF/X-4<" not in xml:
            found.append(PreflightProblem("version", "metadata",
                                          "the XMP metadata does not say PDF/X-4"))
    return found


def _box(page: Any, name: str) -> tuple[float, float, float, float] | None:
    box = page.get(name)
    if box is None:
        return None
    x1, y1, x2, y2 = (float(v) for v in box)
    return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (inner[0] >= outer[0] - _TOLERANCE and inner[1] >= outer[1] - _TOLERANCE
            and inner[2] <= outer[2] + _TOLERANCE and inner[3] <= outer[3] + _TOLERANCE)


def _boxes(page: Any, where: str) -> list[PreflightProblem]:
    media = _box(page, "/MediaBox")
    trim = _box(page, "/TrimBox")
    bleed = _box(page, "/BleedBox") or trim
    if media is None or trim is None or bleed is None:
        return [PreflightProblem("boxes", where, "no TrimBox")]
    if not _inside(trim, bleed) or not _inside(bleed, media):
        return [PreflightProblem("boxes", where,
                                 "TrimBox is not inside BleedBox inside MediaBox")]
    return []


def _objects(pdf: Any) -> Iterator[tuple[str, Any]]:
    """Every dictionary and stream of the file, named by its object number."""
    import pikepdf

    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream) and obj.is_indirect:
            yield f"object {obj.objgen[0]}", obj


def _dictionaries(obj: Any, seen: set[int]) -> Iterator[Any]:
    """`obj` and every direct dictionary inside it (ExtGStates sit inside resources)."""
    import pikepdf

    if isinstance(obj, pikepdf.Stream):
        obj = obj.stream_dict
    if isinstance(obj, pikepdf.Dictionary):
        yield obj
        for _key, value in obj.items():
            if isinstance(value, pikepdf.Dictionary | pikepdf.Array) and not value.is_indirect:
                yield from _dictionaries(value, seen)
    elif isinstance(obj, pikepdf.Array):
        for value in obj:
            if isinstance(value, pikepdf.Dictionary | pikepdf.Array) and not value.is_indirect:
                yield from _dictionaries(value, seen)


def _transparency(pdf: Any) -> list[PreflightProblem]:
    import pikepdf

    found: list[PreflightProblem] = []
    for where, obj in _objects(pdf):
        for d in _dictionaries(obj, set()):
            mask = d.get("/SMask")
            if mask is not None and mask != pikepdf.Name("/None"):
                found.append(PreflightProblem("transparency", where, "a soft mask (/SMask)"))
            for key in ("/ca", "/CA"):
                value = d.get(key)
                if value is not None and float(value) < 1.0:
                    found.append(PreflightProblem("transparency", where,
                                                  f"{key} {float(value):g} below 1"))
            group = d.get("/Group")
            if isinstance(group, pikepdf.Dictionary) and group.get("/S") == pikepdf.Name(
                    "/Transparency"):
                found.append(PreflightProblem("transparency", where, "a transparency group"))
    return found


def _is_rgb(space: Any) -> bool:
    import pikepdf

    if isinstance(space, pikepdf.Name):
        return space in (pikepdf.Name("/DeviceRGB"), pikepdf.Name("/CalRGB"))
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        family = space[0]
        if family == pikepdf.Name("/CalRGB"):
            return True
        if family == pikepdf.Name("/ICCBased") and len(space) > 1:
            return int(space[1].get("/N", 0)) == 3
        if family in (pikepdf.Name("/Indexed"), pikepdf.Name("/Pattern")) and len(space) > 1:
            return _is_rgb(space[1])
    return False


def _rgb(pdf: Any) -> list[PreflightProblem]:
    import pikepdf

    found: list[PreflightProblem] = []
    for where, obj in _objects(pdf):
        for d in _dictionaries(obj, set()):
            if _is_rgb(d.get("/ColorSpace")) and d.get("/Subtype") == pikepdf.Name("/Image"):
                found.append(PreflightProblem("rgb", where, "an RGB image"))
            spaces = d.get("/ColorSpace")
            if isinstance(spaces, pikepdf.Dictionary):
                for name, space in spaces.items():
                    if _is_rgb(space):
                        found.append(PreflightProblem("rgb", where,
                                                      f"an RGB colour space {name}"))
            shading = d.get("/ShadingType")
            if shading is not None and _is_rgb(d.get("/ColorSpace")):
                found.append(PreflightProblem("rgb", where, "an RGB shading"))
    for number, page in enumerate(pdf.pages, start=1):
        for stream in _content_streams(page.obj):
            for instruction in pikepdf.parse_content_stream(stream):
                operands, operator = instruction.operands, instruction.operator
                if str(operator) in _RGB_OPERATORS:
                    found.append(PreflightProblem("rgb", f"page {number}",
                                                  f"an RGB colour ({operator})"))
                    break
                if str(operator) in ("cs", "CS") and operands and _is_rgb(operands[0]):
                    found.append(PreflightProblem("rgb", f"page {number}",
                                                  "an RGB colour space set"))
                    break
    return found


def _content_streams(page: Any) -> Iterator[Any]:
    """The page's content and the forms it draws, each once."""
    import pikepdf

    seen: set[tuple[int, int]] = set()
    pending: list[Any] = [page]
    while pending:
        current = pending.pop()
        if isinstance(current, pikepdf.Stream):
            if current.objgen in seen:
                continue
            seen.add(current.objgen)
            yield current
        else:
            contents = current.get("/Contents")
            streams = contents if isinstance(contents, pikepdf.Array) else (
                [contents] if contents is not None else [])
            for stream in streams:
                if stream.objgen not in seen:
                    seen.add(stream.objgen)
                    yield stream
        pending += _forms(current)


def _forms(holder: Any) -> list[Any]:
    """The form XObjects a page or form names in its resources."""
    import pikepdf

    resources = holder.get("/Resources")
    xobjects = resources.get("/XObject") if resources is not None else None
    if not isinstance(xobjects, pikepdf.Dictionary):
        return []
    found = [xobject for _name, xobject in xobjects.items()]
    return [x for x in found if isinstance(x, pikepdf.Stream)
            and x.get("/Subtype") == pikepdf.Name("/Form")]


def _fonts(pdf: Any) -> list[PreflightProblem]:
    import pikepdf

    found: list[PreflightProblem] = []
    for where, obj in _objects(pdf):
        if obj.get("/Type") != pikepdf.Name("/Font"):
            continue
        subtype = obj.get("/Subtype")
        if subtype in (pikepdf.Name("/Type3"), pikepdf.Name("/Type0")):
            continue  # Type0's descendant is a /Font object of its own
        descriptor = obj.get("/FontDescriptor")
        if not isinstance(descriptor, pikepdf.Dictionary) or not any(
                key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
            found.append(PreflightProblem("fonts", where,
                                          f"font {obj.get('/BaseFont')} is not embedded"))
    return found

"""Render pages of the drawing description to one PDF with ReportLab.

Each page's user space is flipped and scaled once so the whole tree is drawn in
millimetres with y down, exactly as described; only text and images are
flipped back locally so they are upright. Text is drawn as fitted by
`stamperia.generator.layout.textfit` (pages a build has fitted are drawn as they are; other text
boxes are fitted on the way in). Invariant mode makes the bytes depend only on
the input.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas

from stamperia.generator.draw.colourmode import ColourMode, Palettes, PdfX, palette_for
from stamperia.generator.draw.drawing import (
    Align,
    Circle,
    FittedTextBox,
    Group,
    Image,
    Item,
    Line,
    MultiPath,
    Page,
    PageBox,
    Polygon,
    Polyline,
    Rect,
    RenderError,
    Style,
    TextBox,
    pt_to_mm,
)
from stamperia.generator.draw.fonts import DEFAULT_FAMILY, FontSet
from stamperia.generator.draw.pdfx import PDF_VERSION, mark_pdfx
from stamperia.generator.draw.press import Role, press_for
from stamperia.generator.layout.flatten import flattened
from stamperia.generator.layout.textfit import TextFitter

LARGE_AREA_MM = 5.0
"""A dark neutral fill at least this wide and high prints in rich black; narrower ones
(rules, pips, thin bars) on the black plate alone, as text does."""
DUPLEX_PREFERENCE = {"none": "Simplex", "fold": "Simplex", "long": "DuplexFlipLongEdge",
                     "short": "DuplexFlipShortEdge"}
"""The printer's duplex mode the kit was drawn for, as a PDF viewer preference."""


@dataclass(frozen=True)
class PdfMetadata:
    """Document information shown by PDF viewers."""

    title: str
    author: str = ""
    subject: str = ""
    creator: str = "stamperia"
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class PrintSettings:
    """How the document asks to be printed: duplex mode ('none', 'long', 'short', 'fold')
    and the colour space its colours are written in; `compressed` False for a PDF that is
    read straight back (the raster exports'), where deflating page streams only to
    inflate them again costs time and saves nothing. `pdfx` asks for PDF/X (always
    CMYK), `ink_limit` bounds the total ink of a CMYK colour (% ; None: the press
    profile's own 300 %)."""

    duplex: str = "none"
    colour: ColourMode = ColourMode.RGB
    compressed: bool = True
    pdfx: PdfX = PdfX.NONE
    ink_limit: float | None = None

    @property
    def mode(self) -> ColourMode:
        """The colour space written: PDF/X is CMYK whatever `colour` says."""
        return ColourMode.CMYK if self.pdfx is not PdfX.NONE else self.colour


def render_pdf(pages: Sequence[Page], fonts: FontSet, metadata: PdfMetadata,
               settings: PrintSettings = PrintSettings()) -> bytes:
    """All pages as one PDF document, returned as bytes."""
    stream = io.BytesIO()
    write_pdf(pages, fonts, metadata, stream, settings)
    return stream.getvalue()


def _points(page: Page, box: PageBox) -> tuple[float, float, float, float]:
    """A page box in PDF points, origin bottom-left, as (x1, y1, x2, y2)."""
    bottom = page.height_mm - box.y - box.height
    return (round(box.x * mm, 4), round(bottom * mm, 4), round((box.x + box.width) * mm, 4),
            round((bottom + box.height) * mm, 4))


def write_pdf(
    pages: Sequence[Page], fonts: FontSet, metadata: PdfMetadata, stream: BinaryIO,
    settings: PrintSettings = PrintSettings(),
) -> None:
    """Write all pages as one PDF document to a binary stream.

    Every page carries a TrimBox and a BleedBox (the whole page where it is not cut); the
    viewer preferences ask for no scaling and the duplex mode the kit was drawn for, so a
    print dialog starts right.
    """
    if not pages:
        raise RenderError("a PDF needs at least one page")
    fonts.register_face_with_reportlab(fonts.faces[0].name)
    first = pages[0]
    canvas = Canvas(
        stream,
        pagesize=(first.width_mm * mm, first.height_mm * mm),
        invariant=1,
        pageCompression=int(settings.compressed),
        pdfVersion=PDF_VERSION if settings.pdfx is not PdfX.NONE else None,
        # Start on an embedded face, so no unembedded Helvetica is referenced.
        initialFontName=fonts.faces[0].name,  # type: ignore[arg-type]
    )
    canvas.setTitle(metadata.title)
    canvas.setAuthor(metadata.author)
    canvas.setSubject(metadata.subject)
    canvas.setCreator(metadata.creator)
    canvas.setKeywords(", ".join(metadata.keywords))
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE.get(settings.duplex, "Simplex"))
    mark_pdfx(canvas, settings.pdfx)
    fitted = TextFitter(fonts).pages(pages)
    if settings.pdfx is PdfX.X1A:  # X-1a forbids transparency: drawn opaque as it shows
        fitted = tuple(flattened(page) for page in fitted)
    mode = settings.mode
    painter = _Painter(canvas, fonts, palette_for(fitted, mode, settings.ink_limit), mode,
                       settings)
    for page in fitted:
        canvas.setPageSize((page.width_mm * mm, page.height_mm * mm))
        canvas.setTrimBox(_points(page, page.trim_box))
        canvas.setBleedBox(_points(page, page.bleed_box))
        canvas.saveState()
        canvas.translate(0, page.height_mm * mm)
        canvas.scale(mm, -mm)
        for item in page.items:
            painter.draw(item)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()


class _Painter:
    """Draws items on a canvas whose user space is millimetres, y down."""

    def __init__(self, canvas: Canvas, fonts: FontSet, palette: Palettes,
                 mode: ColourMode, settings: PrintSettings) -> None:
        self._canvas = canvas
        self._fonts = fonts
        self._drawings: dict[Path, Drawing] = {}
        self._forms: dict[Path, str] = {}
        self._palette = palette
        self._mode = mode
        self._settings = settings
        self._registered: set[str] = set()

    def _face(self, family: str, bold: bool) -> str:
        """The face's ReportLab name, registered the first time this document uses it."""
        name = self._fonts.face_name(family, bold)
        if name not in self._registered:
            self._fonts.register_face_with_reportlab(name)
            self._registered.add(name)
        return name

    def _colour(self, hex_colour: str, role: Role = Role.LINE) -> Color:
        """Text and strokes use the line inks, fills of large shapes the area inks."""
        palette = self._palette.area if role is Role.AREA else self._palette.line
        components = palette.get(hex_colour.lower())
        if components is None:
            return HexColor(hex_colour)
        if len(components) == 4:
            return CMYKColor(*components)
        return Color(*components)

    def draw(self, item: Item) -> None:
        if isinstance(item, Group):
            self._group(item)
        elif isinstance(item, FittedTextBox):
            self._text(item)
        elif isinstance(item, TextBox):
            raise RenderError(f"text box not fitted before drawing: {item.text!r}")
        elif isinstance(item, Image):
            self._image(item)
        else:
            self._shape(item)

    def _group(self, group: Group) -> None:
        c = self._canvas
        c.saveState()
        c.translate(*group.translate)
        if group.rotation is not None:
            rot = group.rotation
            c.translate(rot.cx, rot.cy)
            c.rotate(rot.degrees)
            c.translate(-rot.cx, -rot.cy)
        if group.clip is not None:
            clip = group.clip
            path = c.beginPath()
            if clip.radius > 0:
                path.roundRect(clip.x, clip.y, clip.width, clip.height, clip.radius)
            else:
                path.rect(clip.x, clip.y, clip.width, clip.height)
            c.clipPath(path, stroke=0, fill=0)
        for item in group.items:
            self.draw(item)
        c.restoreState()

    def _shape(self, shape: Rect | Polygon | Polyline | MultiPath | Circle | Line) -> None:
        style = shape.style
        if style.fill is None and style.stroke is None:
            return
        c = self._canvas
        scoped = style.dash is not None or style.opacity < 1.0
        if scoped:
            c.saveState()
        stroke, fill = self._apply_paint(style, _role(shape))
        if style.dash is not None:
            c.setDash(list(style.dash), 0)
        if style.opacity < 1.0:
            # After the colours: ReportLab's setFillColor resets the alpha.
            c.setFillAlpha(style.opacity)
            c.setStrokeAlpha(style.opacity)
        if isinstance(shape, Rect):
            if shape.corner_radius > 0:
                c.roundRect(shape.x, shape.y, shape.width, shape.height, shape.corner_radius,
                            stroke=stroke, fill=fill)
            else:
                c.rect(shape.x, shape.y, shape.width, shape.height, stroke=stroke, fill=fill)
        elif isinstance(shape, Circle):
            c.circle(shape.cx, shape.cy, shape.r, stroke=stroke, fill=fill)
        elif isinstance(shape, Line):
            if stroke:
                c.line(shape.x1, shape.y1, shape.x2, shape.y2)
        elif isinstance(shape, MultiPath):
            path = c.beginPath()
            for points in shape.subpaths:
                path.moveTo(*points[0])
                for point in points[1:]:
                    path.lineTo(*point)
                if shape.closed:
                    path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        else:
            path = c.beginPath()
            path.moveTo(*shape.points[0])
            for point in shape.points[1:]:
                path.lineTo(*point)
            if isinstance(shape, Polygon):
                path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        if scoped:
            c.restoreState()

    def _apply_paint(self, style: Style, role: Role) -> tuple[int, int]:
        c = self._canvas
        if style.fill is not None:
            c.setFillColor(self._colour(style.fill, role))
        if style.stroke is not None:
            c.setStrokeColor(self._colour(style.stroke))
            c.setLineWidth(style.stroke_width)
        return int(style.stroke is not None and style.stroke_width > 0), int(style.fill is not None)

    def _text(self, fitted: FittedTextBox) -> None:
        box = fitted.box
        c = self._canvas
        c.setFillColor(self._colour(box.colour))
        c.setFont(self._face(box.font, box.bold), pt_to_mm(fitted.fit.size_pt))
        for line in fitted.lines:
            c.saveState()
            c.translate(line.x, line.baseline)
            c.scale(1, -1)
            if line.align is Align.LEFT:
                c.drawString(0, 0, line.text)
            elif line.align is Align.CENTER:
                c.drawCentredString(0, 0, line.text)
            else:
                c.drawRightString(0, 0, line.text)
            c.restoreState()

    def _vector(self, image: Image) -> None:
        """SVG art drawn as vector paths (svglib), scaled to fit its box, centred."""
        drawing = self._drawings.get(image.path)
        if drawing is None:
            from svglib.svglib import svg2rlg

            from stamperia.generator.draw.svgprep import prepared_svg

            prepared = prepared_svg(image.path)
            drawing = svg2rlg(str(image.path) if prepared is None else io.BytesIO(prepared))
            if drawing is None or not drawing.width or not drawing.height:
                raise RenderError(f"cannot read SVG image {image.path}")
            if self._mode is ColourMode.CMYK:
                _to_cmyk(drawing, self._settings)
                # renderPDF starts every drawing in RGB black unless the drawing says
                # otherwise; Drawing refuses these attributes through setattr.
                black = CMYKColor(0, 0, 0, 1)
                drawing.__dict__.update(initialFillColor=black, initialStrokeColor=black)
            self._drawings[image.path] = drawing
        scale = min(image.width / drawing.width, image.height / drawing.height)
        c = self._canvas
        c.translate((image.width - drawing.width * scale) / 2,
                    (image.height - drawing.height * scale) / 2)
        c.scale(scale, scale)
        c.doForm(self._form(image.path, drawing))

    def _form(self, path: Path, drawing: Drawing) -> str:
        """The name of the form XObject holding `drawing`, drawn into the document the first
        time: an icon printed on a hundred cards is written once and placed a hundred times
        (smaller files, and svglib's drawing is rendered once, not once per card)."""
        name = self._forms.get(path)
        if name is not None:
            return name
        from reportlab.graphics import renderPDF

        name = f"svg{len(self._forms)}"
        c = self._canvas
        # No clipping where drawing the SVG directly clipped nothing: a generous box.
        bound = int(max(drawing.width, drawing.height)) + 1
        c.beginForm(name, -bound, -bound, 2 * bound, 2 * bound)
        # svglib's drawing starts in Helvetica, which a page would then list unembedded
        # (print shops refuse that): it starts in the bundled, embedded one.
        drawing.initialFontName = self._face(  # type: ignore[attr-defined]
            DEFAULT_FAMILY, False)
        renderPDF.draw(drawing, c, 0, 0)
        c.endForm(Resources=_form_resources(c))
        self._forms[path] = name
        return name

    def _image(self, image: Image) -> None:
        if not image.path.is_file():
            raise RenderError(f"image file not found: {image.path}")
        c = self._canvas
        c.saveState()
        c.translate(image.x, image.y + image.height)
        c.scale(1, -1)
        if image.path.suffix.lower() == ".svg":
            self._vector(image)
            c.restoreState()
            return
        try:
            if self._mode is ColourMode.CMYK:
                c.drawImage(self._press_image(image.path), 0, 0, image.width, image.height,
                            preserveAspectRatio=True, anchor="c")
            else:
                c.drawImage(str(image.path), 0, 0, image.width, image.height,
                            preserveAspectRatio=True, anchor="c", mask="auto")
        except OSError as error:
            raise RenderError(f"cannot read image {image.path}: {error}") from error
        c.restoreState()


    def _press_image(self, path: Path) -> ImageReader:
        """A raster image in the press's CMYK, through the profile, any transparency laid
        on white paper first (a CMYK PDF/X-1a carries no soft mask)."""
        from PIL import Image as PilImage

        with PilImage.open(path) as opened:
            opened.load()
            picture = opened.convert("RGBA")
        paper = PilImage.new("RGBA", picture.size, (255, 255, 255, 255))
        paper.alpha_composite(picture)
        return ImageReader(press_for(self._settings.ink_limit).convert_image(paper))


def _role(shape: Rect | Polygon | Polyline | MultiPath | Circle | Line) -> Role:
    """AREA for a fill at least LARGE_AREA_MM across both ways (rich black), else LINE."""
    if isinstance(shape, Rect):
        small = min(shape.width, shape.height)
    elif isinstance(shape, Circle):
        small = 2 * shape.r
    elif isinstance(shape, Line):
        return Role.LINE
    else:
        points = (shape.subpaths[0] if isinstance(shape, MultiPath) and shape.subpaths
                  else getattr(shape, "points", ()))
        if not points:
            return Role.LINE
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        small = min(max(xs) - min(xs), max(ys) - min(ys))
    return Role.AREA if small >= LARGE_AREA_MM else Role.LINE


def _form_resources(c: Canvas) -> PDFResourceDictionary:
    """The resources of the form being drawn, as ReportLab gives a page's: its forms keep
    only fonts and XObjects, so an SVG's gradient (a shading) printed black and its opacity
    (a graphics state) was lost ("ExtGState 'Sh0' is unknown")."""
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    used: dict[str, str] = c._shadingUsed  # type: ignore[attr-defined]
    resources.setShading(used)
    colours: dict[str, str] = c._colorsUsed  # type: ignore[attr-defined]
    resources.setColorSpace(colours)
    states = c._extgstate.getState()  # type: ignore[attr-defined]
    if states:
        resources.ExtGState = states  # type: ignore[attr-defined]
    forms: list[str] = c._formsinuse  # type: ignore[attr-defined]
    if forms:
        resources.XObject = c._doc.xobjDict(forms)  # type: ignore[attr-defined]
    return resources


def _to_cmyk(node: object, settings: PrintSettings) -> None:
    """An SVG's own RGB colours turned to the press's CMYK, as every other colour of a
    CMYK PDF (a print shop's preflight refuses RGB objects in it), with the line inks (an
    icon is small: a black on the K plate alone); for PDF/X-1a a translucent colour is
    laid on white and drawn opaque."""
    press = press_for(settings.ink_limit)
    flatten = settings.pdfx is PdfX.X1A
    for attribute, alpha in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
        colour = getattr(node, attribute, None)
        if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
            given = getattr(node, alpha, None)
            opacity = (1.0 if given is None else float(given)) * float(colour.alpha)
            red, green, blue = colour.red, colour.green, colour.blue
            if flatten and opacity < 1.0:
                red, green, blue = (v * opacity + (1.0 - opacity) for v in (red, green, blue))
                if hasattr(node, alpha):
                    setattr(node, alpha, 1.0)
            hex_colour = "#{:02x}{:02x}{:02x}".format(
                *(round(v * 255) for v in (red, green, blue)))
            setattr(node, attribute, CMYKColor(*press.colour(hex_colour, Role.LINE)))
    for child in getattr(node, "contents", ()):
        _to_cmyk(child, settings)

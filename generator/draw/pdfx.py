"""What makes a ReportLab document PDF/X: its output intent, version keys and metadata.

ReportLab gives what plain PDF needs and a fixed date in invariant mode, but nothing of
PDF/X (no OutputIntent, no GTS_PDFXVersion, no XMP): these are written here, through
ReportLab's own object model, while the document is made (docs/print-shops.md says why
this beat post-processing the bytes with pikepdf). The drawing side of PDF/X (every
colour CMYK through the press profile, transparency flattened for X-1a, fonts embedded)
is the painter's (generator.draw.pdf).

PDF/X-1a:2003 (ISO 15930-4): CMYK and spot only, no transparency; Info holds
GTS_PDFXVersion "PDF/X-1:2003" and GTS_PDFXConformance "PDF/X-1a:2003".
PDF/X-4 (ISO 15930-7): transparency and ICC colour allowed; Info holds GTS_PDFXVersion
"PDF/X-4" and the XMP metadata stream repeats it (pdfxid:GTS_PDFXVersion), with the
document's title, dates, tool and rendition.
Both: an OutputIntent (S /GTS_PDFX) carrying the press profile, Trapped True or False,
CreationDate and ModDate (ReportLab's invariant date, or SOURCE_DATE_EPOCH: never the
clock, so the same content gives the same bytes), a TrimBox and BleedBox on every page.
"""

from __future__ import annotations

import hashlib
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFCatalog,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import Canvas

from stamperia.generator.draw.colourmode import PdfX
from stamperia.generator.draw.profile import (
    OUTPUT_CONDITION,
    PROFILE_NAME,
    REGISTRY,
    profile_bytes,
)

VERSION = {PdfX.X1A: "PDF/X-1:2003", PdfX.X4: "PDF/X-4"}
CONFORMANCE = {PdfX.X1A: "PDF/X-1a:2003"}
PDF_VERSION = (1, 4)
"""PDF/X-1a:2003 allows PDF 1.3 and 1.4, PDF/X-4 up to 1.6: 1.4 serves both."""
OUTPUT_CONDITION_TEXT = ("Offset printing, ISO 12647-2:2004/Amd 1, paper types 1 and 2 "
                         "(coated), FOGRA39L characterization")


class _PdfxInfo(PDFInfo):
    """ReportLab's document information plus the PDF/X version keys."""

    def __init__(self, level: PdfX) -> None:
        super().__init__()
        self.level = level

    def format(self, document: object) -> bytes:
        base: bytes = super().format(document)
        keys = [(b"GTS_PDFXVersion", VERSION[self.level])]
        if self.level in CONFORMANCE:
            keys.append((b"GTS_PDFXConformance", CONFORMANCE[self.level]))
        extra = b"".join(b" /" + key + b" " + PDFString(value).format(document)
                         for key, value in keys)
        head, close = base.rsplit(b">>", 1)
        return head + extra + b" >>" + close


def mark_pdfx(canvas: Canvas, level: PdfX) -> None:
    """Make the canvas's document PDF/X at `level`: call after setting its title, author,
    subject, creator and keywords, before saving."""
    if level is PdfX.NONE:
        return
    document = canvas._doc  # type: ignore[attr-defined]
    info = _PdfxInfo(level)
    for key in ("title", "author", "subject", "creator", "keywords", "producer"):
        setattr(info, key, getattr(document.info, key))
    info.invariant = document.invariant  # type: ignore[attr-defined]
    info.trapped = "False"
    document.info = info
    profile = PDFStream(PDFDictionary({"N": 4}), profile_bytes(), filters=[PDFZCompress])
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION),
        "OutputCondition": PDFString(OUTPUT_CONDITION_TEXT),
        "RegistryName": PDFString(REGISTRY), "Info": PDFString(PROFILE_NAME),
        "DestOutputProfile": document.Reference(profile)})
    catalog = document.Catalog
    # ReportLab's catalog writes only the keys it lists: OutputIntents is added to them.
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]
    canvas.setCatalogEntry("OutputIntents", PDFArray([intent]))
    metadata = _PlainStream(PDFDictionary({"Type": PDFName("Metadata"),
                                           "Subtype": PDFName("XML")}),
                            xmp(level, info, _iso_date(document)))
    canvas.setCatalogEntry("Metadata", document.Reference(metadata))


class _PlainStream(PDFStream):
    """A stream written as it is, with no /Filter key: XMP metadata stays readable to
    tools that look for it without a PDF parser."""

    def format(self, document: object) -> bytes:
        dictionary = PDFDictionary(self.dictionary.dict.copy())
        content = document.encrypt.encode(self.content)  # type: ignore[attr-defined]
        dictionary["Length"] = len(content)
        head: bytes = pdf_format(dictionary, document)
        body: bytes = pdf_format(content, document)
        return head + b"\nstream\n" + body + b"endstream\n"


def _iso_date(document: object) -> str:
    stamp = document._timeStamp  # type: ignore[attr-defined]
    year, month, day, hour, minute, second = stamp.YMDhms
    sign = "+" if stamp.dhh >= 0 else "-"
    return (f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"
            f"{sign}{abs(stamp.dhh):02d}:{abs(stamp.dmm):02d}")


def xmp(level: PdfX, info: PDFInfo, date: str) -> bytes:
    """The XMP packet PDF/X-4 asks for, agreeing with the document information; its
    document id is derived from the title and keywords (which name the content hash), so
    the same content gives the same id."""
    seed = f"{info.title}\n{info.keywords}\n{level.value}".encode()
    digest = hashlib.sha256(seed).hexdigest()
    uuid = f"{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"
    conformance = (f"<pdfxid:GTS_PDFXVersion>{VERSION[level]}</pdfxid:GTS_PDFXVersion>"
                   if level is PdfX.X4 else
                   f"<pdfx:GTS_PDFXVersion>{VERSION[level]}</pdfx:GTS_PDFXVersion>"
                   f"<pdfx:GTS_PDFXConformance>{CONFORMANCE[level]}"
                   "</pdfx:GTS_PDFXConformance>")
    packet = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(info.title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>{escape(info.author)}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">{escape(info.subject)}</rdf:li>\
</rdf:Alt></dc:description>
<xmp:CreateDate>{date}</xmp:CreateDate>
<xmp:ModifyDate>{date}</xmp:ModifyDate>
<xmp:MetadataDate>{date}</xmp:MetadataDate>
<xmp:CreatorTool>{escape(info.creator)}</xmp:CreatorTool>
<pdf:Producer>{escape(info.producer)}</pdf:Producer>
<pdf:Keywords>{escape(info.keywords)}</pdf:Keywords>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
{conformance}
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    return packet.encode("utf-8")

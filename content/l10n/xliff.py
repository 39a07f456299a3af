"""XLIFF 2.0 catalogues (the OASIS standard CAT tools exchange), written and read with lxml.

One `<file>` per catalogue, its id the edition; one `<unit>` per key. A translation that
needs review has `state="initial"`, a reviewed one `state="translated"`.
"""

from __future__ import annotations

import re

from lxml import etree

from stamperia.content.l10n.model import (
    Catalogue,
    CatalogueSyntaxError,
    ReadCatalogue,
    ReadEntry,
)

NAMESPACE = "urn:oasis:names:tc:xliff:document:2.0"
_X = f"{{{NAMESPACE}}}"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_DECLARATION = re.compile(r"<!(DOCTYPE|ENTITY)")


def write_xliff(catalogue: Catalogue) -> str:
    root = etree.Element(_X + "xliff", nsmap={None: NAMESPACE})
    root.set("version", "2.0")
    root.set("srcLang", catalogue.source_locale)
    root.set("trgLang", catalogue.locale)
    file = etree.SubElement(root, _X + "file", id=catalogue.edition, original=catalogue.title)
    file.set(_XML_SPACE, "preserve")
    for entry in catalogue.entries:
        unit = etree.SubElement(file, _X + "unit", id=entry.key)
        notes = etree.SubElement(unit, _X + "notes")
        etree.SubElement(notes, _X + "note", category="location").text = entry.context
        for reference in entry.references:
            etree.SubElement(notes, _X + "note", category="reference").text = reference
        if entry.comment:
            etree.SubElement(notes, _X + "note", category="comment").text = entry.comment
        segment = etree.SubElement(unit, _X + "segment")
        etree.SubElement(segment, _X + "source").text = entry.source
        if entry.translation:
            segment.set("state", "initial" if entry.fuzzy else "translated")
            etree.SubElement(segment, _X + "target").text = entry.translation
    text: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8",
                                 pretty_print=True)
    return text.decode("utf-8")


def read_xliff(text: str, shown: str) -> ReadCatalogue:
    """Units of an XLIFF 2.0 file with their lines; CatalogueSyntaxError when it does not
    parse or is not XLIFF 2.0."""
    declared = _DECLARATION.search(text)
    if declared is not None:  # entities are never expanded: refused, not kept as "&e;"
        raise CatalogueSyntaxError("it declares a DOCTYPE or entities, which are refused "
                                   "(XLIFF needs neither)",
                                   text.count("\n", 0, declared.start()) + 1)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(text.encode("utf-8"), parser)
    except etree.XMLSyntaxError as error:
        raise CatalogueSyntaxError(str(error.msg), error.lineno or 1) from None
    if root.tag != _X + "xliff" or root.get("version") not in ("2.0", "2.1"):
        raise CatalogueSyntaxError(
            f"not an XLIFF 2.0 document: the root is <{etree.QName(root).localname}> "
            f"version {root.get('version')!r}", root.sourceline or 1)
    files = root.findall(_X + "file")
    if len(files) != 1:
        raise CatalogueSyntaxError(f"expected one <file>, found {len(files)}",
                                   root.sourceline or 1)
    entries = []
    for unit in files[0].iter(_X + "unit"):
        segment = unit.find(_X + "segment")
        line = unit.sourceline or 1
        if segment is None or segment.find(_X + "source") is None:
            raise CatalogueSyntaxError(f"unit {unit.get('id')!r} has no <segment> with a "
                                       "<source>", line)
        source = _text(segment.find(_X + "source"))
        target = segment.find(_X + "target")
        translation = _text(target) if target is not None else ""
        fuzzy = bool(translation) and segment.get("state", "initial") == "initial"
        entries.append(ReadEntry(unit.get("id", ""), source, translation, fuzzy, line))
    return ReadCatalogue(shown, files[0].get("id"), root.get("trgLang"), tuple(entries),
                         root.sourceline or 1)


def _text(element: etree._Element | None) -> str:
    """The element's text content (inline markup flattened)."""
    return "" if element is None else "".join(element.itertext())

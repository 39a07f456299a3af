"""Turn schema-valid documents into the generic model; parts come from their rulesets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stamperia.content.errors import Origin
from stamperia.content.model import Band, Game, PrototypeShare, Strings, Targets, frozen_mapping
from stamperia.content.parts import Part
from stamperia.content.validation.document import Document


def strings(locale: str, doc: Document) -> Strings:
    texts: dict[str, str] = {}
    origins: dict[str, Origin] = {}

    def walk(node: Any, key: str, pointer: str) -> None:
        if isinstance(node, str):
            texts[key] = node
            origins[key] = doc.origin(pointer)
            return
        for name, child in node.items():
            if not name.startswith("$"):
                walk(child, f"{key}.{name}" if key else name, f"{pointer}/{name}")

    walk(doc.data, "", "")
    data = doc.data
    return Strings(locale, frozen_mapping(texts), frozen_mapping(origins),
                   doc.origin(), tuple(data.get("$same_as_source", ())),
                   frozenset(data.get("$fuzzy", ())),
                   frozen_mapping(data.get("$source_hashes", {})),
                   frozen_mapping(data.get("$comments", {})))


def prototype_share(parts: tuple[Part, ...]) -> PrototypeShare:
    kinds: dict[str, tuple[int, int]] = {}
    for part in parts:
        kinds.update(part.prototype_counts())
    return PrototypeShare(frozen_mapping(kinds))


def game(manifest: Document, parts: tuple[Part, ...], documents: Mapping[str, Document],
         locale_docs: Mapping[str, Document], folder: str) -> Game:
    data = manifest.data
    return Game(
        id=data["id"], ruleset=data["ruleset"], publisher=data.get("publisher", ""),
        players=(data["players"]["min"], data["players"]["max"]),
        source_locale=data["locales"]["source"],
        translations=tuple(data["locales"].get("translations", [])), folder=folder,
        strings=frozen_mapping({loc: strings(loc, d) for loc, d in locale_docs.items()}),
        prototype_share=prototype_share(parts), parts=parts, origin=manifest.origin(),
        version=data.get("version"),
        card_sizes=tuple(data.get("card_sizes", ())),
        targets=targets(data.get("targets"), manifest),
        files=tuple(dict.fromkeys(
            (*manifest.files, *(f for d in documents.values() for f in d.files),
             *(f for d in locale_docs.values() for f in d.files)))))


def _band(data: Mapping[str, Any] | None) -> Band | None:
    return None if data is None else Band(float(data["min"]), float(data["max"]))


def targets(data: Mapping[str, Any] | None, manifest: Document) -> Targets | None:
    """The manifest's `targets` (schema-checked) as bands."""
    if data is None:
        return None
    early = data.get("early")
    return Targets(
        status=data.get("status", "final"), source=data.get("source", ""),
        minutes=_band(data.get("minutes")), turns=_band(data.get("turns")),
        early_before=None if early is None else int(early["before_turn"]),
        early_most=None if early is None else float(early["max"]),
        ends=frozen_mapping({end: Band(float(b["min"]), float(b["max"]))
                             for end, b in sorted(data.get("ends", {}).items())}),
        origin=manifest.origin("/targets"))

"""The generator's own printed words (legends, guide, labels), per locale.

Game texts come from the content's strings; these are the words of the kit itself, kept as
package data so translators edit JSON, not code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from types import MappingProxyType

SOURCE_LOCALE = "it"


@dataclass(frozen=True)
class UiText:
    locale: str
    texts: Mapping[str, str]

    def __call__(self, key: str, values: Mapping[str, object] | None = None) -> str:
        return self.template(key).format_map(dict(values or {}))

    def template(self, key: str) -> str:
        """The text with its {fields} unfilled, for code that fills them later."""
        return self.texts.get(key, key)


def ui_locales() -> tuple[str, ...]:
    return tuple(sorted(p.name[:-5] for p in (files("generator") / "locale").iterdir()
                        if p.name.endswith(".json")))


def ui_text(locale: str) -> UiText:
    """The catalogue of a locale, completed from the source locale where it has gaps."""
    folder = files("generator") / "locale"
    texts = json.loads((folder / f"{SOURCE_LOCALE}.json").read_text(encoding="utf-8"))
    if locale != SOURCE_LOCALE and (folder / f"{locale}.json").is_file():
        texts.update(json.loads((folder / f"{locale}.json").read_text(encoding="utf-8")))
    return UiText(locale, MappingProxyType(texts))

"""The generator's own printed words (legends, guide, labels), per locale.

Game texts come from the content's strings; these are the words of the kit itself, kept as
package data (the defaults) so translators edit JSON, not code. A game may state any of
them in its own strings as `ui.<key>` (stamperia.generator.kitwords), in any locale. Words only one
kit prints ship with that kit, as `locale/<locale>.json` in the kit's own package (its
`Kit.word_package`), so a ruleset from its own package brings its words and no shared
catalogue names a ruleset.

A counted word has one key per CLDR plural category (`guide.pages.one`,
`guide.pages.other`); `UiText.count` picks the category of the locale with Babel's rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from types import MappingProxyType

from stamperia.content.l10n.locales import plural_category

SOURCE_LOCALE = "it"


@dataclass(frozen=True)
class UiText:
    """The kit's own words in one locale."""

    locale: str
    texts: Mapping[str, str]

    def __call__(self, key: str, values: Mapping[str, object] | None = None) -> str:
        return self.template(key).format_map(dict(values or {}))

    def template(self, key: str) -> str:
        """The text with its {fields} unfilled, for code that fills them later."""
        return self.texts.get(key, key)

    def count(self, key: str, count: int, field: str = "count",
              values: Mapping[str, object] | None = None) -> str:
        """A counted word in the plural form CLDR gives `count` in this locale ("1 pagina",
        "2 pagine"), its other {fields} from `values`; a category the catalogue lacks
        falls back to `other`."""
        category = plural_category(self.locale, count)
        chosen = f"{key}.{category}" if f"{key}.{category}" in self.texts else f"{key}.other"
        return self(chosen, {**(values or {}), field: count})


SHARED_WORDS = "stamperia.generator"
"""The package whose `locale/` holds the words every kit may print (guide, legends)."""


def _locale_folder(package: str) -> Traversable:
    return files(package) / "locale"


def ui_locales(word_packages: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The locales the shared words or any of the kits' own words ship in."""
    found: set[str] = set()
    for package in (SHARED_WORDS, *word_packages):
        folder = _locale_folder(package)
        if folder.is_dir():
            found.update(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))
    return tuple(sorted(found))


def own_words(package: str, locale: str) -> dict[str, str]:
    """One package's words of one locale ({} for a locale it does not ship)."""
    path = _locale_folder(package) / f"{locale}.json"
    if not path.is_file():
        return {}
    texts: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return texts


def package_words(locale: str, word_packages: tuple[str, ...] = ()) -> dict[str, str]:
    """The shared words of one locale, then the named kits' own words."""
    texts = own_words(SHARED_WORDS, locale)
    for package in word_packages:
        texts.update(own_words(package, locale))
    return texts


def ui_text(locale: str, word_packages: tuple[str, ...] = ()) -> UiText:
    """The catalogue of a locale, completed from the source locale where it has gaps."""
    texts = package_words(SOURCE_LOCALE, word_packages)
    if locale != SOURCE_LOCALE:
        texts.update(package_words(locale, word_packages))
    return UiText(locale, MappingProxyType(texts))

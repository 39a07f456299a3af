"""Locale codes: BCP 47 (RFC 5646) language[-Script][-REGION], known to CLDR (Babel).

Babel is imported inside the functions: every CLI command imports this module through the
`l10n` group, and only the commands that ask about a locale need CLDR's data.
"""

from __future__ import annotations

import re

from stamperia.content.l10n.plurals import table_rules, whole_number_category

_BCP47 = re.compile(r"^(?P<language>[a-z]{2,3})(?:-(?P<script>[A-Z][a-z]{3}))?"
                    r"(?:-(?P<region>[A-Z]{2}|[0-9]{3}))?$")


def locale_problem(code: str) -> str | None:
    """Why `code` is no locale a catalogue can target, or None when it is one."""
    match = _BCP47.match(code)
    if match is None:
        return (f"{code!r} is not a BCP 47 locale code: write language[-Script][-REGION], "
                "e.g. fr, pt-BR, zh-Hans")
    if table_rules(code) is not None:  # the package's table of CLDR's locales: no data load
        return None
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(code, sep="-")
    except (UnknownLocaleError, ValueError):
        return f"{code!r} is not a language CLDR knows: check the language subtag"
    return None


def plural_forms(code: str) -> str:
    """The PO `Plural-Forms` header of a locale, from CLDR's rules."""
    from babel.messages.plurals import get_plural

    plural = get_plural(code.replace("-", "_"))
    return f"nplurals={plural.num_plurals}; plural={plural.plural_expr};"


def plural_category(code: str, count: int) -> str:
    """CLDR's plural category of `count` in a locale (`one`, `few`, `other`, ...): from
    the package's table of Babel's rules where it holds the code (stamperia.content.l10n.plurals:
    no locale data to load), else from Babel."""
    rules = table_rules(code)
    if rules is not None:
        return whole_number_category(rules, count)
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(code, sep="-").plural_form(count))
    except (UnknownLocaleError, ValueError):
        return "one" if count == 1 else "other"

"""How to install one of stamperia's optional extras, said the same way wherever one is
missing (--watch, --svg-fonts embedded, --cluster).

`pip install 'stamperia[watch]'` serves whoever installed stamperia from the package index;
in a source checkout the same command would fetch the released package instead of the
checkout, so the hint also gives the checkout's own command. It lives in content, the one
layer every other imports, so that rules, generator and the CLI word it alike.
"""

from __future__ import annotations


def install_hint(extra: str) -> str:
    """The commands that install `extra`, from the package index and from a checkout."""
    return (f"pip install 'stamperia[{extra}]' (from a source checkout: pip install "
            f"'.[{extra}]' in its folder, with -e if it was installed editable)")


def needs_extra(feature: str, packages: str, extra: str) -> str:
    """`FEATURE needs PACKAGES: <how to install EXTRA>`, the message of a missing extra."""
    return f"{feature} needs {packages}: {install_hint(extra)}"

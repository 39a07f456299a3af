"""What the documentation tests share: the repository's folders, the links of a Markdown
text, and the docs hook module (docs/ is no package, so it is loaded from its file)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
HOOK = DOCS / "hooks" / "stamperia_docs.py"

_LINK = re.compile(r"""\]\(([^)\s]+)\)|(?:src|href)="([^"]+)\"""")
_FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")


def links(markdown: str) -> list[str]:
    """The targets of Markdown links and images and of HTML src/href, outside code."""
    prose = _CODE.sub("", _FENCE.sub("", markdown))
    return [a or b for a, b in _LINK.findall(prose)]


def local(target: str) -> bool:
    """A link to a file of this repository (not a web address, mail or same-page anchor)."""
    return not re.match(r"[a-z][a-z0-9+.-]*:", target) and not target.startswith("#")


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stamperia_docs_hook", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

"""The error contract every layer keeps: a content problem names file, line and pointer."""

from __future__ import annotations

import traceback
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import Literal, Protocol

from stamperia.content.findings import MISSED_CHECK, Finding

Severity = Literal["error", "warning", "info"]

SHOWN_VALUE_CHARS = 80
"""A value quoted in a message is cut to about this many characters: one line, not 50 MB."""


@dataclass(frozen=True, order=True)
class ContentError:
    """One problem found in content: where it is, what is wrong, and what to do."""

    file: str
    line: int
    pointer: str
    message: str
    hint: str = ""
    severity: Severity = "error"
    code: str = ""
    """The kind's code in stamperia.content.findings (`R001`); empty until a stage tags it."""
    cell: str = ""
    """For a spreadsheet: the place shown instead of line and pointer (`Sheet1!C14`, or
    `14: column 'copies'` for CSV), as spreadsheet users read it."""

    def format(self) -> str:
        """`file:line: /json/pointer: message (hint)` — the form editors and CI parse."""
        where = f"{self.line}: {self.pointer or '/'}" if not self.cell else self.cell
        warning = "warning: " if self.severity == "warning" else ""
        text = f"{self.file}:{where}: {warning}{self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def as_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "pointer": self.pointer,
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity,
            "code": self.code,
            **({"cell": self.cell} if self.cell else {}),
        }


class ContentProblems(Exception):
    """Raised when content cannot be turned into a model; carries every problem found."""

    def __init__(self, problems: list[ContentError]) -> None:
        super().__init__(f"{len(problems)} content problem(s)")
        self.problems = sorted(problems)


class Locator(Protocol):
    """Where a pointer of a (possibly merged) document lives: (file, pointer there, line)."""

    def locate(self, pointer: str) -> tuple[str, str, int]: ...


@dataclass(frozen=True)
class Origin:
    """Where a model object came from, so later checks can point back at the JSON.

    `at` is the object's pointer in the document the model was built from; the locator
    turns `at` plus a suffix into the file and line that really hold it, which for an
    edition that extends another may be the parent's file.
    """

    file: str
    pointer: str
    line: int
    locator: Locator | None = field(default=None, compare=False, hash=False, repr=False)
    at: str = field(default="", compare=False, hash=False, repr=False)

    def _where(self, suffix: str) -> tuple[str, str, int]:
        if self.locator is not None:
            return self.locator.locate(self.at + suffix)
        return self.file, self.pointer + suffix, self.line

    def error(self, message: str, hint: str = "", suffix: str = "",
              kind: Finding | None = None) -> ContentError:
        file, pointer, line = self._where(suffix)
        return ContentError(file, line, pointer, message, hint, "error",
                            "" if kind is None else kind.code)

    def warning(self, message: str, hint: str = "", suffix: str = "",
                kind: Finding | None = None) -> ContentError:
        file, pointer, line = self._where(suffix)
        return ContentError(file, line, pointer, message, hint, "warning",
                            "" if kind is None else kind.code)

    def child(self, suffix: str) -> Origin:
        file, pointer, line = self._where(suffix)
        return Origin(file, pointer, line, self.locator, self.at + suffix)


def coded(problems: Iterable[ContentError], kind: Finding) -> list[ContentError]:
    """The problems, those without a code given `kind`'s: a stage's default kind for the
    findings of plug-ins that do not name one."""
    return [p if p.code else replace(p, code=kind.code) for p in problems]


def pointer_escape(token: str | int) -> str:
    """RFC 6901 escaping of one reference token."""
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer_join(tokens: tuple[str | int, ...] | list[str | int]) -> str:
    return "".join("/" + pointer_escape(t) for t in tokens)


def shorten(text: str, limit: int = SHOWN_VALUE_CHARS) -> str:
    """`text` cut in the middle to about `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]}...({len(text) - 2 * keep} characters)...{text[-keep:]}"


def missed_check(origin: Origin, what: str, error: Exception, suffix: str = "") -> ContentError:
    """An exception raised by a stage on content every earlier stage accepted, as a content
    error: a check is missing upstream, so it says where it failed and asks for a report.

    Stages run in order (well-formed, schema, references, rules, balance, kit) and each runs
    only on content the earlier ones accepted; none may end in "internal error".
    """
    where = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    at = f" in {PurePath(where.filename).name}:{where.lineno}" if where is not None else ""
    return origin.error(
        f"{what} ({type(error).__name__}{at}: {shorten(str(error))})",
        "every earlier check passed, so stamperia misses a check here: please report it "
        "with this game's files", suffix, MISSED_CHECK)

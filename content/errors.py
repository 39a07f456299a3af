"""The error contract every layer keeps: a content problem names file, line and pointer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, order=True)
class ContentError:
    """One problem found in content: where it is, what is wrong, and what to do."""

    file: str
    line: int
    pointer: str
    message: str
    hint: str = ""
    severity: Severity = "error"

    def format(self) -> str:
        """`file:line: /json/pointer: message (hint)` — the form editors and CI parse."""
        text = f"{self.file}:{self.line}: {self.pointer or '/'}: {self.message}"
        if self.severity == "warning":
            text = f"{self.file}:{self.line}: {self.pointer or '/'}: warning: {self.message}"
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
        }


class ContentProblems(Exception):
    """Raised when content cannot be turned into a model; carries every problem found."""

    def __init__(self, problems: list[ContentError]) -> None:
        super().__init__(f"{len(problems)} content problem(s)")
        self.problems = sorted(problems)


class LineLookup(Protocol):
    def line(self, pointer: str) -> int: ...


@dataclass(frozen=True)
class Origin:
    """Where a model object came from, so later checks can point back at the JSON."""

    file: str
    pointer: str
    line: int
    lines: LineLookup | None = field(default=None, compare=False, hash=False, repr=False)

    def _line(self, pointer: str) -> int:
        return self.lines.line(pointer) if self.lines is not None else self.line

    def error(self, message: str, hint: str = "", suffix: str = "") -> ContentError:
        pointer = self.pointer + suffix
        return ContentError(self.file, self._line(pointer), pointer, message, hint)

    def warning(self, message: str, hint: str = "", suffix: str = "") -> ContentError:
        pointer = self.pointer + suffix
        return ContentError(self.file, self._line(pointer), pointer, message, hint, "warning")

    def child(self, suffix: str) -> Origin:
        pointer = self.pointer + suffix
        return Origin(self.file, pointer, self._line(pointer), self.lines)


def pointer_escape(token: str | int) -> str:
    """RFC 6901 escaping of one reference token."""
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer_join(tokens: tuple[str | int, ...] | list[str | int]) -> str:
    return "".join("/" + pointer_escape(t) for t in tokens)

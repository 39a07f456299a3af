"""JSON parsing that remembers the line of every value, keyed by JSON pointer.

The standard json module gives values without positions; errors must name a line, so this
small recursive-descent reader records the line where each value starts. Strings and
numbers are decoded by the json module's own scanners, so values are exactly json's.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left
from dataclasses import dataclass
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any

from stamperia.content.errors import pointer_escape

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_FLOAT_MARKS = frozenset(".eE")
_LITERALS = {"true": True, "false": False, "null": None}
MAX_DEPTH = 64
"""Deeper nesting than any content or position schema allows; refused before recursing."""
MAX_NUMBER_CHARS = 40
"""Longer number literals are no count or size a game has; refused before conversion."""


class JsonSyntaxError(ValueError):
    """Malformed JSON, with the 1-based line and column where reading stopped."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


@dataclass(frozen=True)
class SourceMap:
    """Line of each JSON pointer in one file; unknown pointers fall back to their parent
    (so a value on its parent's line may be left out: `line` gives the same)."""

    lines: dict[str, int]

    def line(self, pointer: str) -> int:
        while pointer:
            if pointer in self.lines:
                return self.lines[pointer]
            pointer = pointer.rsplit("/", 1)[0]
        return self.lines.get("", 1)


def parse(text: str) -> tuple[Any, SourceMap]:
    """Parse JSON text into Python values and a pointer -> line map.

    Most files are well-formed: json's C parser reads their values, and one pass over
    their tokens records the lines (`_read_fast`). Anything that pass is not sure of
    (malformed JSON, a duplicate key, a constant like NaN, a nesting or a number this
    reader refuses) is read again by the reader below, which gives the values, the lines
    and the error exactly as it always has.
    """
    try:
        return _read_fast(text)
    except _NotPlain:
        return read_every_value(text)


def read_every_value(text: str) -> tuple[Any, SourceMap]:
    """`parse` by the reader alone, value by value: what `parse` gives for every text, and
    the error with its line and column for a text it refuses."""
    reader = _Reader(text)
    value = reader.value("")
    reader.skip()
    if reader.pos != len(text):
        reader.fail("extra data after the JSON value")
    return value, SourceMap(reader.lines)


class _NotPlain(Exception):
    """The fast path cannot vouch for this text: the full reader reads it."""


_NEXT = re.compile(r'[ \t\n\r,:]*(?:("(?:[^"\\]|\\.)*")|([{\[])|([}\]])|([^ \t\n\r{}\[\],:"]+))')
"""The next token of well-formed JSON after any blanks, commas and colons: a string (1),
an opening (2) or closing (3) bracket, or a number or literal (4)."""
_WALK = re.compile(r'[\s,:\[]-?\d[\d.]*[eE]|[\s,:\[]-?\d[-+\d.eE]{40,}')
"""In a container on one line: a number with an exponent (it may be out of range) or too
long, which the token pass must see (a string holding the like is only walked needlessly)."""
SHORT_LINE = 4096
"""Up to this many characters, a container is looked for the end of on its line alone."""


def _no_constants(name: str) -> Any:
    raise _NotPlain(name)  # NaN, Infinity: the reader refuses them


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _NotPlain("duplicate key")
    return found


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constants)


def _read_fast(text: str) -> tuple[Any, SourceMap]:
    """Values by json's C parser, lines by one pass over the tokens: the same values and
    lines as _Reader for a text it accepts; _NotPlain for any other text.

    A container that opens and closes on one line is recorded and stepped over whole
    (json's scanner finds its end): its values lie on its line, where SourceMap.line
    finds them through their parent. Only one whose numbers might be refused, or that
    nests too deep, is walked token by token.
    """
    try:
        value = _DECODER.decode(text)
    except (ValueError, RecursionError) as error:
        raise _NotPlain(str(error)) from None
    if _too_deep(value):
        raise _NotPlain("deep")
    scan = _DECODER.scan_once  # type: ignore[attr-defined]  # json's C scanner
    lines: dict[str, int] = {}
    pointers: list[str] = []  # the open containers' pointers
    opened_on: list[int] = []  # and their lines
    indexes: list[int] = []  # the next item's index in each, -1 in an object
    key = ""  # in an object: the pointer of the value after the last key read, else ""
    line, counted, pos = 1, 0, 0
    count, find, next_token = text.count, text.find, _NEXT.match
    while (match := next_token(text, pos)) is not None:
        pos = match.end()
        kind = match.lastindex or 0
        if kind == 3:  # a closing bracket
            pointers.pop()
            opened_on.pop()
            indexes.pop()
            key = ""
            continue
        token = match.group(kind)
        if indexes and indexes[-1] < 0 and not key:  # a key of an object
            name = token[1:-1] if "\\" not in token else scanstring(token, 1, True)[0]
            key = pointers[-1] + "/" + pointer_escape(name)
            continue
        if key:
            pointer, key = key, ""
        elif indexes:
            pointer = f"{pointers[-1]}/{indexes[-1]}"
            indexes[-1] += 1
        else:
            pointer = ""
        start = match.start(kind)
        line += count("\n", counted, start)
        counted = start
        if not opened_on or line != opened_on[-1]:
            lines[pointer] = line  # else its parent's line is its own
        if kind == 2:  # an opening bracket
            if len(pointers) == MAX_DEPTH:
                raise _NotPlain("deep")
            newline = find("\n", start)
            try:  # where it ends, reading its line alone when the line is short
                if 0 <= newline - start <= SHORT_LINE:
                    end = start + scan(text[start:newline], 0)[1]
                else:
                    end = scan(text, start)[1]
            except (StopIteration, ValueError, RecursionError):  # it goes on past its line
                end = -1
            if end > 0 and (newline < 0 or end <= newline) and not _WALK.search(
                    text, start, end):
                pos = end
                continue
            pointers.append(pointer)
            opened_on.append(line)
            indexes.append(-1 if token == "{" else 0)
        elif kind == 4 and token[0] not in "tfn" and (
                len(token) > MAX_NUMBER_CHARS or (_FLOAT_MARKS.intersection(token)
                                                  and not math.isfinite(float(token)))):
            raise _NotPlain("number")
    return value, SourceMap(lines)


def _too_deep(value: Any) -> bool:
    """Whether containers nest deeper than MAX_DEPTH anywhere in the value (one level at
    a time: a comprehension per level, not a call per value)."""
    level = [value] if type(value) in _CONTAINERS else []
    depth = 1
    while level:
        level = [item for container in level
                 for item in (container.values() if type(container) is dict else container)
                 if type(item) in _CONTAINERS]
        if level and depth == MAX_DEPTH:
            return True
        depth += 1
    return False


_CONTAINERS = (dict, list)
"""What json gives for objects and arrays (exactly these types)."""


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0
        self.lines: dict[str, int] = {}
        self._newlines = [m.start() for m in re.finditer("\n", text)]
        self._blank = _WHITESPACE.match

    def line_of(self, pos: int) -> int:
        return bisect_left(self._newlines, pos) + 1

    def fail(self, message: str, pos: int | None = None) -> None:
        pos = self.pos if pos is None else pos
        line = self.line_of(pos)
        start = self._newlines[line - 2] + 1 if line > 1 else 0
        raise JsonSyntaxError(message, line, pos - start + 1)

    def skip(self) -> None:
        match = self._blank(self.text, self.pos)
        assert match is not None
        self.pos = match.end()

    def value(self, pointer: str) -> Any:
        match = self._blank(self.text, self.pos)
        assert match is not None
        pos = self.pos = match.end()
        self.lines[pointer] = bisect_left(self._newlines, pos) + 1
        if pos >= len(self.text):
            self.fail("unexpected end of file: a value is missing")
        char = self.text[pos]
        if char == "{":
            return self.obj(pointer)
        if char == "[":
            return self.array(pointer)
        if char == '"':
            return self.string()
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return literal
        match = _NUMBER.match(self.text, self.pos)
        if match:
            return self.number(match.group())
        self.fail(f"unexpected character {char!r}: expected a value")
        return None

    def number(self, literal: str) -> int | float:
        """The number, refusing what no game means: overlong literals and overflows to inf."""
        if len(literal) > MAX_NUMBER_CHARS:
            self.fail(f"a number of {len(literal)} characters: no count or size is that long")
        # json's own conversion (its scanner's parse_int and parse_float), without a decoder
        value = float(literal) if _FLOAT_MARKS.intersection(literal) else int(literal)
        if isinstance(value, float) and not math.isfinite(value):
            self.fail(f"the number {literal} is out of range")
        self.pos += len(literal)
        return value

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"nesting deeper than {MAX_DEPTH} levels: no content needs that")

    def string(self) -> str:
        try:
            text, self.pos = scanstring(self.text, self.pos + 1, True)
        except json.JSONDecodeError as error:
            self.fail(f"bad string: {error.msg}", error.pos)
        return str(text)

    def obj(self, pointer: str) -> dict[str, Any]:
        self.nest()
        self.pos += 1
        result: dict[str, Any] = {}
        self.skip()
        if self.text.startswith("}", self.pos):
            self.pos += 1
            self.depth -= 1
            return result
        while True:
            self.skip()
            if not self.text.startswith('"', self.pos):
                self.fail("expected a property name in double quotes")
            key_pos = self.pos
            key = self.string()
            if key in result:
                self.fail(f"duplicate key {key!r}", key_pos)
            self.skip()
            if not self.text.startswith(":", self.pos):
                self.fail("expected ':' after the property name")
            self.pos += 1
            result[key] = self.value(pointer + "/" + pointer_escape(key))
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
                continue
            if self.text.startswith("}", self.pos):
                self.pos += 1
                self.depth -= 1
                return result
            self.fail("expected ',' or '}' after a property")

    def array(self, pointer: str) -> list[Any]:
        self.nest()
        self.pos += 1
        result: list[Any] = []
        self.skip()
        if self.text.startswith("]", self.pos):
            self.pos += 1
            self.depth -= 1
            return result
        while True:
            result.append(self.value(f"{pointer}/{len(result)}"))
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
                continue
            if self.text.startswith("]", self.pos):
                self.pos += 1
                self.depth -= 1
                return result
            self.fail("expected ',' or ']' after an array item")

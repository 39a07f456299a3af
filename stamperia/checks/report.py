"""`stamperia check` reports in the formats CI platforms read: text, JSON, SARIF, GitHub
workflow commands and JUnit XML, all from the same checked games.

Every format is a pure function of the results and the options, with everything sorted,
so the same content gives byte-identical reports.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from stamperia.checks.run import CheckedGame, as_json, prototype_line
from stamperia.content.errors import ContentError
from stamperia.content.findings import MISSED_CHECK, Finding, finding
from stamperia.content.guards import read_text, too_large


@dataclass(frozen=True)
class ReportOptions:
    """What changes a report besides the findings: --strict fails on warnings; the
    balance stage may have been skipped with --no-balance."""

    strict: bool
    balance: bool


def kind_of(problem: ContentError) -> Finding:
    """The registered kind of a finding; one without a known code is a check stamperia
    misses (every stage tags its findings, so this is a bug to report)."""
    return finding(problem.code) or MISSED_CHECK


def failed(checked: list[CheckedGame], options: ReportOptions) -> bool:
    """Whether the check fails: errors, or with --strict any warning."""
    return any(c.report.errors or (options.strict and c.report.warnings) for c in checked)


def summary(checked: list[CheckedGame]) -> str:
    errors = sum(c.report.errors for c in checked)
    warnings = sum(c.report.warnings for c in checked)
    return f"checked {len(checked)} game(s): {errors} error(s), {warnings} warning(s)"


def text_line(problem: ContentError) -> str:
    """`file:line: /pointer: message (hint) [R001]`: the code names what `explain` tells."""
    return f"{problem.format()} [{kind_of(problem).code}]"


def columns_reader() -> Callable[[str, int], int]:
    """A lookup of the column where a reported line's content starts (1-based).

    Findings name a line; annotations and SARIF also want a column. The first non-blank
    character of the line is where the member that line holds begins. Files are read
    once per report; an unreadable one gives column 1, and so does one that is not a
    regular file or is over the size bound (a reported pipe or 5 GB file is never read).
    """
    read = file_lines()

    def column(file: str, line: int) -> int:
        lines = read(file)
        if not 1 <= line <= len(lines):
            return 1
        text = lines[line - 1]
        return len(text) - len(text.lstrip()) + 1 if text.strip() else 1

    return column


def render_text(checked: list[CheckedGame], _options: ReportOptions) -> str:
    out: list[str] = []
    for entry in checked:
        out += [text_line(problem) for problem in entry.report.problems]
        out += [f"{entry.name}: {note}" for note in entry.report.notes]
        if entry.prototype is not None:
            out.append(f"{entry.name}: {prototype_line(entry.prototype)}")
        status = "ok" if not entry.report.errors else (
            f"{entry.report.errors} error(s), {entry.report.warnings} warning(s)")
        out.append(f"{entry.name}: {status}")
    out.append(summary(checked))
    return "\n".join(out)


def finding_column(problem: ContentError, lines: Callable[[str], list[str]]) -> int | None:
    """Where on its line a finding starts (1-based), where that is known: in a JSON file
    the member the line holds; in a CSV file the cell its column names; None for a
    workbook (its cell says where) or a finding with no line."""
    if problem.line < 1:
        return None
    text = lines(problem.file)
    if not 1 <= problem.line <= len(text):
        return None
    line = text[problem.line - 1]
    if problem.file.lower().endswith(".csv"):  # a row names its column: "column 'Art'"
        header = CSV_COLUMN.search(problem.cell or problem.pointer)
        return None if header is None else csv_cell_column(text[0], line, header.group(1))
    if problem.cell:
        return None
    return len(line) - len(line.lstrip()) + 1 if line.strip() else 1


CSV_COLUMN = re.compile(r"column '(.*)'$")


def csv_cell_column(header: str, line: str, name: str) -> int | None:
    """The column (1-based) where the cell under `name` starts on a CSV line."""
    names = next(csv.reader([header]), [])
    if name not in names:
        return None
    wanted, index, start, quoted = names.index(name), 0, 0, False
    for position, char in enumerate(line):
        if index == wanted:
            return start + 1
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            index, start = index + 1, position + 1
    return start + 1 if index == wanted else None


def file_lines() -> Callable[[str], list[str]]:
    """A file's lines, each file read once per report (unreadable or too large: none)."""
    files: dict[str, list[str]] = {}

    def lines(file: str) -> list[str]:
        if file not in files:
            try:
                files[file] = ([] if too_large(Path(file), file) is not None
                               else read_text(Path(file)).splitlines())
            except (OSError, UnicodeDecodeError):
                files[file] = []
        return files[file]

    return lines


def render_json(checked: list[CheckedGame], options: ReportOptions) -> str:
    report = as_json(checked)
    lines = file_lines()
    games = report["games"]
    assert isinstance(games, list)
    for game, entry in zip(games, checked, strict=True):
        for shown, problem in zip(game["problems"], entry.report.problems, strict=True):
            column = finding_column(problem, lines)
            if column is not None:
                shown["column"] = column
    report["strict"] = options.strict
    report["failed"] = failed(checked, options)
    return json.dumps(report, indent=2, ensure_ascii=False)


def escape_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub's runner unescapes it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: also ':' and ',', which separate properties."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(checked: list[CheckedGame], _options: ReportOptions) -> str:
    """One `::error` / `::warning` workflow command per finding, then the summary line."""
    column = columns_reader()
    out: list[str] = []
    for entry in checked:
        for problem in entry.report.problems:
            kind = kind_of(problem)
            command = "warning" if problem.severity == "warning" else "error"
            message = f"{problem.pointer or '/'}: {problem.message}"
            if problem.hint:
                message += f" ({problem.hint})"
            properties = ",".join((
                f"file={escape_property(problem.file)}",
                f"line={problem.line}",
                f"col={column(problem.file, problem.line)}",
                f"title={escape_property(kind.label)}"))
            out.append(f"::{command} {properties}::{escape_data(message)}")
    out.append(summary(checked))
    return "\n".join(out)


def render(checked: list[CheckedGame], fmt: str, options: ReportOptions) -> str:
    """The report in one of FORMATS (SARIF's and JUnit's modules imported only for them)."""
    if fmt == "sarif":
        from stamperia.checks.sarif import render_sarif

        return render_sarif(checked, options)
    if fmt == "junit":
        from stamperia.checks.junit import render_junit

        return render_junit(checked, options)
    renderers: dict[str, Callable[[list[CheckedGame], ReportOptions], str]] = {
        "text": render_text, "json": render_json, "github": render_github}
    return renderers[fmt](checked, options)


def render_usage_error(message: str, fmt: str) -> str:
    """A usage error (unknown game, bad option) in the machine format asked for, so a CI
    step that parses the report still gets a valid document naming the error."""
    from stamperia.checks.junit import junit_usage_error
    from stamperia.checks.sarif import sarif_usage_error

    if fmt == "json":
        return json.dumps({"games": [], "errors": 0, "warnings": 0, "failed": True,
                           "usage_error": message}, indent=2, ensure_ascii=False)
    if fmt == "sarif":
        return sarif_usage_error(message)
    if fmt == "junit":
        return junit_usage_error(message)
    if fmt == "github":
        return f"::error title=stamperia check::{escape_data(message)}"
    return message

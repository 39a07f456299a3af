"""SARIF 2.1.0 for code scanning: one run, a rule per finding code, a result per finding.

Paths are made relative to the source root, %SRCROOT%: the repository holding the folder
check ran in (the nearest folder above with `.git`), else that folder. Its absolute file:
URI is in `originalUriBaseIds`, so a location resolves from the repository root as code
scanning expects, wherever in the repository check ran; a file outside it gets an absolute
file: URI.
"""

from __future__ import annotations

import json
import os
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from stamperia.checks.report import ReportOptions, columns_reader, failed, kind_of
from stamperia.checks.run import CheckedGame
from stamperia.content.errors import ContentError
from stamperia.content.findings import FINDINGS, Finding

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
WARNING_KINDS = frozenset({"B", "R006"})
"""Stages and codes whose findings are warnings (balance, untranslated texts)."""


def _tool_version() -> str:
    try:
        return version("stamperia")
    except PackageNotFoundError:
        return "0"


def default_level(kind: Finding) -> str:
    return "warning" if kind.code in WARNING_KINDS or kind.code[0] in WARNING_KINDS else "error"


def rule(kind: Finding) -> dict[str, object]:
    """A reportingDescriptor: id, name, the title and the explanation with how to fix it."""
    return {
        "id": kind.code,
        "name": kind.slug,
        "shortDescription": {"text": kind.title},
        "fullDescription": {"text": kind.explanation},
        "help": {"text": f"{kind.explanation} How to fix: {kind.fix}",
                 "markdown": f"{kind.explanation}\n\n**How to fix:** {kind.fix}"},
        "defaultConfiguration": {"level": default_level(kind)},
        "properties": {"stage": kind.stage.name},
    }


def source_root(start: Path) -> Path:
    """The repository's root above `start` (the folder holding `.git`), else `start`."""
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return start


def artifact_location(file: str, root: Path | None = None) -> dict[str, str]:
    """A file inside `root` (the source root; the working folder when None) as a URI
    reference against %SRCROOT%; any other as an absolute file: URI."""
    base = Path(os.path.abspath(".")) if root is None else root
    path = Path(os.path.abspath(file))
    try:
        inside = path.relative_to(base)
    except ValueError:
        return {"uri": path.as_uri()}
    return {"uri": quote(PurePosixPath(*inside.parts).as_posix()), "uriBaseId": "%SRCROOT%"}


def _tool() -> dict[str, object]:
    """The driver with a rule for every registered code, in registry order (ruleIndex)."""
    return {"driver": {
        "name": "stamperia",
        "version": _tool_version(),
        "rules": [rule(kind) for kind in FINDINGS],
    }}


def _log(tool: dict[str, object], results: list[dict[str, object]],
         invocation: dict[str, object], root: Path) -> str:
    base = root.as_uri().rstrip("/") + "/"
    log = {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION,
           "runs": [{"tool": tool, "invocations": [invocation], "results": results,
                     "originalUriBaseIds": {"%SRCROOT%": {"uri": base}}}]}
    return json.dumps(log, indent=2, ensure_ascii=False)


def render_sarif(checked: list[CheckedGame], options: ReportOptions) -> str:
    rule_index = {kind.code: i for i, kind in enumerate(FINDINGS)}
    column = columns_reader()
    root = source_root(Path(os.path.abspath(".")))
    results = [_result(game.name, problem, rule_index, column(problem.file, problem.line),
                       root)
               for game in checked for problem in game.report.problems]
    invocation: dict[str, object] = {"executionSuccessful": True,
                  "exitCode": 1 if failed(checked, options) else 0,
                  "properties": {"strict": options.strict,
                                 "games": [game.name for game in checked]}}
    return _log(_tool(), results, invocation, root)


def _result(game: str, problem: ContentError, rule_index: dict[str, int],
            column: int, root: Path) -> dict[str, object]:
    kind = kind_of(problem)
    message = f"{problem.pointer or '/'}: {problem.message}"
    if problem.hint:
        message += f" ({problem.hint})"
    return {
        "ruleId": kind.code,
        "ruleIndex": rule_index[kind.code],
        "level": "warning" if problem.severity == "warning" else "error",
        "message": {"text": message},
        "locations": [{"physicalLocation": {
            "artifactLocation": artifact_location(problem.file, root),
            "region": {"startLine": max(1, problem.line), "startColumn": column},
        }, "logicalLocations": [{"fullyQualifiedName": problem.pointer or "/",
                                 "kind": "element"}]}],
        "properties": {"game": game, "pointer": problem.pointer or "/"},
    }


def sarif_usage_error(message: str) -> str:
    """A run that did not check anything: no results, a failed invocation naming why."""
    invocation: dict[str, object] = {"executionSuccessful": False, "exitCode": 2,
                  "toolExecutionNotifications": [{"level": "error",
                                                  "message": {"text": message}}]}
    return _log(_tool(), [], invocation, source_root(Path(os.path.abspath("."))))

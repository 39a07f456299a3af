"""JUnit XML for GitLab and other CI test reports: a testsuite per game, a testcase per stage.

A stage with errors (or, with --strict, warnings) fails with its findings; a stage after a
failing one did not run and is skipped, as is the balance stage under --no-balance.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from stamperia.checks.report import ReportOptions, kind_of, text_line
from stamperia.checks.run import CheckedGame
from stamperia.content.errors import ContentError
from stamperia.content.findings import STAGES, Stage

RUN_STAGES = tuple(stage for stage in STAGES if stage.name != "missed-check")
"""The stages every game goes through; a missed check is reported under its own case
only when one happens."""


def _stage_of(problem: ContentError) -> Stage:
    return kind_of(problem).stage


def _failing(problems: list[ContentError], options: ReportOptions) -> list[ContentError]:
    return [p for p in problems if p.severity == "error" or options.strict]


def _suite(game: CheckedGame, options: ReportOptions) -> ET.Element:
    suite = ET.Element("testsuite", {"name": game.name})
    by_stage: dict[str, list[ContentError]] = {}
    for problem in game.report.problems:
        by_stage.setdefault(_stage_of(problem).name, []).append(problem)
    stages = [*RUN_STAGES, *(s for s in STAGES if s not in RUN_STAGES and s.name in by_stage)]
    counts = {"tests": 0, "failures": 0, "skipped": 0}
    stopped = ""
    for stage in stages:
        case = ET.SubElement(suite, "testcase", {"classname": game.name, "name": stage.name})
        counts["tests"] += 1
        problems = by_stage.get(stage.name, [])
        failing = _failing(problems, options)
        if stopped and not problems:
            ET.SubElement(case, "skipped", {"message": f"not run: the {stopped} stage failed"})
            counts["skipped"] += 1
            continue
        if stage.name == "balance" and not options.balance and not problems:
            ET.SubElement(case, "skipped", {"message": "not run: --no-balance"})
            counts["skipped"] += 1
            continue
        if failing:
            counts["failures"] += 1
            kinds = sorted({kind_of(p).label for p in failing})
            failure = ET.SubElement(case, "failure", {
                "message": f"{len(failing)} finding(s): {', '.join(kinds)}",
                "type": kinds[0] if len(kinds) == 1 else "several"})
            failure.text = "\n".join(text_line(p) for p in failing)
            if any(p.severity == "error" for p in failing):
                stopped = stopped or stage.name
        others = [p for p in problems if p not in failing]
        if others:
            ET.SubElement(case, "system-out").text = "\n".join(text_line(p) for p in others)
    suite.set("tests", str(counts["tests"]))
    suite.set("failures", str(counts["failures"]))
    suite.set("errors", "0")
    suite.set("skipped", str(counts["skipped"]))
    return suite


def _document(suites: list[ET.Element]) -> str:
    root = ET.Element("testsuites", {"name": "stamperia check"})
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
    root.extend(suites)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")


def render_junit(checked: list[CheckedGame], options: ReportOptions) -> str:
    return _document([_suite(game, options) for game in checked])


def junit_usage_error(message: str) -> str:
    """A usage error as one errored testcase, so the CI report shows why nothing ran."""
    suite = ET.Element("testsuite", {"name": "stamperia check", "tests": "1", "failures": "0",
                                     "errors": "1", "skipped": "0"})
    case = ET.SubElement(suite, "testcase", {"classname": "stamperia", "name": "usage"})
    ET.SubElement(case, "error", {"message": message, "type": "usage"}).text = message
    return _document([suite])

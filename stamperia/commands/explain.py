"""`stamperia explain CODE`: what a finding means and how to fix it, from the registry."""

from __future__ import annotations

import difflib

import click

from stamperia.content.findings import FINDINGS, STAGES, Finding, finding


def explanation(kind: Finding) -> str:
    """The text `explain` prints: label, title, stage, meaning and fix."""
    return "\n".join((
        f"{kind.label}: {kind.title}",
        f"stage: {kind.stage.name}",
        "",
        kind.explanation,
        "",
        f"How to fix: {kind.fix}",
    ))


def explain_code(code: str) -> str:
    """The explanation of a code or slug; an unknown one is a usage error with close
    matches (by code and by slug)."""
    kind = finding(code)
    if kind is not None:
        return explanation(kind)
    names = [k.code for k in FINDINGS] + [k.slug for k in FINDINGS]
    close = difflib.get_close_matches(code.strip().upper(), [k.code for k in FINDINGS], 3, 0.75)
    close += difflib.get_close_matches(code.strip().lower(), [k.slug for k in FINDINGS], 3, 0.6)
    kinds = [finding(name) for name in dict.fromkeys(close)]
    labels = [k.label for k in kinds if k is not None]
    hint = (f"did you mean {', '.join(dict.fromkeys(labels))}?" if labels else
            f"codes run from {names[0]} to {FINDINGS[-1].code}")
    raise click.UsageError(f"unknown finding code {code!r}: {hint} "
                           "(docs/checks.md lists them all)")


def checks_markdown() -> str:
    """docs/checks.md: every code of the registry, by stage (a test keeps the file equal)."""
    out = ["# Checks and their codes", "",
           "Every finding of `stamperia check` has a stable code: a letter for the stage that",
           "finds it, a number, and a slug. The text report ends each line with the code;",
           "`stamperia explain CODE` prints the entry below. This file is generated from",
           "`content/findings.py` (`STAMPERIA_UPDATE_GOLDEN=1 pytest "
           "tests/test_cli/test_explain.py`).", ""]
    for stage in STAGES:
        kinds = [kind for kind in FINDINGS if kind.stage == stage]
        if not kinds:
            continue
        out += [f"## {stage.letter}: {stage.name}", ""]
        for kind in kinds:
            out += [f"### {kind.label}", "", f"**{kind.title}.** {kind.explanation}", "",
                    f"How to fix: {kind.fix}", ""]
    return "\n".join(out)

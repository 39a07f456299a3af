"""`stamperia explain CODE`: what a finding means and how to fix it, from the registry."""

from __future__ import annotations

import difflib

import click

from content.findings import FINDINGS, Finding, finding


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

"""`stamperia explain CODE` and docs/checks.md, both from the registry of finding codes."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.commands.explain import checks_markdown
from stamperia.content.findings import FINDINGS

CHECKS_DOC = Path(__file__).parents[2] / "docs" / "checks.md"


def test_explain_prints_meaning_and_fix() -> None:
    result = CliRunner().invoke(cli, ["explain", "R001"])
    assert result.exit_code == 0
    assert result.output == (
        "R001 unknown-reference: A name refers to nothing in the game\n"
        "stage: references\n"
        "\n"
        "A zone, territory, faction, card or other id is named but never defined.\n"
        "\n"
        "How to fix: Use one of the defined ids (the hint suggests the closest) or define "
        "the missing one.\n")


def test_explain_takes_the_slug_and_lower_case_code() -> None:
    by_code = CliRunner().invoke(cli, ["explain", "K002"]).output
    assert CliRunner().invoke(cli, ["explain", "missing-glyph"]).output == by_code
    assert CliRunner().invoke(cli, ["explain", "k002"]).output == by_code


def test_explain_unknown_code_exits_2_with_close_matches() -> None:
    result = CliRunner().invoke(cli, ["explain", "unknown-refrence"])
    assert result.exit_code == 2
    assert ("Error: unknown finding code 'unknown-refrence': did you mean R001 unknown-reference, "
            "R007 unknown-ruleset? "
            "(docs/checks.md lists them all)") in result.output
    slug = CliRunner().invoke(cli, ["explain", "unknown-referense"])
    assert slug.exit_code == 2
    assert "did you mean R001 unknown-reference, R007 unknown-ruleset?" in slug.output


def test_explain_knows_every_registered_code() -> None:
    for kind in FINDINGS:
        result = CliRunner().invoke(cli, ["explain", kind.code])
        assert result.exit_code == 0, kind.code
        assert result.output.startswith(f"{kind.label}: {kind.title}\n")


def test_docs_checks_md_is_generated_from_the_registry() -> None:
    """docs/checks.md lists every code; regenerate it with STAMPERIA_UPDATE_GOLDEN=1."""
    expected = checks_markdown()
    if os.environ.get("STAMPERIA_UPDATE_GOLDEN"):
        CHECKS_DOC.write_text(expected, encoding="utf-8")
    assert CHECKS_DOC.read_text(encoding="utf-8") == expected, (
        "docs/checks.md is out of date: STAMPERIA_UPDATE_GOLDEN=1 pytest "
        "tests/test_cli/test_explain.py")
    for kind in FINDINGS:
        assert f"### {kind.label}\n" in expected

"""The registry of finding codes: unique, well-formed, explained, complete."""

from __future__ import annotations

import re

from stamperia.content import findings
from stamperia.content.findings import FINDINGS, STAGES, Finding, finding


def test_codes_and_slugs_are_unique_and_well_formed() -> None:
    codes = [kind.code for kind in FINDINGS]
    slugs = [kind.slug for kind in FINDINGS]
    assert len(set(codes)) == len(codes)
    assert len(set(slugs)) == len(slugs)
    letters = {stage.letter for stage in STAGES}
    for kind in FINDINGS:
        assert re.fullmatch(r"[A-Z]\d{3}", kind.code), kind.code
        assert kind.code[0] in letters, kind.code
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", kind.slug), kind.slug


def test_every_code_has_a_title_an_explanation_and_a_fix() -> None:
    for kind in FINDINGS:
        assert kind.title and not kind.title.endswith("."), kind.code
        assert kind.explanation.endswith("."), kind.code
        assert kind.fix.endswith("."), kind.code


def test_every_kind_defined_in_the_module_is_registered() -> None:
    defined = {value for value in vars(findings).values() if isinstance(value, Finding)}
    assert defined == set(FINDINGS)


def test_registry_is_in_stage_then_code_order() -> None:
    order = [(next(i for i, s in enumerate(STAGES) if s == kind.stage), kind.code)
             for kind in FINDINGS]
    assert order == sorted(order)


def test_finding_looks_up_code_slug_and_label() -> None:
    assert finding("R001") is findings.UNKNOWN_REFERENCE
    assert finding("unknown-reference") is findings.UNKNOWN_REFERENCE
    assert finding("R001 unknown-reference") is findings.UNKNOWN_REFERENCE
    assert finding("R999") is None

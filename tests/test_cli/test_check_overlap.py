"""`stamperia check` plays its balance stage in a forked child beside the kit checks
(stamperia.checks.overlap): the report is the same as one process gives, failures included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stamperia.checks import overlap
from stamperia.checks.overlap import Overlapped
from stamperia.checks.run import check_one
from stamperia.content.findings import MISSED_CHECK

forks = pytest.mark.skipif(not overlap.can_fork(), reason="no fork or a single core here")


def test_work_runs_in_a_child_and_its_result_comes_back() -> None:
    parent = os.getpid()
    pending = Overlapped(lambda: ("ran in", os.getpid() != parent, [1.5, "x"]))
    assert pending.result() == ("ran in", overlap.can_fork(), [1.5, "x"])
    assert pending.result() == ("ran in", overlap.can_fork(), [1.5, "x"])  # kept


@forks
def test_a_child_that_dies_leaves_the_work_to_the_parent() -> None:
    parent = os.getpid()

    def work() -> str:
        if os.getpid() != parent:
            os._exit(3)  # the child dies before it sends anything
        return "done here"

    assert Overlapped(work).result() == "done here"


def test_without_fork_the_work_runs_at_once_here() -> None:
    parent, ran = os.getpid(), []
    pending = Overlapped(lambda: ran.append(os.getpid()) or "now", fork=False)
    assert ran == [parent]
    assert pending.result() == "now"


@forks
def test_check_reports_the_same_with_and_without_the_child(tiny: Path) -> None:
    together = check_one("tiny", 3, balance_games=4, overlap=True)
    alone = check_one("tiny", 3, balance_games=4, overlap=False)
    assert together == alone
    assert any(note.startswith("balance 2 players") for note in together.report.notes)
    assert together.report.warnings > 0  # the tiny game trips the balance stage


@forks
def test_a_balance_stage_failure_is_the_rules_stage_failure_either_way(
        tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage that raises in the child is reported as one process reports it: one
    missed-check error at the manifest, no kit findings, no notes."""
    import stamperia.rules.balance

    def broken(*_: object) -> None:
        raise ZeroDivisionError("seat shares of no games")

    monkeypatch.setattr(stamperia.rules.balance, "play_claimed", broken)
    together = check_one("tiny", 0, overlap=True)
    alone = check_one("tiny", 0, overlap=False)
    assert together == alone
    (problem,) = together.report.problems
    assert problem.code == MISSED_CHECK.code
    assert "the rules stage could not handle this content (ZeroDivisionError in " \
        "test_check_overlap.py" in problem.message
    assert together.report.notes == ()

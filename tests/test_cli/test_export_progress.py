"""The page progress bar: drawn on a terminal's stderr, silent when stderr is not one."""

from __future__ import annotations

import io

import pytest

from stamperia.building import exports as exporting


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_that_reaches_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    tick = exporting.page_ticker()
    for done in (1, 2, 3):
        tick(done, 3)
    shown = terminal.getvalue()
    assert "rendering pages" in shown
    assert "3/3" in shown and shown.endswith("\n")


def test_no_terminal_no_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = io.StringIO()
    monkeypatch.setattr("sys.stderr", pipe)
    tick = exporting.page_ticker()
    tick(1, 1)
    assert pipe.getvalue() == ""

"""`stamperia studio`'s usage errors: each exits 2 with what to do, before serving."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

pytest.importorskip("starlette")


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["studio", "--no-browser", *args])
    return result.exit_code, result.output


def test_an_unknown_game_is_a_usage_error() -> None:
    code, output = _run("nosuchgame")
    assert code == 2
    assert "Error: unknown game 'nosuchgame': choose one of iwari, mugrugni, sgrunt" in output


def test_no_game_outside_a_game_folder_is_a_usage_error(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = _run()
    assert code == 2
    assert "run the studio inside a game's folder" in output


def test_a_card_size_no_paper_holds_is_a_usage_error() -> None:
    code, output = _run("sgrunt", "--card-size", "400x400")
    assert code == 2 and "--card-size" in output


def test_a_locale_the_game_lacks_is_a_usage_error() -> None:
    code, output = _run("warland", "--locale", "xx")
    assert code == 2
    assert "warland has no locale 'xx': choose from it" in output


def test_a_missing_reports_folder_is_a_usage_error(tmp_path: Path) -> None:
    code, output = _run("splut", "--reports", str(tmp_path / "nope"))
    assert code == 2 and "no such folder" in output


def test_a_port_in_use_is_a_usage_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code, output = _run("splut", "--port", str(port))
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in output and "--port" in output


@pytest.mark.parametrize("module", ["starlette", "uvicorn", "watchfiles"])
def test_the_studio_without_its_extra_says_how_to_install_it(
        module: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, module, None)
    code, output = _run("splut")
    assert code == 2
    assert output.splitlines()[-1] == (
        "Error: stamperia studio needs starlette, uvicorn and watchfiles: pip install "
        "'stamperia[studio]' (from a source checkout: pip install '.[studio]' in its "
        "folder, with -e if it was installed editable)")

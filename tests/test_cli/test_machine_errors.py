"""Errors of the machine (an unwritable or wrong-kind path, a full disk) are said in words and
exit 1 or 2, never 3; exit 3 is left for bugs.

The sandbox runs tests as root, which ignores file permissions, so permission denied is
simulated by making the one call that writes fail with EACCES; the real-permission twins
run only when not root.
"""

from __future__ import annotations

import builtins
import errno
import json
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia import cli as climodule
from stamperia.building import kit as building
from stamperia.building import outputfolder
from stamperia.cli import cli

ROOT = os.geteuid() == 0
NOT_AS_ROOT = pytest.mark.skipif(ROOT, reason="root ignores chmod, so a real read-only "
                                               "folder cannot be made; the simulated twin runs")
BUILD_USAGE = ("Usage: cli build [OPTIONS] [GAMES]...\n"
               "Try 'cli build --help' for help.\n\n")


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _files(folder: Path) -> dict[Path, bytes]:
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _deny_lock_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first write into OUT is opening its lock file: refuse it as a read-only OUT."""
    real_open = builtins.open

    def refusing(file: object, *args: object) -> object:
        if str(file).endswith(outputfolder.LOCK_NAME):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args)  # type: ignore[call-overload]

    monkeypatch.setattr(outputfolder, "open", refusing, raising=False)


def test_read_only_out_is_said_and_exits_1(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tiny / "kits").mkdir()
    _deny_lock_file(monkeypatch)
    result = CliRunner().invoke(cli, ["build", "tiny", "--out", "kits"])
    assert result.exit_code == 1
    assert result.output == "Error: cannot write to kits: permission denied\n"
    assert list((tiny / "kits").iterdir()) == []


@NOT_AS_ROOT
def test_really_read_only_out(tiny: Path) -> None:
    (tiny / "kits").mkdir(mode=0o555)
    result = CliRunner().invoke(cli, ["build", "tiny", "--out", "kits"])
    assert result.exit_code == 1
    assert result.output == "Error: cannot write to kits: permission denied\n"


def test_out_in_a_read_only_folder(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refusing(self: Path, *_args: object, **_kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refusing)
    result = CliRunner().invoke(cli, ["build", "tiny", "--out", "locked/kits"])
    assert result.exit_code == 1
    assert result.output == "Error: cannot write to locked/kits: permission denied\n"


@pytest.mark.parametrize(("out", "message"), [
    ("a-file", "Invalid value for '--out': Directory 'a-file' is a file."),  # click's check
    ("/dev/null", "Invalid value for --out: cannot write to /dev/null: not a folder"),
])
def test_out_that_is_a_file_is_a_usage_error(tiny: Path, out: str, message: str) -> None:
    (tiny / "a-file").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", "tiny", "--out", out])
    assert result.exit_code == 2
    assert result.output == BUILD_USAGE + f"Error: {message}\n"
    assert (tiny / "a-file").read_text(encoding="utf-8") == "mine"


def _disk_full_at(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up when the kit's file `name` is written (write() names no file)."""
    real = building.write_file

    def filling(path: Path, data: bytes) -> None:
        if path.name == name:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(building, "write_file", filling)


def test_disk_full_keeps_the_previous_kit(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert CliRunner().invoke(cli, ["build", "tiny"]).exit_code == 0
    before = _files(tiny / "output")
    _disk_full_at("cards.pdf", monkeypatch)
    result = CliRunner().invoke(cli, ["build", "tiny", "--paper", "letter"])
    assert result.exit_code == 1
    assert result.output == ("Error: disk full while writing output/tiny/it/cards.pdf; "
                             "the previous kit is intact\n")
    assert _files(tiny / "output") == before  # no staging folder left either


def test_disk_full_on_a_first_build_leaves_nothing(tiny: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_full_at("manifest.json", monkeypatch)
    result = CliRunner().invoke(cli, ["build", "tiny"])
    assert result.exit_code == 1
    assert result.output == ("Error: disk full while writing output/tiny/manifest.json; "
                             "no partial kit was left\n")
    assert [p.name for p in (tiny / "output").iterdir()] == [outputfolder.LOCK_NAME]


def test_a_failed_swap_puts_the_old_kit_back(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the system cannot exchange two folders, the old kit is renamed aside; if the new
    one then cannot be renamed in, the old one goes back."""
    assert CliRunner().invoke(cli, ["build", "tiny"]).exit_code == 0
    before = _files(tiny / "output")
    real = outputfolder._rename

    def refusing_the_new(source: Path, target: Path) -> None:
        if source.name.startswith(outputfolder.NEW):
            raise PermissionError(errno.EACCES, "Permission denied", str(target))
        real(source, target)

    monkeypatch.setattr(outputfolder, "_exchange", lambda _first, _second: False)
    monkeypatch.setattr(outputfolder, "_rename", refusing_the_new)
    result = CliRunner().invoke(cli, ["build", "tiny", "--paper", "letter"])
    assert result.exit_code == 1
    assert result.output == ("Error: cannot write to output: permission denied; "
                             "the previous kit is intact\n")
    assert _files(tiny / "output") == before


def test_record_into_a_missing_folder_exits_2_before_playing(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["simulate", "sgrunt", "--players", "3", "--games", "1",
                                      "--record", "missing/games.jsonl"])
    assert result.exit_code == 2
    assert result.output == (
        "Usage: cli simulate [OPTIONS] GAME\nTry 'cli simulate --help' for help.\n\n"
        "Error: Invalid value for --record: missing/games.jsonl: no folder missing to write "
        "it in\n")


def test_record_on_a_full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)

    def full(self: Path, *_args: object, **_kwargs: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_text", full)
    result = CliRunner().invoke(cli, ["simulate", "sgrunt", "--players", "3", "--games", "1",
                                      "--record", "games.jsonl"])
    assert result.exit_code == 1
    assert result.output == ("Error: disk full while writing games.jsonl; "
                             "no record was written\n")
    assert list(tmp_path.iterdir()) == []


def test_replay_of_an_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.jsonl").write_text("{}\n", encoding="utf-8")
    real = Path.open

    def refusing(self: Path, *args: object, **kwargs: object) -> object:
        if self.name == "games.jsonl":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "open", refusing)
    result = CliRunner().invoke(cli, ["replay", "sgrunt", "games.jsonl"])
    assert result.exit_code == 1
    assert result.output == "Error: cannot read games.jsonl: permission denied\n"


def test_replay_of_a_binary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.jsonl").write_bytes(b'{"game": 0}\n\xff\xfe\n')
    result = CliRunner().invoke(cli, ["replay", "sgrunt", "games.jsonl"])
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: games.jsonl: not a game record file (not UTF-8 text)\n")


@pytest.mark.parametrize("command", ["moves", "score", "replay"])
def test_a_folder_where_a_file_is_wanted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "position.json").mkdir()
    result = CliRunner().invoke(cli, [command, "sgrunt", "position.json"])
    assert result.exit_code == 2
    assert result.output.endswith("'position.json' is a directory.\n")


def test_apply_names_a_folder_as_a_folder(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "position.json").mkdir()
    result = CliRunner().invoke(cli, ["apply", "sgrunt", "position.json", "draw"])
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: Invalid value for POSITION: position.json: a folder, not a file\n")


def test_unreadable_content_file_is_a_content_problem(tiny: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    real = Path.read_text

    def refusing(self: Path, *args: object, **kwargs: object) -> str:
        if self.name == "board.json":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", refusing)
    result = CliRunner().invoke(cli, ["check", "tiny"])
    assert result.exit_code == 1
    assert result.output.startswith("tiny/board.json:1: /: cannot read the file: permission "
                                    "denied (check that it is a file you may read) [F002]\n")


def _main(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "argv", ["stamperia", *argv])
    with pytest.raises(SystemExit) as ended:
        climodule.main()
    return int(ended.value.code or 0)


def test_main_words_an_os_error_no_command_caught(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def failing(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EIO, "Input/output error", "/mnt/usb/kit")

    monkeypatch.setattr(climodule.cli, "main", failing)
    assert _main(["list"], monkeypatch) == 1
    assert capsys.readouterr().err == "stamperia: /mnt/usb/kit: input/output error\n"


def test_main_keeps_exit_3_for_bugs(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    def buggy(*_args: object, **_kwargs: object) -> None:
        raise KeyError("faction")

    monkeypatch.setattr(climodule.cli, "main", buggy)
    assert _main(["list"], monkeypatch) == 3
    assert capsys.readouterr().err == (
        "stamperia: internal error: KeyError: 'faction'\n"
        "this is a bug in stamperia: please report it to its maintainers (the project's issue "
        "tracker) with the command you ran and this message\n")


def test_main_read_only_out_exits_1_not_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Through the real entry point, not only the click group."""
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    _deny_lock_file(monkeypatch)
    assert _main(["build", "tiny"], monkeypatch) == 1
    assert capsys.readouterr().err == "Error: cannot write to output: permission denied\n"


def test_build_output_reports_json_manifest_unchanged(tiny: Path) -> None:
    """The manifest is written as bytes now: still the same JSON, ending in a newline."""
    assert CliRunner().invoke(cli, ["build", "tiny"]).exit_code == 0
    text = (tiny / "output" / "tiny" / "manifest.json").read_text(encoding="utf-8")
    assert text.endswith("}\n") and json.loads(text)["paper"] == "A4"


def test_content_file_that_is_a_folder_is_a_content_problem(tiny: Path) -> None:
    (tiny / "tiny" / "board.json").unlink()
    (tiny / "tiny" / "board.json").mkdir()
    result = CliRunner().invoke(cli, ["check", "tiny"])
    assert result.exit_code == 1
    assert result.output.startswith("tiny/board.json:1: /: cannot read the file: is a "
                                    "directory (check that it is a file you may read) [F002]\n")

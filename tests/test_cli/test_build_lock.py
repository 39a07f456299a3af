"""Builds into one output folder: one at a time under a lock, never mixing their games; what
killed builds leave is tidied by the next; a kill at any step of the swap leaves a whole kit.

Concurrency and kills are real: builds run in child processes, which are SIGKILLed at a step
by a patched function. Nothing is timed: the tests read the children's words and exit codes.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game
from pypdf import PdfReader

from stamperia.building import outputfolder
from stamperia.cli import cli

MM = 72 / 25.4
PAPERS = {"A4": (210, 297), "Letter": (216, 279)}

CHILD = """
import os, signal, sys
from stamperia.building import kit as building
from stamperia.building import outputfolder
from stamperia.cli import cli

point, argv = sys.argv[1], sys.argv[2:]
calls = []

def kill(*_args):
    os.kill(os.getpid(), signal.SIGKILL)

def on_call(number, real):
    def patched(*args):
        calls.append(1)
        if len(calls) == number:
            kill()
        return real(*args)
    return patched

if point == "writing":          # the second file of the new kit is being written
    building.write_file = on_call(2, building.write_file)
elif point == "before-swap":    # the new kit is whole in its staging folder
    outputfolder.OutputFolder.swap_in = kill
elif point == "exchanged":      # one-step exchange done, the old kit not yet removed
    outputfolder._remove = kill
elif point == "aside":          # two renames: the old kit renamed aside, the new not yet in
    outputfolder._exchange = lambda first, second: False
    outputfolder._rename = on_call(2, outputfolder._rename)
elif point == "renamed-in":     # two renames: the new kit in, the old not yet removed
    outputfolder._exchange = lambda first, second: False
    outputfolder._remove = kill
cli.main(argv, prog_name="stamperia")
"""


def _child(folder: Path, point: str, *argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CHILD, point, *argv], cwd=folder,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _paper(kit: Path) -> str:
    """The paper of a whole kit: every file its manifest lists is there, and the guide's
    page has that paper's size."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["files"]:
        assert (kit / entry["path"]).is_file(), entry["path"]
    box = PdfReader(kit / "it" / "guide.pdf").pages[0].mediabox
    size = (round(float(box.width) / MM), round(float(box.height) / MM))
    assert size == PAPERS[manifest["paper"]]
    return str(manifest["paper"])


def _hidden(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".stamperia-"))


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_second_build_waits_and_two_builds_never_mix(games: Path) -> None:
    """Both builds start while the lock is held elsewhere, so both must wait; released, they
    run one after the other and every game in OUT comes from the same build."""
    out = games / "output"
    children = []
    with outputfolder.locked(out, print):
        for paper in ("a4", "letter"):
            child = _child(games, "none", "build", "tiny", "tiny_variant", "--paper", paper)
            assert child.stderr is not None
            assert child.stderr.readline() == "waiting for another build into output to finish\n"
            children.append(child)
        assert sorted(p.name for p in out.iterdir()) == [outputfolder.LOCK_NAME]
    for child in children:
        stdout, stderr = child.communicate()
        assert child.returncode == 0, stderr
        assert stdout.splitlines()[-1].startswith("tiny_variant: ")
    assert _paper(out / "tiny") == _paper(out / "tiny_variant")
    assert _hidden(out) == []


def test_next_build_removes_what_killed_builds_left(games: Path) -> None:
    out = games / "output"
    assert CliRunner().invoke(cli, ["build", "tiny"]).exit_code == 0
    for leftover in (f"{outputfolder.NEW}tiny-99999-abc", f"{outputfolder.OLD}tiny-99999"):
        (out / leftover / "it").mkdir(parents=True)
        (out / leftover / "it" / "cards.pdf").write_bytes(b"half")
    (out / ".mine").mkdir()  # not ours: left alone
    result = CliRunner().invoke(cli, ["build", "tiny", "--paper", "letter"])
    assert result.exit_code == 0
    assert result.output == "tiny: 7 file(s), 17 PDF page(s) in output/tiny\n"
    assert sorted(p.name for p in out.iterdir()) == [".mine", outputfolder.LOCK_NAME, "tiny"]
    assert _paper(out / "tiny") == "Letter"


# What a kill at each step leaves: which kit is at OUT/tiny, and which hidden folders.
KILLS = [
    ("writing", "A4", [outputfolder.NEW]),
    ("before-swap", "A4", [outputfolder.NEW]),
    ("exchanged", "Letter", [outputfolder.NEW]),
    ("aside", None, [outputfolder.NEW, outputfolder.OLD]),
    ("renamed-in", "Letter", [outputfolder.OLD]),
]


@pytest.mark.slow  # five child builds, ~12 s; the "aside" kill also runs in the test below
@pytest.mark.parametrize(("point", "left", "hidden"), KILLS, ids=[k[0] for k in KILLS])
def test_a_kill_at_any_step_leaves_a_whole_kit_and_the_next_build_recovers(
        games: Path, point: str, left: str | None, hidden: list[str]) -> None:
    out = games / "output"
    assert CliRunner().invoke(cli, ["build", "tiny"]).exit_code == 0  # the old kit, A4
    child = _child(games, point, "build", "tiny", "--paper", "letter")
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    left_behind = _hidden(out)
    assert [name[:len(prefix)] for name, prefix in zip(left_behind, hidden, strict=True)
            ] == hidden
    if left is None:
        # Only where the system cannot exchange two folders (not Linux): the old kit waits,
        # whole, beside OUT, and the next build puts it back before anything else.
        assert not (out / "tiny").exists()
        assert _paper(out / left_behind[1]) == "A4"
    else:
        assert _paper(out / "tiny") == left
    with outputfolder.locked(out, print):  # what the next build does first
        pass
    assert _hidden(out) == []
    assert _paper(out / "tiny") == (left or "A4")
    result = CliRunner().invoke(cli, ["build", "tiny", "--paper", "letter"])
    assert result.exit_code == 0
    assert _paper(out / "tiny") == "Letter"


def test_the_next_build_says_it_put_the_old_kit_back(games: Path) -> None:
    out = games / "output"
    assert CliRunner().invoke(cli, ["build", "tiny"]).exit_code == 0
    child = _child(games, "aside", "build", "tiny", "--paper", "letter")
    child.communicate()
    assert child.returncode == -signal.SIGKILL
    result = CliRunner().invoke(cli, ["build", "tiny_variant"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == (
        "output/tiny: put back the previous kit (a build was interrupted)")
    assert _paper(out / "tiny") == "A4"
    assert _hidden(out) == []

"""Output options never replace a device or a pipe: every output is written to a temporary
file and moved over its path, which, run as root, turned `--record /dev/null` into a
regular file. A named pipe stands in for a device here; the refusal is a usage error."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli


def _pipe(name: str) -> Path:
    os.mkfifo(name)
    return Path(name)


@pytest.mark.parametrize(("arguments", "option"), [
    (["simulate", "splut", "--players", "2", "--games", "1", "--record", "out"], "--record"),
    (["simulate", "splut", "--players", "2", "--games", "1", "--html", "out"], "--html"),
    (["l10n", "export", "tiny", "--locale", "en", "--output", "out"], "--output"),
])
def test_an_output_that_is_a_pipe_is_refused_and_stays_a_pipe(
        tiny: Path, arguments: list[str], option: str) -> None:
    pipe = _pipe("out")
    before = sorted(p.name for p in tiny.parent.iterdir())
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 2
    assert result.output.endswith(
        f"Error: Invalid value for {option}: out is a device or pipe, not a file: the output "
        "is written to a temporary file and moved over it, so name a regular file\n")
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tiny.parent.iterdir()) == before

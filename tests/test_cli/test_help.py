"""Every `stamperia` command says what it does: a help text, and `--help` prints usage."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from stamperia.cli import cli


def _commands(group: click.Group, path: tuple[str, ...] = ()
              ) -> list[tuple[tuple[str, ...], click.Command]]:
    """Every command under the group, subcommands of nested groups included."""
    found: list[tuple[tuple[str, ...], click.Command]] = []
    context = click.Context(group, info_name="stamperia")
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None, name
        found.append(((*path, name), command))
        if isinstance(command, click.Group):
            found.extend(_commands(command, (*path, name)))
    return found


COMMANDS = _commands(cli)


def test_the_walk_finds_the_documented_commands() -> None:
    names = {path[0] for path, _ in COMMANDS}
    assert {"list", "check", "build", "simulate", "schema"} <= names


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_command_has_help_and_help_exits_cleanly(path: tuple[str, ...],
                                                 command: click.Command) -> None:
    help_text = (command.help or "").strip()
    assert help_text, f"stamperia {' '.join(path)} has no help text"
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="stamperia")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith(f"Usage: stamperia {' '.join(path)}"), first
    assert " ".join(help_text.split("\n")[0].split())[:30] in " ".join(result.output.split())


def test_the_group_itself_has_help() -> None:
    result = CliRunner().invoke(cli, ["--help"], prog_name="stamperia")
    assert result.exit_code == 0
    assert result.output.startswith("Usage: stamperia")
    assert (cli.help or "").strip()

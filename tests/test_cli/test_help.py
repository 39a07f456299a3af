"""Every `stamperia` command says what it does: a help text, and `--help` prints usage."""

from __future__ import annotations

import re

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


def _groups() -> list[tuple[tuple[str, ...], click.Group]]:
    return [((), cli), *((path, command) for path, command in COMMANDS
                         if isinstance(command, click.Group))]


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_command_has_a_whole_sentence_as_its_summary(path: tuple[str, ...],
                                                          command: click.Command) -> None:
    """click cuts a summary made from the help at 45 characters ("... (e.g."); a
    short_help is shown whole, and a sentence is what a new user reads."""
    summary = command.short_help or ""
    assert summary, f"stamperia {' '.join(path)} has no short_help"
    assert summary[0].isupper() and summary.endswith(".") and "..." not in summary, summary
    assert "\n" not in summary and summary == " ".join(summary.split()), summary


@pytest.mark.parametrize(("path", "group"), _groups(), ids=[" ".join(p) or "stamperia"
                                                             for p, _ in _groups()])
def test_help_at_80_columns_shows_every_summary_whole_on_its_line(
        path: tuple[str, ...], group: click.Group) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="stamperia",
                                terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Usage: ")  # its [ARGS]... is click's, not a cut summary
    assert not [line for line in lines[1:] if "..." in line]
    assert max(len(line) for line in lines) <= 80
    context = click.Context(group, info_name="stamperia")
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None and command.short_help is not None
        pattern = rf"  {re.escape(name)} +{re.escape(command.short_help)}"
        assert any(re.fullmatch(pattern, line) for line in lines), (name, result.output)


def _options() -> list[tuple[str, click.Option]]:
    from stamperia.precommit import main as check_changed

    commands = [(" ".join(path), command) for path, command in COMMANDS]
    commands += [("", cli), ("(stamperia-check-changed)", check_changed)]
    return [(f"{name} {option.opts[0]}".strip(), option) for name, command in commands
            for option in command.params if isinstance(option, click.Option)]


def test_the_option_walk_finds_options_of_lazy_commands_and_groups() -> None:
    names = {name for name, _ in _options()}
    assert {"build --paper", "build --out", "l10n export --format", "--version",
            "(stamperia-check-changed) --seed"} <= names


@pytest.mark.parametrize(("name", "option"), _options(), ids=[n for n, _ in _options()])
def test_every_option_has_help_text(name: str, option: click.Option) -> None:
    assert (option.help or "").strip(), f"stamperia {name} has no help text"

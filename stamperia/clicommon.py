"""What the CLI's commands share: naming games, loading them, and turning the layers'
domain errors into click errors and exit codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from stamperia.content.errors import ContentError
from stamperia.content.guards import is_device_or_pipe
from stamperia.content.locate import UnknownGame, game_folder, shipped_games
from stamperia.content.model import Game
from stamperia.machine import MachineError, reason

if TYPE_CHECKING:
    from stamperia.rules.ruleset import Ruleset, ToolOutput, ToolUsage


def games_named(names: tuple[str, ...]) -> list[str]:
    """The games named (ids or folders), or every shipped game; unknown names exit 2."""
    if not names:
        return list(shipped_games())
    for name in names:
        try:
            game_folder(name)
        except UnknownGame as error:
            raise click.UsageError(str(error)) from None
    return list(names)


def print_problems(problems: list[ContentError], what: str) -> NoReturn:
    for problem in problems:
        click.echo(problem.format())
    click.echo(f"{what}: fix the problems above")
    sys.exit(1)


def load_game_or_exit(name: str) -> Game:
    """A loaded game; its content problems are printed and exit 1."""
    from stamperia.content.errors import ContentProblems
    from stamperia.content.loader import load_game

    try:
        return load_game(games_named((name,))[0])
    except ContentProblems as problems:
        print_problems(problems.problems, name)


def refuse_content_file(game: Game, path: Path | None, option: str) -> None:
    """A usage error when an output file would replace one of the files the game is read
    from (`--output game/game.json` wrote a catalogue over the manifest), or a device or a
    pipe (`--record /dev/null` run as root replaced the device with a file)."""
    if path is None:
        return
    if is_device_or_pipe(path):
        raise click.BadParameter(f"{path} is a device or pipe, not a file: the output is "
                                 "written to a temporary file and moved over it, so name a "
                                 "regular file", param_hint=option)
    target = path.resolve()
    if any(Path(name).resolve() == target for name in game.files):
        raise click.BadParameter(f"{path} is one of {game.id}'s content files: write the "
                                 "output to another file", param_hint=option)


def rules_of(game: Game) -> Ruleset:
    from stamperia.rules.registry import NoRuleset, ruleset_for

    try:
        return ruleset_for(game.ruleset)
    except NoRuleset as error:
        raise click.UsageError(f"{game.id}: {error}") from None


def echo_output(output: ToolOutput, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(output.data(), indent=2, ensure_ascii=False))
    else:
        for line in output.lines:
            click.echo(line)


def machine_error(error: MachineError) -> click.ClickException:
    """A path of the wrong kind named by an option exits 2; the machine refusing exits 1."""
    if error.option is not None:
        return click.BadParameter(error.message, param_hint=error.option)
    return click.ClickException(error.message)


def usage_error(error: ToolUsage) -> click.ClickException:
    if error.option is not None:
        return click.BadParameter(error.message, param_hint=error.option)
    return click.UsageError(error.message)


def run_guarded(command: click.Command, obj: object) -> None:
    """Run a console command so that a user never sees a traceback: exit 3 is left only for
    a bug in stamperia itself; the machine's refusals (permissions, a full disk) exit 1
    with what and where, a broken plug-in installation 2."""
    from stamperia.content.rulesets.registry import RulesetLoadError

    try:
        command.main(standalone_mode=True, obj=obj)
    except RulesetLoadError as error:
        click.echo(f"stamperia: {error}", err=True)
        click.echo(error.hint, err=True)
        sys.exit(2)
    except MachineError as error:
        click.echo(f"stamperia: {error.message}", err=True)
        sys.exit(2 if error.option is not None else 1)
    except OSError as error:  # a refusal of the machine that no command words itself
        where = f"{error.filename}: " if error.filename is not None else ""
        click.echo(f"stamperia: {where}{reason(error)}", err=True)
        sys.exit(1)
    except Exception as error:  # noqa: BLE001 - the last line of defence for users
        click.echo(f"stamperia: internal error: {type(error).__name__}: {error}", err=True)
        click.echo("this is a bug in stamperia: please report it to its maintainers (the "
                   "project's issue tracker) with the command you ran and this message", err=True)
        sys.exit(3)

"""`stamperia moves` and `stamperia apply`: positions and moves of any ruleset with a public
position format (stamperia.rules.positions)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from stamperia.clicommon import load_game_or_exit, print_problems, rules_of
from stamperia.content.errors import ContentError
from stamperia.content.model import Game

if TYPE_CHECKING:
    from stamperia.rules.positions import IllegalMove, PositionFormat


def _position_format(game: Game) -> PositionFormat:
    rules = rules_of(game)
    if rules.positions is None:
        raise click.UsageError(f"{game.id}: the {game.ruleset!r} ruleset has no public "
                               "positions")
    return rules.positions()


def _start(game: Game, fmt: PositionFormat, position: Path | None, players: int | None,
           seed: int) -> object:
    """The engine state of POSITION, or of the opening for --players and --seed."""
    from stamperia.content.validation.document import read_document
    from stamperia.content.validation.schemas import SchemaSet
    from stamperia.rules.positions import PositionError, PositionSource

    if position is None:
        count = game.players[0] if players is None else players
        if not game.players[0] <= count <= game.players[1]:
            raise click.BadParameter(f"{game.id} is played by {game.players[0]} to "
                                     f"{game.players[1]} players", param_hint="--players")
        try:
            data: object = fmt.opening(game, count, seed)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--players") from None
        source = PositionSource("<opening>", json.dumps(data, indent=2))
    else:
        if players is not None:
            raise click.UsageError("--players is for the opening; a POSITION says its players")
        problems: list[ContentError] = []
        document = read_document(position, fmt.schema_kind, SchemaSet(), problems)
        if document is None:
            print_problems(problems, str(position))
        data = document.data
        source = PositionSource(document.origin().file, position.read_text(encoding="utf-8"))
    try:
        return fmt.read(game, data, source)
    except PositionError as error:
        print_problems(list(error.problems), str(position))


def _illegal(error: IllegalMove) -> NoReturn:
    click.echo(f"illegal move {error.move!r}: {error.reason}")
    click.echo(f"legal moves: {', '.join(error.legal) or 'none'}")
    sys.exit(1)


@click.command()
@click.argument("game")
@click.argument("position", required=False,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--players", type=click.IntRange(1, 12),
              help="Players of the opening position (when no POSITION is given).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Seed of the opening's shuffles.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def moves(game: str, position: Path | None, players: int | None, seed: int,
          as_json: bool) -> None:
    """List the legal moves in POSITION (JSON), or in the opening for --players and --seed.

    At a chance node the outcomes are listed with their exact probabilities.
    """
    loaded = load_game_or_exit(game)
    fmt = _position_format(loaded)
    legal = fmt.legal(loaded, _start(loaded, fmt, position, players, seed))
    if as_json:
        click.echo(json.dumps(legal.as_json(), indent=2, ensure_ascii=False))
        return
    if legal.result is not None:
        click.echo(f"game over: {json.dumps(dict(legal.result), ensure_ascii=False)}")
        return
    click.echo(f"to move: {legal.to_move}")
    if legal.chance:
        for outcome in legal.chance:
            click.echo(f"{outcome.move}  {outcome.probability}")
    else:
        for move in legal.moves:
            click.echo(move)


@click.command("apply")
@click.argument("game")
@click.argument("arguments", nargs=-1, required=True)
@click.option("--players", type=click.IntRange(1, 12),
              help="Players of the opening position (when no POSITION is given).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Seed of the opening's shuffles and of `draw` at a chance node.")
def apply_command(game: str, arguments: tuple[str, ...], players: int | None, seed: int
                ) -> None:
    """Play MOVES from POSITION (a JSON file, or the opening) and print the new position.

    Usage: apply GAME [POSITION.json] MOVE...; at a chance node a move is an outcome, or
    `draw` to draw one with --seed. An illegal move exits 1 and lists the legal ones.
    """
    import random

    from stamperia.rules.positions import IllegalMove, apply_moves

    loaded = load_game_or_exit(game)
    fmt = _position_format(loaded)
    position: Path | None = None
    played = arguments
    if arguments and arguments[0].endswith(".json"):
        position = Path(arguments[0])
        if position.is_dir():
            raise click.BadParameter(f"{arguments[0]}: a folder, not a file",
                                     param_hint="POSITION")
        if not position.is_file():
            raise click.BadParameter(f"{arguments[0]}: no such file", param_hint="POSITION")
        played = arguments[1:]
    if not played:
        raise click.UsageError("give at least one MOVE")
    state = _start(loaded, fmt, position, players, seed)
    try:
        state = apply_moves(fmt, loaded, state, played, random.Random(seed))
    except IllegalMove as error:
        _illegal(error)
    click.echo(json.dumps(fmt.write(loaded, state), indent=2, ensure_ascii=False))

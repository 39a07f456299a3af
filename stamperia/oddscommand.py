"""`stamperia odds GAME`: a command whose options are GAME's ruleset's.

Each ruleset declares its odds query (`stamperia.rules.ruleset.OddsTool`: options, help,
answer), so this module knows no ruleset's words. Before click parses the command line,
`OddsCommand` finds GAME among the arguments (every declared option takes one value),
reads its ruleset from the manifests, and turns that ruleset's declared options into click
options for this one invocation (kept in the click context, never on the shared command).
Bounds and types are then checked by click as for any option, with click's own messages;
what only the ruleset can judge comes back from its answer as a ToolUsage.

A GAME whose ruleset the manifests do not tell (an unknown game, an unreadable manifest,
a ruleset no plug-in provides) gets every ruleset's options: its values are checked as
before, then loading the game reports what is wrong with it, as every command does.
`stamperia odds --help` names no game, so it lists every ruleset that answers odds with
its shipped games and its options; `stamperia odds GAME --help` shows GAME's alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from stamperia.rules.ruleset import OddsQuery, OddsTool

FOUND = "stamperia.odds"
"""The key of the click context's meta under which one invocation keeps its GameOdds..."""
QUERY = "stamperia.odds.query"
"""... and the values given to the ruleset's options (see `OddsCommand.invoke`)."""


@dataclass(frozen=True)
class GameOdds:
    """What the command line's GAME answers: its ruleset (None: the manifests do not tell),
    the ruleset's odds (None: it has none, or the ruleset is not known) and the click
    options made from them."""

    game: str
    ruleset: str | None
    tool: OddsTool | None
    options: tuple[click.Option, ...]


def click_options(tool: OddsTool) -> tuple[click.Option, ...]:
    """The declared options as click options: a bounded whole number, or a text."""
    return tuple(click.Option([option.flag, option.key], help=option.help,
                              type=click.STRING if option.bounds is None
                              else click.IntRange(*option.bounds))
                 for option in tool.options)


def named_game(args: Sequence[str], flags: Sequence[str]) -> str | None:
    """The first argument that is neither an option nor an option's value: `flags` take no
    value, every other option one (unless written `--name=value`)."""
    values = iter(args)
    for arg in values:
        if arg == "--":
            return next(values, None)
        if not arg.startswith("-") or arg == "-":
            return arg
        if arg not in flags and "=" not in arg:
            next(values, None)
    return None


def answering_rulesets() -> Iterator[tuple[str, OddsTool]]:
    """Every installed ruleset that answers odds, by id."""
    from stamperia.content.rulesets.registry import plugins
    from stamperia.rules.registry import NoRuleset, ruleset_for

    for ruleset in sorted(plugins()):
        try:
            tool = ruleset_for(ruleset).odds
        except NoRuleset:
            continue
        if tool is not None:
            yield ruleset, tool


def game_odds(name: str) -> GameOdds:
    """GAME's ruleset and odds, read from its manifests; every ruleset's options when they
    do not tell (the command then loads the game, which says why)."""
    from stamperia.content.editions.resolve import declared_ruleset
    from stamperia.content.locate import UnknownGame, game_folder
    from stamperia.content.rulesets.registry import plugin
    from stamperia.rules.registry import NoRuleset, ruleset_for

    try:
        ruleset = declared_ruleset(game_folder(name))
        if ruleset is not None and plugin(ruleset) is not None:
            tool = ruleset_for(ruleset).odds
            return GameOdds(name, ruleset, tool, () if tool is None else click_options(tool))
    except (UnknownGame, NoRuleset):
        pass
    every: dict[str, click.Option] = {}
    for _, tool in answering_rulesets():
        for option in click_options(tool):
            every.setdefault(option.opts[0], option)
    return GameOdds(name, None, None, tuple(every.values()))


def shipped_rulesets() -> dict[str, list[str]]:
    """The shipped games by the ruleset their manifests name."""
    from stamperia.content.editions.resolve import declared_ruleset
    from stamperia.content.locate import game_folder, shipped_games

    games: dict[str, list[str]] = {}
    for game in shipped_games():
        ruleset = declared_ruleset(game_folder(game))
        if ruleset is not None:
            games.setdefault(ruleset, []).append(game)
    return games


class OddsCommand(click.Command):
    """A click command whose options, past its own, are those GAME's ruleset declares."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.resilient_parsing:
            return super().parse_args(ctx, args)
        flags = [opt for param in super().get_params(ctx) if isinstance(param, click.Option)
                 and param.is_flag for opt in (*param.opts, *param.secondary_opts)]
        name = named_game(args, flags)
        helping = any(arg in ctx.help_option_names for arg in args)
        found = None if name is None else game_odds(name)
        if found is None or (helping and found.ruleset is None):
            return super().parse_args(ctx, args)  # the help of every ruleset's odds
        ctx.meta[FOUND] = found
        if helping or (found.ruleset is not None and found.tool is None):
            # The help, or the answer that the ruleset has no odds, whatever else is given.
            ctx.ignore_unknown_options = ctx.allow_extra_args = True
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:  # another ruleset's option: say whose game
            if found.ruleset is None or found.tool is None or error.option_name not in {
                    option.flag for _, tool in answering_rulesets() for option in tool.options}:
                raise
            own = ", ".join(option.flag for option in found.tool.options)
            raise click.UsageError(f"No such option '{error.option_name}': {name} plays by "
                                   f"the {found.ruleset!r} ruleset, whose odds take {own}",
                                   ctx) from None

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        """GAME, then its ruleset's options, then the command's own (--json, --help)."""
        own = super().get_params(ctx)
        found = ctx.meta.get(FOUND)
        declared = found.options if isinstance(found, GameOdds) else ()
        return [*(p for p in own if isinstance(p, click.Argument)), *declared,
                *(p for p in own if not isinstance(p, click.Argument))]

    def invoke(self, ctx: click.Context) -> object:
        """The declared options' values go to the query (`odds_query`), not to the
        callback, which takes the command's own parameters only."""
        from stamperia.rules.ruleset import OddsQuery

        found = ctx.meta.get(FOUND)
        if isinstance(found, GameOdds):
            ctx.meta[QUERY] = OddsQuery({str(option.name): ctx.params.pop(str(option.name))
                                         for option in found.options})
        return super().invoke(ctx)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        found = ctx.meta.get(FOUND)
        if not isinstance(found, GameOdds) or found.ruleset is None:
            return
        formatter.write_paragraph()
        with formatter.indentation():
            plays = f"{found.game} plays by the {found.ruleset!r} ruleset"
            formatter.write_text(f"{plays}, which has no odds." if found.tool is None
                                 else f"{plays}. {found.tool.summary}")

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_options(ctx, formatter)
        if isinstance(ctx.meta.get(FOUND), GameOdds):
            return
        games = shipped_rulesets()
        for ruleset, tool in answering_rulesets():
            shipped = f" ({', '.join(games[ruleset])})" if ruleset in games else ""
            with formatter.section(f"Options of {ruleset} games{shipped}"):
                formatter.write_text(tool.summary)
                formatter.write_paragraph()
                rows = [option.get_help_record(ctx) for option in click_options(tool)]
                formatter.write_dl([row for row in rows if row is not None])


def odds_query(ctx: click.Context) -> OddsQuery:
    """The values of the declared options of this invocation (empty when none)."""
    from stamperia.rules.ruleset import OddsQuery

    query = ctx.meta.get(QUERY)
    return query if isinstance(query, OddsQuery) else OddsQuery({})

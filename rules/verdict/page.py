"""The decisions page: ranked findings (what, how much, how sure, in k of m seed blocks,
with which agents), names as printed, readable at phone width.

Names come from the game's printed strings (`<group>.<label>.name`, as factions,
territories and zones are keyed); a label with no printed name (an objective card is
printed as a map, not a title) is shown as words ("obiettivo_14" -> "Obiettivo 14"),
never as an id. Flags are marked with a sign and bold type, not a colour, so no flag
colour can contradict a faction's own; a faction's row carries a swatch of its colour
when its content gives one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from stamperia.content.model import Game
from stamperia.rules.simulation.report import SimulationReport
from stamperia.rules.simulation.shares import WinShare
from stamperia.rules.verdict.styles import StyleVerdict

Names = Mapping[tuple[str, str], str]

PHONE_STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#222;max-width:760px;
margin:1em auto;padding:0 .8em;line-height:1.45}h1{font-size:1.35em;overflow-wrap:anywhere}
h2{font-size:1.1em;margin-top:1.5em;border-bottom:2px solid #eee}.sub{color:#555}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-size:.88em;min-width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3em .4em;text-align:left;vertical-align:top}
th{background:#f4f4f4}.num{text-align:right;white-space:nowrap}.up{font-weight:700}
.swatch{display:inline-block;width:.8em;height:.8em;border:1px solid #555;
margin-right:.3em;vertical-align:-.05em}svg{max-width:100%;height:auto}
"""


def humane(label: str) -> str:
    """An id as words: underscores to spaces, the first letter capital."""
    words = label.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def printed_names(game: Game) -> dict[tuple[str, str], str]:
    """(group, label) -> the name the game prints, from its source strings."""
    strings = game.strings.get(game.source_locale)
    names: dict[tuple[str, str], str] = {}
    if strings is None:
        return names
    for key, text in strings.texts.items():
        parts = key.split(".")
        if len(parts) == 3 and parts[2] == "name":
            names[parts[0], parts[1]] = text
    return names


def shown_names(game: Game, shares: Sequence[WinShare]) -> dict[tuple[str, str], str]:
    """The printed name of every label the shares carry, else the label in words; seats
    and agents keep theirs."""
    printed = printed_names(game)
    return {(s.group, s.value): printed.get((s.group, s.value), humane(s.value))
            for s in shares if s.group not in ("seat", "agent")}


def faction_colours(game: Game) -> dict[str, str]:
    """Faction id -> its printed colour, from any part that lists factions with colours."""
    colours: dict[str, str] = {}
    for part in game.parts:
        for faction in getattr(part, "factions", ()) or ():
            ident, colour = getattr(faction, "id", None), getattr(faction, "colour", None)
            if isinstance(ident, str) and isinstance(colour, str):
                colours[ident] = colour
    return colours


def name_of(names: Names, share: WinShare) -> str:
    if share.group == "seat":
        return f"seat {share.value}"
    return f"{share.group} {names.get((share.group, share.value), humane(share.value))}"


def _p(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.2g}" if value >= 0.001 else "&lt; 0.001"


def findings_table(rows: Sequence[tuple[WinShare, str]], names: Names,
                   colours: Mapping[str, str],
                   examples: Mapping[tuple[str, str], tuple[int, int]] | None = None,
                   record: str = "") -> str:
    """Flags ranked by corrected p (then size): one row each, with the agents it holds
    for, and a link to a recorded game that shows it where the games were recorded."""
    if not rows:
        return "<p>No flag: no seat, faction or card wins far from its fair share.</p>"
    ranked = sorted(rows, key=lambda r: (r[0].adjusted or 0.0, -abs(r[0].effect),
                                         r[0].group, r[0].value, r[1]))
    body = []
    for rank, (share, agents) in enumerate(ranked, 1):
        low, high = share.interval
        swatch = colours.get(share.value) if share.group == "faction" else None
        mark = "▲" if share.effect > 0 else "▼"
        what = (f'<span class="swatch" style="background:{escape(swatch)}"></span>'
                if swatch else "") + escape(name_of(names, share))
        blocks = (f"<br><small>holds in {share.held} of {share.blocks} seed blocks</small>"
                  if share.blocks else "")
        example = ""
        if examples is not None:
            found = examples.get((share.group, share.value))
            example = "" if found is None else (
                f'<br><a href="{escape(record)}">game {found[0]}</a> <small>(line '
                f"{found[1]})</small>")
        body.append(
            f"<tr><td class=up>{rank}. {mark} {what}</td>"
            f"<td class=num>{100 * share.effect:+.1f} pts<br><small>95% {100 * low:+.0f} to "
            f"{100 * high:+.0f}</small></td><td>p {_p(share.adjusted)}<br><small>Holm, "
            f"{share.tested} tests</small>{blocks}</td>"
            f"<td>{escape(agents)}{example}</td></tr>")
    return ('<div class="scroll"><table><tr><th>what</th><th>how much</th>'
            "<th>how sure</th><th>with</th></tr>" + "".join(body) + "</table></div>")


def verdict_page(game: Game, runs: Sequence[tuple[str, SimulationReport]],
                 across: StyleVerdict | None) -> str:
    names, colours = printed_names(game), faction_colours(game)
    first = runs[0][1]
    rows = [(share, style) for style, report in runs for share in report.flagged]
    title = f"{game.id}: balance verdict"
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{escape(title)}</title><style>{PHONE_STYLE}</style></head><body>",
             f"<h1>{escape(title)}</h1>",
             f'<p class="sub">{first.players} players, {first.games} games per style, '
             f"seed {first.seed}, {first.blocks} seed block(s); flags corrected with Holm "
             "(familywise 1%), effects with 95% Wilson intervals.</p>",
             "<h2>Findings, most certain first</h2>", findings_table(rows, names, colours)]
    if across is not None:
        held = [name_of(names, WinShare(g, v, 0, 0, 0, 0, None, False))
                + f" ({side})" for g, v, side in across.for_all]
        styles = [s for s, _ in runs]
        each = [f"<li>{escape(name_of(names, WinShare(g, v, 0, 0, 0, 0, None, False)))} "
                f"{side} its fair share: "
                + ("every style" if len(by) == len(styles) else "only " + escape(", ".join(by)))
                + "</li>" for (g, v, side), by in sorted(across.flags().items())]
        parts += ["<h2>Across playing styles</h2>",
                  f"<p>Styles: {escape(', '.join(styles))}, the same game seeds for each. "
                  f"Flags that hold for all: <b>{escape(', '.join(held) or 'none')}</b>.</p>",
                  f"<ul>{''.join(each)}</ul>" if each else ""]
    for style, report in runs:
        if report.targets:
            parts += [f"<h2>The rulebook's targets, {escape(style)}</h2><ul>"
                      + "".join(f"<li>{escape(c.words())}</li>" for c in report.targets)
                      + "</ul>"]
    parts += ["</body></html>", ""]
    return "\n".join(parts)

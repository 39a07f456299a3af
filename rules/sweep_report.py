"""A sweep for people: a table of metrics by variant, seat win rates with intervals, and
the same as a standalone HTML page (one win-rate chart per variant)."""

from __future__ import annotations

import json
from html import escape

from stamperia.rules.simulation.html import STYLE, win_chart
from stamperia.rules.simulation.metrics import Metric
from stamperia.rules.simulation.report import METRIC_WORDS, share_line
from stamperia.rules.sweep import SweepReport
from stamperia.rules.sweep_target import TargetSearch


def _cell(metric: Metric) -> str:
    if metric.value is None:
        return "-"
    if metric.low is not None and metric.high is not None:
        return f"{metric.value:.0%} ({metric.low:.0%}-{metric.high:.0%})"
    return f"{metric.value:.3g}"


def _rows(report: SweepReport) -> list[tuple[str, list[str]]]:
    rows = []
    for name in METRIC_WORDS:
        cells = []
        for variant in report.variants:
            found = {m.name: m for m in variant.report.metrics}.get(name)
            cells.append("-" if found is None else _cell(found))
        rows.append((name, cells))
    return rows


def sweep_lines(report: SweepReport) -> list[str]:
    request = report.request
    lines = [f"{request.game}: sweep of {len(report.variants)} variant(s), "
             f"{request.games} game(s) each, {request.players} players, agents "
             f"{','.join(request.agents)}, seed {request.seed} (the same game seeds in "
             "every variant)"]
    for index, variant in enumerate(report.variants, 1):
        lines.append(f"variant {index}: {variant.variant.label}")
    lines.append("metric" + "".join(f" | v{i}" for i in range(1, len(report.variants) + 1)))
    for name, cells in _rows(report):
        lines.append(f"{name}: " + " | ".join(cells))
    for index, variant in enumerate(report.variants, 1):
        lines.append(f"win rate by seat, variant {index}:")
        lines += ["  " + share_line(s) for s in variant.report.shares if s.group == "seat"]
    for index, differences in enumerate(report.paired(), 2):
        lines.append(f"paired differences, v{index} - v1 (same game seeds):")
        lines += ["  " + d.words() for d in differences]
    flagged = [f"v{i} {s.group} {s.value}" for i, v in enumerate(report.variants, 1)
               for s in v.report.flagged]
    lines.append(f"flagged: {len(flagged)}" + (": " + ", ".join(flagged) if flagged else ""))
    return lines


def paired_table(report: SweepReport) -> list[str]:
    """The A/B section: each variant against the first, paired game by game."""
    html = []
    for index, differences in enumerate(report.paired(), 2):
        rows = "".join(
            f"<tr><td>{escape(d.key[0])} {escape(d.key[1])}</td><td>{d.base:.1%}</td>"
            f"<td>{d.other:.1%}</td><td>{100 * d.difference:+.1f}</td>"
            f"<td>{100 * d.low:+.1f} to {100 * d.high:+.1f}</td>"
            f"<td>{'-' if d.adjusted is None else f'{d.adjusted:.2g}'}</td></tr>"
            for d in differences)
        html += [f"<h3>v{index} against v1</h3>",
                 '<div style="overflow-x:auto"><table><tr><th>what</th><th>v1</th>'
                 f"<th>v{index}</th><th>points</th><th>95% interval</th><th>p (Holm)</th>"
                 f"</tr>{rows}</table></div>"]
    return html


def sweep_html(report: SweepReport) -> str:
    request = report.request
    title = f"{request.game}: what-if sweep of {len(report.variants)} variants"
    head = "".join(f"<th>v{i}</th>" for i in range(1, len(report.variants) + 1))
    rows = "".join(f"<tr><td>{escape(METRIC_WORDS[name])}</td>"
                   + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>"
                   for name, cells in _rows(report))
    legend = "".join(f"<li>v{i}: <code>{escape(v.variant.label)}</code></li>"
                     for i, v in enumerate(report.variants, 1))
    charts = [win_chart(f"v{i}: win rate by seat (whiskers: 95% interval)",
                        [s for s in v.report.shares if s.group == "seat"])
              for i, v in enumerate(report.variants, 1)]
    table_style = ("table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid "
                   "#ddd;padding:.25em .5em;text-align:right}td:first-child{text-align:left}")
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}{table_style}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="sub">{request.games} games per variant, {request.players} players, '
        f"agents {escape(','.join(request.agents))}, seed {request.seed}: every variant "
        "plays the same game seeds.</p>",
        "<h2>Variants</h2>", f"<ul>{legend}</ul>",
        "<h2>Metrics by variant</h2>",
        f'<div style="overflow-x:auto"><table><tr><th>metric</th>{head}</tr>{rows}</table></div>',
        "<h2>Win rate by seat</h2>", *charts,
        "<h2>A/B: paired differences from v1</h2>",
        '<p class="sub">Game i of every variant starts from the same seed: each '
        "difference is measured game by game, so shared luck cancels.</p>",
        *paired_table(report), "</body></html>", ""])


def target_lines(search: TargetSearch) -> list[str]:
    """The search as it went, the value found or why none was, and its cost (the last
    line, the only one that depends on the machine)."""
    request, axis = search.request, search.axis
    lines = [f"{request.game}: balance search over {axis.target} ({len(axis.values)} "
             f"value(s)), {request.games} game(s) per value, {request.players} players, "
             f"agents {','.join(request.agents)}, seed {request.seed} (the same game seeds "
             "for every value)",
             f"following seat {search.tracked}, the furthest from its fair share at the "
             "first value"]
    for attempt in search.tries:
        rates = ", ".join(f"seat {s.value} {s.rate:.1%}" for s in attempt.seats)
        flagged = [f"seat {s.value}" for s in attempt.seats if s.flagged]
        verdict = "balanced" if not flagged else "flagged " + ", ".join(flagged)
        lines.append(f"tried {json.dumps(attempt.value)}: {rates}: {verdict}")
    if search.found is not None:
        lines.append(f"found: {axis.target}={json.dumps(search.found.value)} "
                     f"({search.outcome})")
        lines += ["  " + share_line(s) for s in search.found.seats]
        others = [f"{s.group} {s.value}" for s in search.found.report.report.flagged
                  if s.group != "seat"]
        if others:
            lines.append("  still flagged there (not the target): " + ", ".join(others))
    else:
        lines.append(f"not found: {search.outcome}")
    lines.append(f"cost: {len(search.tries)} of {len(axis.values)} value(s) played, "
                 f"{search.games_played:,} games, {search.seconds:.1f} s")
    return lines

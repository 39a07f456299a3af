"""The simulation report as one standalone HTML page with inline SVG charts.

No script and no external file: a designer can mail it or open it offline. Charts: win
rate by seat and by every label group (agent, faction, objective...) with 95% Wilson
intervals against the fair share; a histogram of game lengths; the mean score estimate
per seat over the game. Everything is drawn from the SimulationReport alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from stamperia.rules.simulation.report import SimulationReport, metric_lines
from stamperia.rules.simulation.shares import WinShare
from stamperia.rules.simulation.wilson import wilson

PALETTE = ("#1b6ca8", "#d1495b", "#edae49", "#00798c", "#66a182", "#8e6c8a", "#30638e",
           "#b5651d", "#4f5d75", "#c44536", "#2e4057", "#83a598")
INK, GRID, FAIR, FLAG = "#222", "#ddd", "#888", "#c0392b"
WIDTH = 640
STYLE = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#222;max-width:760px;
margin:2em auto;padding:0 1em;line-height:1.45}
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.15em;margin-top:1.8em;
border-bottom:2px solid #eee;padding-bottom:.2em}.sub{color:#666;margin-top:0}
ul{padding-left:1.2em}li{margin:.15em 0}.flag{color:#c0392b;font-weight:600}
svg{display:block;margin:.6em 0;max-width:100%;height:auto}text{font-family:inherit}
"""

TABLE_STYLE = """
h1{overflow-wrap:anywhere}.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.88em;min-width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3em .4em;text-align:left;vertical-align:top}
th{background:#f4f4f4}.num{text-align:right;white-space:nowrap}.up{font-weight:700}
.swatch{display:inline-block;width:.8em;height:.8em;border:1px solid #555;
margin-right:.3em;vertical-align:-.05em}
"""

NEUTRAL = "#5b7083"
"""Bars of every group but factions: no colour that could read as a faction's own."""


def _svg(height: int, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">'
            f'<title>{escape(title)}</title>' + "".join(body) + "</svg>")


def _text(x: float, y: float, words: str, anchor: str = "start", size: int = 12,
          fill: str = INK) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(words)}</text>')


def win_chart(title: str, shares: list[WinShare],
              names: Mapping[tuple[str, str], str] | None = None,
              colours: Mapping[str, str] | None = None) -> str:
    """Horizontal bars: the rate, a whisker for its interval, a dashed line at fair. A
    faction's bar is in its own colour, every other bar neutral; a flag is marked by
    a sign before its name, never by a colour."""
    left, right, row = 150, 90, 26
    span = WIDTH - left - right
    height = 30 + row * len(shares) + 24
    body = [_text(0, 16, title, size=13)]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        x = left + span * tick
        body.append(f'<line x1="{x:.1f}" y1="24" x2="{x:.1f}" y2="{height - 20}" '
                    f'stroke="{GRID}"/>')
        body.append(_text(x, height - 6, f"{tick:.0%}", "middle", 10, "#666"))
    for index, share in enumerate(shares):
        y = 30 + row * index
        low, high = wilson(share.wins, share.seen)
        colour = (colours or {}).get(share.value, NEUTRAL) if share.group == "faction" \
            else NEUTRAL
        name = (names or {}).get((share.group, share.value), share.value)
        mark = ("▲ " if share.rate > share.fair else "▼ ") if share.flagged else ""
        body.append(_text(left - 8, y + 15, mark + name[:22], "end"))
        body.append(f'<rect x="{left}" y="{y + 4}" width="{span * share.rate:.1f}" '
                    f'height="{row - 10}" fill="{colour}" opacity="0.85"/>')
        body.append(f'<line x1="{left + span * low:.1f}" y1="{y + row / 2 - 1:.1f}" '
                    f'x2="{left + span * high:.1f}" y2="{y + row / 2 - 1:.1f}" '
                    f'stroke="{INK}" stroke-width="1.5"/>')
        for end in (low, high):
            body.append(f'<line x1="{left + span * end:.1f}" y1="{y + 7}" '
                        f'x2="{left + span * end:.1f}" y2="{y + row - 9}" stroke="{INK}"/>')
        body.append(_text(left + span + 8, y + 15, f"{share.rate:.0%} of {share.seen}",
                          size=11))
    fair = left + span * shares[0].fair
    body.append(f'<line x1="{fair:.1f}" y1="24" x2="{fair:.1f}" y2="{height - 20}" '
                f'stroke="{FAIR}" stroke-dasharray="4 3" stroke-width="1.5"/>')
    return _svg(height, body, title)


def length_chart(report: SimulationReport) -> str:
    bins = report.length_bins
    left, bottom, height = 50, 40, 230
    span = WIDTH - left - 20
    most = max((count for _, _, count in bins), default=1) or 1
    body = [_text(0, 16, "Game length (turns)", size=13)]
    plot = height - bottom - 30
    width = span / max(1, len(bins))
    for index, (low, high, count) in enumerate(bins):
        bar = plot * count / most
        x = left + width * index
        body.append(f'<rect x="{x + 1:.1f}" y="{30 + plot - bar:.1f}" width="{width - 2:.1f}" '
                    f'height="{bar:.1f}" fill="{PALETTE[0]}" opacity="0.85"/>')
        label = str(low) if low == high else f"{low}-{high}"
        body.append(_text(x + width / 2, height - bottom + 16, label, "middle", 10, "#666"))
        if count:
            body.append(_text(x + width / 2, 26 + plot - bar, str(count), "middle", 10))
    body.append(f'<line x1="{left}" y1="{30 + plot}" x2="{left + span}" y2="{30 + plot}" '
                f'stroke="{INK}"/>')
    body.append(_text(left + span / 2, height - 6, "turns per game; bars count games",
                      "middle", 11, "#666"))
    return _svg(height, body, "Game length (turns)")


def score_chart(report: SimulationReport) -> str:
    curve = report.score_curve
    left, height = 50, 250
    span, plot = WIDTH - left - 110, height - 70
    top = max((max(point) for point in curve), default=1.0) or 1.0
    body = [_text(0, 16, "Score estimate by checkpoint (mean over games)", size=13)]
    for tick in range(5):
        y = 30 + plot - plot * tick / 4
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + span}" y2="{y:.1f}" '
                    f'stroke="{GRID}"/>')
        body.append(_text(left - 6, y + 4, f"{top * tick / 4:.3g}", "end", 10, "#666"))
    steps = max(1, len(curve) - 1)
    for seat in range(len(curve[0])):
        points = " ".join(f"{left + span * i / steps:.1f},{30 + plot - plot * p[seat] / top:.1f}"
                          for i, p in enumerate(curve))
        colour = PALETTE[seat % len(PALETTE)]
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                    f'stroke-width="2.2"/>')
        y_end = 30 + plot - plot * curve[-1][seat] / top
        body.append(_text(left + span + 6, y_end + 4, f"seat {seat + 1}", size=11,
                          fill=colour))
    body.append(_text(left + span / 2, height - 12, f"checkpoint (turn or round), "
                      f"1 to {len(curve)}", "middle", 11, "#666"))
    return _svg(height, body, "Score estimate by checkpoint")


def report_html(report: SimulationReport, names: Mapping[tuple[str, str], str] | None = None,
                colours: Mapping[str, str] | None = None) -> str:
    """The whole page: the ranked findings first (names as the game prints them, where
    `names` gives them), then the charts and metrics."""
    from stamperia.rules.verdict.page import findings_table, humane

    shown = dict(names or {})
    for share in report.shares:
        if share.group not in ("seat", "agent"):
            shown.setdefault((share.group, share.value), humane(share.value))
    groups: dict[str, list[WinShare]] = {}
    for share in report.shares:
        groups.setdefault(share.group, []).append(share)
    examples = ({(g, v): (n, line) for g, v, n, line in report.examples}
                if report.record else None)
    findings = [findings_table([(s, ",".join(report.agents)) for s in report.flagged],
                               shown, colours or {}, examples, report.record)]
    charts = [win_chart(f"Win rate by {group} (dashed: fair share "
                        f"{shares[0].fair:.0%}; whiskers: 95% interval)", shares, shown,
                        colours)
              for group, shares in groups.items()]
    charts.append(length_chart(report))
    if report.score_curve:
        charts.append(score_chart(report))
    metrics = [f"<li>{escape(line.strip())}</li>" for line in metric_lines(report.metrics)[1:]]
    ends = ", ".join(f"{k} {v}" for k, v in report.ends.items())
    title = f"{report.game}: {report.games} simulated games"
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}{TABLE_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="sub">{report.players} players, agents {escape(",".join(report.agents))}, '
        f"seed {report.seed}" + (f", variants {escape(','.join(report.variants))}"
                                 if report.variants else "") + f"; ends: {escape(ends)}</p>",
        "<h2>Findings, most certain first</h2>", *findings,
        *_targets(report),
        "<h2>Charts</h2>", *charts,
        "<h2>Designer metrics</h2>", "<ul>", *metrics, "</ul>",
        '<p class="sub">Definitions and formulas: docs/metrics.md.</p>',
        "</body></html>", ""])


def _targets(report: SimulationReport) -> list[str]:
    """The rulebook's targets beside the figures measured, when the game states them."""
    if not report.targets:
        return []
    rows = "".join(f"<li>{escape(check.words())}</li>" for check in report.targets)
    return ["<h2>The rulebook's targets</h2>", f"<ul>{rows}</ul>"]

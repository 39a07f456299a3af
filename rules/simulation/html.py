"""The simulation report as one standalone HTML page with inline SVG charts.

No script and no external file: a designer can mail it or open it offline. Charts: win
rate by seat and by every label group (agent, faction, objective...) with 95% Wilson
intervals against the fair share; a histogram of game lengths; the mean score estimate
per seat over the game. Everything is drawn from the SimulationReport alone.
"""

from __future__ import annotations

from html import escape

from stamperia.rules.simulation.report import SimulationReport, WinShare, metric_lines, share_line
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
svg{display:block;margin:.6em 0}text{font-family:inherit}
"""


def _svg(height: int, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">'
            f'<title>{escape(title)}</title>' + "".join(body) + "</svg>")


def _text(x: float, y: float, words: str, anchor: str = "start", size: int = 12,
          fill: str = INK) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(words)}</text>')


def win_chart(title: str, shares: list[WinShare]) -> str:
    """Horizontal bars: the rate, a whisker for its interval, a dashed line at fair."""
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
        colour = FLAG if share.flagged else PALETTE[index % len(PALETTE)]
        body.append(_text(left - 8, y + 15, share.value[:22], "end"))
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


def report_html(report: SimulationReport) -> str:
    """The whole page."""
    groups: dict[str, list[WinShare]] = {}
    for share in report.shares:
        groups.setdefault(share.group, []).append(share)
    flagged = report.flagged
    findings = [f'<li class="flag">{escape(s.group)} {escape(share_line(s))}</li>'
                for s in flagged] or ["<li>No seat or group wins far from its fair share "
                                      "(99% test).</li>"]
    charts = [win_chart(f"Win rate by {group} (dashed: fair share "
                        f"{shares[0].fair:.0%}; whiskers: 95% interval)", shares)
              for group, shares in groups.items()]
    charts.append(length_chart(report))
    if report.score_curve:
        charts.append(score_chart(report))
    metrics = [f"<li>{escape(line.strip())}</li>" for line in metric_lines(report.metrics)[1:]]
    ends = ", ".join(f"{k} {v}" for k, v in report.ends.items())
    title = f"{report.game}: {report.games} simulated games"
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="sub">{report.players} players, agents {escape(",".join(report.agents))}, '
        f"seed {report.seed}" + (f", variants {escape(','.join(report.variants))}"
                                 if report.variants else "") + f"; ends: {escape(ends)}</p>",
        "<h2>Findings</h2>", "<ul>", *findings, "</ul>",
        "<h2>Charts</h2>", *charts,
        "<h2>Designer metrics</h2>", "<ul>", *metrics, "</ul>",
        '<p class="sub">Definitions and formulas: docs/metrics.md.</p>',
        "</body></html>", ""])

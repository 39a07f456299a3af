"""simulate's designer metrics (--json) and its standalone HTML report (--html)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from stamperia.cli import cli

METRICS = ["balance", "win_rate_gap", "sole_wins", "first_player_advantage", "completion",
           "drawishness", "timeouts",
           "duration_turns_mean", "duration_turns_median", "duration_turns_stdev",
           "duration_decisions_mean", "duration_decisions_median", "duration_decisions_stdev",
           "decision_moves", "branching_factor", "lead_changes", "stability", "drama",
           "lead_for_good", "outcome_uncertainty", "kingmaking"]
ORACLE = ("lead_changes", "drama", "outcome_uncertainty")
"""The metrics that read the win-probability oracle: empty unless --oracle asks for it."""


def test_every_report_has_the_metrics_with_intervals_for_shares() -> None:
    result = CliRunner().invoke(cli, ["simulate", "splut", "--players", "2", "--games", "8",
                                      "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    metrics = json.loads(result.output)["metrics"]
    assert list(metrics) == METRICS
    assert metrics["timeouts"] == {"value": 0.0, "interval": [0.0, 0.3244]}
    assert all(metrics[name]["value"] is not None for name in METRICS[:-1]
               if name not in ORACLE)
    assert all(metrics[name] == {"value": None} for name in ORACLE)
    assert metrics["kingmaking"] == {"value": None}  # two seats: no king to make


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


def test_html_report_is_standalone_with_its_charts(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["simulate", "splut", "--players", "2", "--games", "6",
                                      "--agents", "greedy,random", "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    parser = _Tags()
    parser.feed(text)
    assert "script" not in parser.tags and "link" not in parser.tags
    svgs = re.findall(r"<svg .*?</svg>", text, re.S)
    titles = [ElementTree.fromstring(svg).findtext("{http://www.w3.org/2000/svg}title")
              for svg in svgs]
    assert titles == [
        "Win rate by seat (dashed: fair share 50%; whiskers: 95% interval)",
        "Win rate by agent (dashed: fair share 50%; whiskers: 95% interval)",
        "Win rate by colour (dashed: fair share 50%; whiskers: 95% interval)",
        "Game length (turns)", "Score estimate by checkpoint"]
    assert "<h2>Findings, most certain first</h2>" in text
    assert "No flag: no seat, faction or card wins far from its fair share." in text


def test_profiles_sit_at_one_table_with_other_agents() -> None:
    result = CliRunner().invoke(cli, [
        "simulate", "sgrunt", "--players", "3", "--games", "3", "--seed", "1", "--agents",
        "heuristic:aggressive,heuristic:turtling,greedy"])
    assert result.exit_code == 0, result.output
    assert "heuristic:turtling" in result.output


def test_an_unknown_profile_names_those_the_content_has() -> None:
    for name, known in (("sgrunt", "aggressive, turtling"), ("iwari", "camper, majority"),
                        ("warland", "aggressive, turtling")):
        result = CliRunner().invoke(cli, ["simulate", name, "--players", "3", "--games", "1",
                                           "--agents", "heuristic:reckless"])
        assert result.exit_code == 2, result.output
        assert f"no profile 'reckless' in {name}'s content (has: {known})" in result.output

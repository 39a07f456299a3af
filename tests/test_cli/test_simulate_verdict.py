"""simulate's verdict: Holm-corrected flags with effect, interval and seed blocks
(--blocks), sequential runs (--until-sure) and verdicts across styles (--styles), on the
tiny game, whose first seat wins far more than its share at three players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.rules.verdict.blocks import block_seed


def _json(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["simulate", "tiny", "--players", "3", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_each_flag_has_its_effect_interval_corrected_p_and_seed_blocks(tiny: Path) -> None:
    report = _json("--agents", "greedy", "--games", "60")
    assert report["blocks"] == 5
    findings = report["findings"]
    assert findings == {"familywise_error": 0.01, "correction": "holm", "tested": 9,
                        "effect_for_games_needed": 0.1}  # 3 seats, 3 factions, 3 cards
    flagged = report["flagged"]
    assert isinstance(flagged, list) and flagged
    for flag in flagged:
        assert flag["p_holm"] <= 0.01 and flag["tested"] == 9
        assert abs(flag["effect"] - (flag["rate"] - flag["fair"])) < 1e-3
        low, high = flag["effect_interval"]
        assert low < flag["effect"] < high and (low > 0 or high < 0)
        assert flag["blocks"] == 5 and 0 <= flag["blocks_held"] <= 5
        assert flag["games_needed"] > 0
    agents = [w for w in report["win_rates"] if w["group"] == "agent"]  # type: ignore[union-attr]
    assert agents and all(not a["flagged"] and a["p_holm"] is None for a in agents)


def test_the_text_ranks_the_flags_and_says_how_many_groups_were_tested(tiny: Path) -> None:
    result = CliRunner().invoke(cli, ["simulate", "tiny", "--players", "3", "--agents",
                                      "greedy", "--games", "60"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("flagged:")))
    count = int(lines[at].split()[1])
    assert lines[at] == (f"flagged: {count} of 9 group(s) tested (Holm-corrected, "
                         "familywise error 1%)")
    ranked = lines[at + 1:at + 1 + count]
    assert [line.split(".")[0] for line in ranked] == [f"  {i}" for i in range(1, count + 1)]
    assert all("after Holm over 9, holds in " in line and line.endswith("; agents greedy")
               for line in ranked)


def test_each_block_plays_from_its_own_derived_seed(tiny: Path) -> None:
    """Two blocks of 20 are the runs of the two derived seeds, added up."""
    whole = _json("--games", "40", "--seed", "5", "--blocks", "2")
    parts = [_json("--games", "20", "--seed", str(block_seed(5, b)), "--blocks", "1")
             for b in range(2)]
    assert [p["blocks"] for p in parts] == [1, 1] and whole["blocks"] == 2

    def wins(report: dict[str, object]) -> dict[str, float]:
        return {f"{w['group']} {w['value']}": w["wins"]
                for w in report["win_rates"]}  # type: ignore[attr-defined]

    first, second = wins(parts[0]), wins(parts[1])
    assert wins(whole) == {k: round(first.get(k, 0) + second.get(k, 0), 4)
                           for k in first.keys() | second.keys()}


def test_until_sure_spends_alpha_over_its_looks_and_keeps_its_flags(tiny: Path) -> None:
    report = _json("--agents", "greedy", "--games", "20", "--until-sure", "200")
    sure = report["until_sure"]
    assert sure["budget"] == 200 and sure["spending"] == "lan-demets-obrien-fleming"
    looks = sure["looks"]
    assert [look["games"] for look in looks] == [20 * (i + 1) for i in range(len(looks))]
    assert sum(look["level"] for look in looks) <= 0.01 + 1e-6
    assert [look["level"] for look in looks] == sorted(look["level"] for look in looks)
    for before, after in zip(looks, looks[1:], strict=False):  # a flag once raised is kept
        assert set(before["flagged"]) <= set(after["flagged"])
    assert sure["settled"] == (not looks[-1]["open"])
    assert report["games"] == looks[-1]["games"] and report["blocks"] == len(looks)
    assert {f"{f['group']} {f['value']}" for f in report["flagged"]} == set(
        looks[-1]["flagged"])


def test_styles_give_a_verdict_each_and_the_flags_all_share(tiny: Path) -> None:
    out = _json("--games", "60", "--styles", "random,greedy")
    assert out["styles"] == ["random", "greedy"]
    reports = out["reports"]
    assert set(reports) == {"random", "greedy"}  # type: ignore[arg-type]
    flags = {(f["group"], f["value"]): f["styles"] for f in out["flags"]}  # type: ignore[union-attr]
    for style, report in reports.items():  # type: ignore[union-attr]
        for flag in report["flagged"]:
            assert style in flags[flag["group"], flag["value"]]
    assert [(f["group"], f["value"]) for f in out["for_all"]] == sorted(  # type: ignore[union-attr]
        key for key, styles in flags.items() if len(styles) == 2)


def test_the_verdict_page_reads_on_a_phone(tiny: Path, tmp_path: Path) -> None:
    page = tmp_path / "verdict.html"
    result = CliRunner().invoke(cli, ["simulate", "tiny", "--players", "3", "--games", "60",
                                      "--styles", "greedy,random", "--html", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "Findings, most certain first" in html and "Across playing styles" in html
    assert "seat 1" in html and "obj_" not in html  # names as words, never ids


def test_verdict_usage_errors(tiny: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    one = runner.invoke(cli, ["simulate", "tiny", "--players", "3", "--styles", "greedy"])
    assert one.exit_code == 2 and "give 2 to 6 different agents" in one.output
    recorded = runner.invoke(cli, ["simulate", "tiny", "--players", "3", "--styles",
                                   "greedy,random", "--record", str(tmp_path / "r.jsonl")])
    assert recorded.exit_code == 2 and "--record writes one line-up's games" in recorded.output


def test_the_report_measures_each_rulebook_target_against_its_band() -> None:
    result = CliRunner().invoke(cli, ["simulate", "sgrunt", "--players", "3", "--games",
                                      "20", "--blocks", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    targets = {t["what"]: t for t in report["targets"]}
    assert list(targets) == ["median length", "games over before turn 3",
                             "games ending by objective", "playing time"]
    share = report["ends"].get("objective", 0) / 20
    objective = targets["games ending by objective"]
    assert objective["measured"] == round(share, 4) and objective["unit"] == "share"
    assert objective["inside"] == (0.05 <= share <= 0.5)
    length = targets["median length"]
    assert length["measured"] == report["length_turns"]["median"]
    assert (length["min"], length["max"]) == (10, 16)
    assert targets["playing time"] == {"what": "playing time", "measured": None, "min": 90,
                                       "max": 120, "unit": "minutes", "inside": None}


def test_a_game_without_targets_shows_none(tiny: Path) -> None:
    assert _json("--games", "10")["targets"] == []


STRONG = Path(__file__).parent.parent / "fixtures" / "verdict" / "sgrunt_strong_card"


@pytest.mark.slow
def test_fix_follows_a_flagged_card_to_a_tested_edit() -> None:
    """SGRUNT with card 16 worth five times the points: flagged, its drivers named as
    printed, an edit of its value for the top driver, and a paired sweep of the edit."""
    result = CliRunner().invoke(cli, ["simulate", str(STRONG), "--players", "3", "--games",
                                      "150", "--agents", "greedy", "--fix", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    fix = out["fixes"][0]
    assert (fix["group"], fix["value"], fix["name"]) == ("objective", "obiettivo_16",
                                                         "Obiettivo 16")
    assert fix["effect"] > 0.2 and fix["drivers"]
    assert all(d["lift"] > 0 for d in fix["drivers"])
    target = fix["proposal"]["target"]
    assert target.startswith("objectives.json#/cards/15/territories/")
    assert fix["proposal"]["proposed"] < fix["proposal"]["current"]
    keys = [(d["group"], d["value"]) for d in fix["paired"]]
    assert keys == [("seat", "1"), ("seat", "2"), ("seat", "3"), ("objective", "obiettivo_16")]


def test_fix_refuses_other_modes(tiny: Path) -> None:
    result = CliRunner().invoke(cli, ["simulate", "tiny", "--players", "3", "--fix",
                                      "--styles", "greedy,random"])
    assert result.exit_code == 2 and "--fix follows the flags of one line-up" in result.output


@pytest.mark.slow
def test_the_html_report_links_each_flag_to_a_recorded_game_and_prints_names(
        tmp_path: Path) -> None:
    """The strong-card edition: the flag's row names the card as words and links to the
    first recorded game its holder won, at that game's header line."""
    record, page = tmp_path / "games.jsonl", tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["simulate", str(STRONG), "--players", "3", "--games",
                                      "150", "--agents", "greedy", "--record", str(record),
                                      "--html", str(page), "--json"])
    assert result.exit_code == 0, result.output
    example = next(e for e in json.loads(result.output)["examples"]
                   if e["value"] == "obiettivo_16")
    lines = record.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[example["line"] - 1])
    assert header["game"] == example["game"] and "record_format" in header
    won = next(json.loads(line)["result"] for line in lines
               if line.startswith(f'{{"game": {example["game"]}, "result"'))
    holder = next(i for i, seat in enumerate(won["seats"])
                  if seat["labels"]["objective"] == "obiettivo_16")
    assert holder in won["winners"]
    html = page.read_text(encoding="utf-8")
    assert "▲ objective Obiettivo 16" in html
    assert f'<a href="games.jsonl">game {example["game"]}</a>' in html
    assert "Tribù Koiles" in html  # a faction's printed name, never its id


def test_games_needed_are_for_the_effect_asked(tiny: Path) -> None:
    ten = _json("--games", "30")
    twenty = _json("--games", "30", "--effect", "20")
    assert ten["findings"]["effect_for_games_needed"] == 0.1  # type: ignore[index]
    assert twenty["findings"]["effect_for_games_needed"] == 0.2  # type: ignore[index]
    seat = [w for w in ten["win_rates"] if w["group"] == "seat"][0]  # type: ignore[union-attr]
    wider = [w for w in twenty["win_rates"] if w["group"] == "seat"][0]  # type: ignore[union-attr]
    # a fair seat at 1/3, 9 groups tested: about 4 times fewer games for twice the effect
    assert 3 < seat["games_needed"] / wider["games_needed"] < 5
    text = CliRunner().invoke(cli, ["simulate", "tiny", "--players", "3", "--games", "30",
                                    "--effect", "20"]).output.splitlines()
    rates = twenty["win_rates"]

    def most(group: str) -> int:
        return max(w["games_needed"] for w in rates if w["group"] == group)  # type: ignore[union-attr]

    assert ("games needed to detect +-20 points with 80% power: seat "
            f"{most('seat'):,}, faction {most('faction'):,}, objective "
            f"{most('objective'):,}") in text

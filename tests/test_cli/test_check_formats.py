"""`stamperia check --format text|json|sarif|github|junit`: the same findings in the form
each CI platform reads, usage errors included, and the glyph check through the CLI."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from gamefixtures import FIXTURES, make_game

from stamperia.checks.report import escape_data, escape_property
from stamperia.cli import cli

SARIF_SCHEMA = json.loads((FIXTURES / "sarif" / "sarif-schema-2.1.0.json")
                          .read_text(encoding="utf-8"))
JAPANESE = {"file": "strings/en.json", "op": "set", "pointer": "/zone/basso/name",
            "value": "下の地方"}
UNTRANSLATED = {"file": "strings/en.json", "op": "set", "pointer": "/zone/alto/name",
                "value": "Alto"}
GLYPH_LINE = ("tiny/strings/en.json:38: /zone/basso/name: en text 'zone.basso.name' has "
              "characters the font DejaVuSans cannot draw: 'の' (U+306E), '下' (U+4E0B), "
              "'地' (U+5730), '方' (U+65B9) (replace them: the bundled fonts do not cover "
              "this script) [K002]")
WARNING_LINE = ("tiny/strings/en.json:35: /zone/alto/name: warning: en text 'zone.alto.name' "
                "is the same as the source (translate it, or list the key in "
                "\"$same_as_source\" if it is a proper noun) [R006]")


@pytest.fixture
def japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tiny game with a Japanese text (an error) and an untranslated one (a warning)."""
    folder = make_game(tmp_path, [JAPANESE, UNTRANSLATED])
    monkeypatch.chdir(tmp_path)
    return folder


def _check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "tiny", "--no-balance", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout


def test_japanese_text_fails_check_naming_key_character_and_code_point(japanese: Path
                                                                       ) -> None:
    code, out = _check()
    assert code == 1
    assert out.splitlines()[:2] == [WARNING_LINE, GLYPH_LINE]
    assert out.splitlines()[-1] == "checked 1 game(s): 1 error(s), 1 warning(s)"


def test_json_is_the_same_as_format_json_and_names_codes(japanese: Path) -> None:
    assert _check("--json") == _check("--format", "json")
    code, out = _check("--json")
    report = json.loads(out)
    assert code == 1 and report["failed"] is True and report["strict"] is False
    assert [(p["code"], p["severity"], p["line"]) for p in report["games"][0]["problems"]] == [
        ("R006", "warning", 35), ("K002", "error", 38)]


def test_github_annotations_with_file_line_column_and_title(japanese: Path) -> None:
    code, out = _check("--format", "github")
    assert code == 1
    assert out.splitlines() == [
        "::warning file=tiny/strings/en.json,line=35,col=7,title=R006 untranslated-text::"
        "/zone/alto/name: en text 'zone.alto.name' is the same as the source (translate it, "
        "or list the key in \"$same_as_source\" if it is a proper noun)",
        "::error file=tiny/strings/en.json,line=38,col=7,title=K002 missing-glyph::"
        "/zone/basso/name: en text 'zone.basso.name' has characters the font "
        "DejaVuSans cannot draw: 'の' (U+306E), '下' (U+4E0B), '地' (U+5730), "
        "'方' (U+65B9) (replace them: the bundled fonts do not cover this script)",
        "checked 1 game(s): 1 error(s), 1 warning(s)"]


def test_github_escaping_follows_the_workflow_command_rules() -> None:
    assert escape_data("50%\r\nnext: a, b") == "50%25%0D%0Anext: a, b"
    assert escape_property("dir,1/a:b%\n.json") == "dir%2C1/a%3Ab%25%0A.json"


def test_sarif_is_valid_and_points_at_file_line_and_column(japanese: Path) -> None:
    code, out = _check("--format", "sarif")
    assert code == 1
    log = json.loads(out)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [(r["ruleId"], r["level"], r["locations"][0]["physicalLocation"])
            for r in run["results"]] == [
        ("R006", "warning", {"artifactLocation": {"uri": "tiny/strings/en.json",
                                                  "uriBaseId": "%SRCROOT%"},
                             "region": {"startLine": 35, "startColumn": 7}}),
        ("K002", "error", {"artifactLocation": {"uri": "tiny/strings/en.json",
                                                "uriBaseId": "%SRCROOT%"},
                           "region": {"startLine": 38, "startColumn": 7}})]
    for result in run["results"]:
        described = rules[result["ruleIndex"]]
        assert described["id"] == result["ruleId"]
        assert described["help"]["text"] and described["shortDescription"]["text"]


def test_sarif_of_a_clean_run_and_of_a_usage_error_are_valid(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out = _check("--format", "sarif")
    assert code == 0
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(json.loads(out))
    result = CliRunner().invoke(cli, ["check", "nope", "--format", "sarif"])
    assert result.exit_code == 2
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(SARIF_SCHEMA).validate(log)
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["message"]["text"].startswith(
        "unknown game 'nope': choose one of")


def test_junit_has_a_case_per_stage_failing_where_the_findings_are(japanese: Path) -> None:
    code, out = _check("--format", "junit")
    assert code == 1
    suite = ET.fromstring(out).find("testsuite")
    assert suite is not None and suite.get("name") == "tiny"
    cases = {case.get("name"): case for case in suite.iter("testcase")}
    assert list(cases) == ["well-formed", "editions", "schema", "references", "rules",
                           "balance", "kit"]
    failure = cases["kit"].find("failure")
    assert failure is not None and failure.text == GLYPH_LINE
    assert failure.get("type") == "K002 missing-glyph"
    assert cases["references"].find("failure") is None
    assert cases["references"].findtext("system-out") == WARNING_LINE
    skipped = cases["balance"].find("skipped")
    assert skipped is not None and skipped.get("message") == "not run: --no-balance"
    assert (suite.get("tests"), suite.get("failures"), suite.get("skipped")) == ("7", "1", "1")


def test_strict_makes_warnings_fail_in_every_format(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [UNTRANSLATED])
    monkeypatch.chdir(tmp_path)
    for fmt in ("text", "json", "sarif", "github", "junit"):
        assert _check("--format", fmt)[0] == 0, fmt
        assert _check("--format", fmt, "--strict")[0] == 1, fmt
    junit = ET.fromstring(_check("--format", "junit", "--strict")[1])
    assert junit.get("failures") == "1"
    assert json.loads(_check("--json", "--strict")[1])["failed"] is True


def test_a_failing_stage_skips_the_later_ones_in_junit(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    make_game(tmp_path, [{"file": "board.json", "op": "set",
                          "pointer": "/territories/1/zone", "value": "altto"}])
    monkeypatch.chdir(tmp_path)
    suite = ET.fromstring(_check("--format", "junit")[1]).find("testsuite")
    assert suite is not None
    outcome = {case.get("name"): [child.tag for child in case] for case in suite}
    assert outcome == {"well-formed": [], "editions": [], "schema": [],
                       "references": ["failure"], "rules": ["skipped"],
                       "balance": ["skipped"], "kit": ["skipped"]}


@pytest.mark.parametrize("fmt", ["json", "junit", "github"])
def test_usage_errors_follow_the_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        fmt: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "--format", fmt, "--seed", "-1"])
    assert result.exit_code == 2
    message = ("Invalid value for '--seed': -1 is not in the range "
               "0<=x<=9223372036854775807.")
    if fmt == "json":
        assert json.loads(result.stdout)["usage_error"] == message
    elif fmt == "junit":
        error = ET.fromstring(result.stdout).find("testsuite/testcase/error")
        assert error is not None and error.get("message") == message
    else:
        assert result.stdout == f"::error title=stamperia check::{message}\n"
    assert f"Error: {message}" in result.stderr


def test_json_alias_shapes_an_unknown_game(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "nope", "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["usage_error"].startswith("unknown game 'nope'")


def test_unknown_format_exits_2_with_the_choices() -> None:
    result = CliRunner().invoke(cli, ["check", "--format", "xml"])
    assert result.exit_code == 2
    assert ("Invalid value for '--format': 'xml' is not one of 'text', 'json', 'sarif', "
            "'github', 'junit'.") in result.output


def test_json_and_another_format_together_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["check", "--json", "--format", "sarif"])
    assert result.exit_code == 2
    assert "--json asks for json, --format for sarif: give one" in result.output


def test_reports_are_byte_identical_between_runs(japanese: Path) -> None:
    for fmt in ("sarif", "junit", "github"):
        assert _check("--format", fmt) == _check("--format", fmt)

"""`stamperia new --template T` for every template: a folder that checks clean and builds
at once, whose schemas resolve from the folder, with a README of the main moves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from stamperia.cli import cli
from stamperia.commands.new import named_schemas, templates

EXPECTED = ("cards", "conquest", "iwari", "splut", "warland")
SLOW = ("iwari",)
"""Templates whose check (its balance runs) takes more than a few seconds."""
PARAMS = [pytest.param(t, marks=pytest.mark.slow) if t in SLOW else t for t in EXPECTED]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def make(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, template: str) -> Path:
    monkeypatch.chdir(tmp_path)
    code, output = run("new", "my_game", "--template", template, "--publisher", "Ditta Rossi")
    assert (code, output) == (0, f"wrote my_game/ from the {template!r} template\n"
                                 "next: stamperia check my_game && stamperia build my_game\n")
    return tmp_path / "my_game"


def test_the_templates_are_the_package_folders() -> None:
    assert templates() == EXPECTED


@pytest.mark.parametrize("template", PARAMS)
def test_a_new_game_checks_clean_and_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            template: str) -> None:
    game = make(tmp_path, monkeypatch, template)
    code, output = run("check", "my_game")
    assert code == 0, output
    assert output.splitlines()[-1].startswith("checked 1 game(s): 0 error(s), ")
    code, output = run("build", "my_game", "--out", "out")
    assert code == 0, output
    assert re.fullmatch(r"my_game: \d+ file\(s\), \d+ PDF page\(s\) in out/my_game\n", output)
    built = list((tmp_path / "out" / "my_game").rglob("*.pdf"))
    assert len(built) >= 3
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    assert game.is_dir()


@pytest.mark.parametrize("template", EXPECTED)
def test_a_new_game_is_filled_in_and_its_schemas_resolve(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, template: str) -> None:
    game = make(tmp_path, monkeypatch, template)
    manifest = json.loads((game / "game.json").read_text(encoding="utf-8"))
    assert manifest["id"] == "my_game" and manifest["publisher"] == "Ditta Rossi"
    assert manifest["ruleset"] == template
    named = set()
    for path in sorted(game.rglob("*")):
        if path.suffix in (".json", ".md", ".csv", ".svg"):
            assert "{{" not in path.read_text(encoding="utf-8"), path
        if path.suffix != ".json" or path.parent.name == "schemas":
            continue
        reference = json.loads(path.read_text(encoding="utf-8"))["$schema"]
        assert re.fullmatch(r"(\.\./)*schemas/[a-z_]+\.schema\.json", reference), path
        assert (path.parent / reference).is_file(), path
        named.add(Path(reference).name)
    assert sorted(p.name for p in (game / "schemas").iterdir()) == sorted(named)
    assert named_schemas(game) == sorted(n.removesuffix(".schema.json") for n in named)
    readme = (game / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# My Game\n")
    for move in ("stamperia check my_game", "stamperia build my_game", "## Main moves"):
        assert move in readme


def test_only_the_games_that_use_them_get_fonts_and_art(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = make(tmp_path, monkeypatch, "splut")
    assert not (game / "fonts").exists() and not (game / "art").exists()


def test_an_unknown_template_lists_the_templates(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = run("new", "demo", "--template", "chess")
    assert code == 2
    assert output.splitlines()[-1] == ("Error: Invalid value for --template: 'chess' is no "
                                       f"template: choose from {', '.join(EXPECTED)}")
    assert list(tmp_path.iterdir()) == []


def test_the_template_help_lists_the_templates() -> None:
    code, output = run("new", "--help")
    assert code == 0
    assert ", ".join(EXPECTED) in " ".join(output.split())


def test_a_publisher_with_quotes_stays_valid_json(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = run("new", "demo", "--template", "conquest", "--publisher", 'Ed. "Il\\Nord"')
    assert code == 0, output
    manifest = json.loads((tmp_path / "demo" / "game.json").read_text(encoding="utf-8"))
    assert manifest["publisher"] == 'Ed. "Il\\Nord"'


def test_every_template_file_ships_as_package_data() -> None:
    import tomllib

    root = Path(__file__).parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["package-data"]["stamperia"]
    package = root / "stamperia"
    shipped = {path for pattern in globs for path in package.glob(pattern)}
    every = {path for path in (package / "templates").rglob("*")
             if path.is_file() and "__pycache__" not in path.parts}
    assert len(every) > 15
    assert every - shipped == set()


SHIPPED = ("iwari", "splut", "warland")
"""The templates taken from the shipped game of the same name when `new` runs."""


@pytest.mark.parametrize("template", SHIPPED)
def test_a_shipped_game_template_is_the_shipped_game_but_for_the_declared_differences(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, template: str) -> None:
    from stamperia.content.locate import games_root

    game = make(tmp_path, monkeypatch, template)
    shipped = games_root() / template
    ours = {p.relative_to(shipped) for p in shipped.rglob("*") if p.is_file()}
    theirs = {p.relative_to(game) for p in game.rglob("*") if p.is_file()}
    assert theirs - ours == {Path("README.md"), *(p.relative_to(game)
                                                  for p in (game / "schemas").iterdir())}
    assert ours - theirs == set()
    for relative in sorted(ours):
        if relative.suffix != ".json":
            assert (game / relative).read_bytes() == (shipped / relative).read_bytes()
            continue
        expected = json.loads((shipped / relative).read_text(encoding="utf-8"))
        expected["$schema"] = ("../" * (len(relative.parts) - 1) + "schemas/"
                               + Path(expected["$schema"]).name)
        if relative == Path("game.json"):
            expected.update(id="my_game", publisher="Ditta Rossi")
        if relative.parts[0] == "strings":
            expected["game"]["title"] = "My Game"
        assert json.loads((game / relative).read_text(encoding="utf-8")) == expected, relative


def test_a_shipped_game_template_holds_no_copy_of_the_game() -> None:
    root = Path(__file__).parents[2] / "stamperia" / "templates"
    for template in SHIPPED:
        assert sorted(p.name for p in (root / template).iterdir()) == ["README.md",
                                                                         "shipped.json"]
        descriptor = json.loads((root / template / "shipped.json").read_text("utf-8"))
        assert descriptor == {"game": template}

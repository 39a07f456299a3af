"""What plug-ins declare has one owner: a kind, a template and a ruleset id each belong to
one plug-in, and a game reads only its own ruleset's kinds and the core's shared ones. A
copy of a ruleset under kinds of its own is validated by its own schema; a copy that
redeclares a name is refused at start-up, naming both plug-ins."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pluginfixtures import FIXTURE, forget, install

from stamperia import cli as climodule
from stamperia.cli import cli

ORIGINAL = {"tiny_tokens": "tinyrules.content_plugin:PLUGIN"}
STRICT_GAME = FIXTURE / "strict_game"
"""The tiny game (two kinds of token, 6 and 4 of them) as a game of the strict copy."""
TINY_GAME = FIXTURE / "game"


@pytest.fixture(autouse=True)
def _forget() -> Iterator[None]:
    yield
    forget()


def _main(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(sys, "argv", ["stamperia", *argv])
    with pytest.raises(SystemExit) as ended:
        climodule.main()
    return int(ended.value.code or 0)


def test_a_copy_under_its_own_kind_is_validated_by_its_own_schema(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(tmp_path, monkeypatch, {**ORIGINAL, "tiny_strict": "tinystrict.plugin:STRICT"})
    monkeypatch.chdir(FIXTURE)
    result = CliRunner().invoke(cli, ["check", "strict_game"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "strict_game/tokens.json:4: /tokens/0/count: 6 is more than this value's bound of 5 "
        "(no real game needs more; if yours does, tell the stamperia developers) [S001]")
    original = CliRunner().invoke(cli, ["check", "game"])  # the same 6, by its own schema
    assert original.exit_code == 0, original.output


def test_a_game_reads_only_its_own_rulesets_kinds(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The strict copy's game naming the original's kind: both plug-ins are installed, but
    the kind is not its ruleset's."""
    install(tmp_path, monkeypatch, {**ORIGINAL, "tiny_strict": "tinystrict.plugin:STRICT"})
    game = tmp_path / "game"
    shutil.copytree(STRICT_GAME, game)
    manifest = game / "game.json"
    manifest.write_text(manifest.read_text().replace('"tiny_strict_tokens": "tokens.json"',
                                                     '"tiny_tokens": "tokens.json"'))
    result = CliRunner().invoke(cli, ["check", str(game)])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{game}/game.json:8: /parts/tiny_tokens: unknown part kind 'tiny_tokens' (did you "
        "mean 'tiny_strict_tokens'?) [E003]")


CLASHES = {
    "CLASH": "ruleset plug-ins 'tiny_tokens' (tinyrules.content_plugin:PLUGIN) and "
             "'tiny_clash' (tinystrict.plugin:CLASH) both declare the kind 'tiny_tokens'\n"
             "a kind belongs to one ruleset: rename it in one of the two plug-ins, or "
             "uninstall one of their packages",
    "TEMPLATE": "ruleset plug-ins 'tiny_tokens' (tinyrules.content_plugin:PLUGIN) and "
                "'tiny_strict' (tinystrict.plugin:TEMPLATE) both declare the template "
                "'tiny_tokens'\na template belongs to one ruleset: rename it in one of the "
                "two plug-ins, or uninstall one of their packages",
    "TWIN": "ruleset entry points 'tinyrules.content_plugin:PLUGIN' and "
            "'tinystrict.plugin:TWIN' both declare the ruleset 'tiny_tokens'\ngive the copy "
            "a ruleset id of its own, or uninstall one of the two packages",
    "LOOSE": "ruleset plug-in 'tiny_loose' (tinystrict.plugin:LOOSE) names the part kind "
             "'tiny_loose_tokens' but gives no schema for it\nadd the kind's schema to its "
             "schemas",
    "CORE": "ruleset plug-in 'tiny_core' (tinystrict.plugin:CORE) declares the kind "
            "'layouts', which stamperia's core declares for every game\nremove 'layouts' "
            "from the plug-in's part kinds and schemas: a game of any ruleset may name it",
}


@pytest.mark.parametrize("copy", sorted(CLASHES))
def test_a_name_declared_twice_or_half_is_refused_at_start_up_naming_the_plugins(
        copy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    install(tmp_path, monkeypatch, {**ORIGINAL, "copy": f"tinystrict.plugin:{copy}"})
    for argv in (["check", str(TINY_GAME)], ["schema"], ["new", "x", "--template", "cards"]):
        assert _main(argv, monkeypatch) == 2, argv
        captured = capsys.readouterr()
        assert captured.err == f"stamperia: {CLASHES[copy]}\n", argv
        assert "Traceback" not in captured.out
    assert not (tmp_path / "x").exists()


def test_the_shipped_rulesets_name_no_shared_kind() -> None:
    from stamperia.content.rulesets.registry import part_kinds_of, plugins

    for ruleset, plugin in plugins().items():
        assert part_kinds_of(ruleset) == (*plugin.part_kinds, "layouts", "theme")


def test_the_pre_commit_hook_refuses_a_clash_in_words_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`stamperia-check-changed` is guarded as `stamperia` is: it printed a traceback."""
    from stamperia.precommit import entry

    install(tmp_path, monkeypatch, {**ORIGINAL, "copy": "tinystrict.plugin:CLASH"})
    monkeypatch.setattr(sys, "argv", ["stamperia-check-changed", str(TINY_GAME / "game.json")])
    with pytest.raises(SystemExit) as ended:
        entry()
    assert ended.value.code == 2
    assert capsys.readouterr().err == f"stamperia: {CLASHES['CLASH']}\n"

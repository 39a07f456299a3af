"""`--tts-base-url` is refused when the image addresses made from it would be broken: each
image's name is appended to it, so it holds no raw space or quote, no query, no fragment."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from gamefixtures import make_game

from stamperia.cli import cli


@pytest.mark.parametrize(("url", "why"), [
    ("https://example.org/my game/",
     "holds ' ', which an address cannot hold as it is: percent-encode it (a space is %20)"),
    ('https://example.org/a"b/',
     "holds '\"', which an address cannot hold as it is: percent-encode it (a space is %20)"),
    ("https://example.org/kit?v=2",
     "has a ?query or #fragment: give the address of the folder the tts/ files will be "
     "uploaded to"),
])
def test_a_base_url_that_breaks_the_image_addresses_is_a_usage_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, why: str) -> None:
    make_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["build", "tiny", "--format", "tts", "--tts-base-url", url,
                                      "--out", "out"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: Invalid value for --tts-base-url: {url!r} {why}")
    assert not (tmp_path / "out").exists()

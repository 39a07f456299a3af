"""`join_inside`, the one join every writer uses for names made from content: a name that
would leave its folder is refused whatever its shape, a plain one is joined as given."""

from __future__ import annotations

from pathlib import Path

import pytest

from stamperia.content.guards import OutsideFolder, join_inside


@pytest.mark.parametrize("parts", [
    ("../x.png",), ("a/../../x",), ("/etc/passwd",), ("en", "/abs"), ("..",), (".",),
    ("a\\..\\x",), ("c:x",), ("a\x00b",), ("",), ("a//b",), ("tts/",), ("a\nb",),
])
def test_a_name_that_is_no_plain_relative_name_is_refused(tmp_path: Path,
                                                          parts: tuple[str, ...]) -> None:
    with pytest.raises(OutsideFolder):
        join_inside(tmp_path, *parts)


def test_a_symlinked_folder_pointing_out_is_refused(tmp_path: Path) -> None:
    (tmp_path / "kit").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "kit" / "en").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OutsideFolder, match="leads out of"):
        join_inside(tmp_path / "kit", "en", "cards.pdf")


def test_plain_names_are_joined_as_given(tmp_path: Path) -> None:
    assert join_inside(tmp_path, "en", "tts/deck actions-1.png") == (
        tmp_path / "en" / "tts" / "deck actions-1.png")
    assert join_inside(tmp_path, "fr", "cards.pdf") == tmp_path / "fr" / "cards.pdf"

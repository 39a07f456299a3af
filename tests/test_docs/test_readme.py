"""README.md is the front door: small, with the set-up commands CI and reviewers run
verbatim, and every link into the repository landing on a file (and heading) that exists."""

from __future__ import annotations

import re

from docsfiles import DOCS, README, ROOT, hook, links, local
from markdown.extensions.toc import slugify

SETUP = "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/stamperia build"
TESTS = ("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && "
         ".venv/bin/python -m pytest -q")


def _anchors(page: str) -> set[str]:
    """The ids MkDocs gives the headings of a page (the toc extension's slugs)."""
    text = re.sub(r"^```.*?^```", "", page, flags=re.MULTILINE | re.DOTALL)
    return {slugify(heading.strip(), "-")
            for heading in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE)}


def test_the_readme_stays_within_8_kb() -> None:
    assert len(README.read_bytes()) <= 8192


def test_the_readme_holds_both_setup_commands_verbatim_in_sh_blocks() -> None:
    blocks = re.findall(r"^```sh\n(.*?)^```", README.read_text(encoding="utf-8"),
                        re.MULTILINE | re.DOTALL)
    assert f"{SETUP}\n" in blocks
    assert f"{TESTS}\n" in blocks
    assert "open `output/sgrunt/it/guide.pdf`" in README.read_text(encoding="utf-8")


def test_every_local_link_of_the_readme_resolves_with_its_anchor() -> None:
    targets = [t for t in links(README.read_text(encoding="utf-8")) if local(t)]
    assert len(targets) > 20  # the links are found at all
    broken = []
    for target in targets:
        path, _, anchor = target.partition("#")
        file = ROOT / path
        if not file.is_file() or (anchor and anchor not in _anchors(file.read_text(
                encoding="utf-8"))):
            broken.append(target)
    assert broken == []


def test_the_readme_links_only_into_docs_so_the_site_home_page_keeps_them() -> None:
    """The site's index.md is the README with `docs/` taken off its links (the hook)."""
    targets = [t for t in links(README.read_text(encoding="utf-8")) if local(t)]
    assert [t for t in targets if not t.startswith("docs/")] == []
    home = hook().home_page(README.read_text(encoding="utf-8"))
    site_targets = [t for t in links(home) if local(t)]
    assert len(site_targets) == len(targets)
    assert [t for t in site_targets if not (DOCS / t.partition("#")[0]).is_file()] == []


def test_the_readme_pictures_are_small() -> None:
    for name in ("cards.png", "board.png"):
        assert (DOCS / "img" / name).stat().st_size < 150 * 1024, name

"""The generated command reference (docs/reference.md, rendered by mkdocs-click) holds
every command, the lazily loaded ones and the l10n subcommands included.

mkdocs-click lists a group's `commands` when that dict is not empty, so without the hook's
loading it would show only the commands cli.py imports eagerly."""

from __future__ import annotations

import click
import markdown
from docsfiles import DOCS, hook

from stamperia.cli import LAZY_COMMANDS, LazyGroup, cli


def _eager_copy() -> LazyGroup:
    """A fresh group holding only the eagerly defined commands, as cli.py leaves it on
    import (other tests may already have loaded lazy commands into `cli`)."""
    return LazyGroup(name="stamperia", commands={name: command for name, command
                                                 in cli.commands.items()
                                                 if name not in LAZY_COMMANDS})


def test_loading_puts_every_listed_command_in_the_group_recursively() -> None:
    group = _eager_copy()
    assert not set(LAZY_COMMANDS) & set(group.commands)
    hook().load_commands(group)
    assert set(group.commands) == set(group.list_commands(click.Context(group)))
    assert set(LAZY_COMMANDS) <= set(group.commands)
    l10n = group.commands["l10n"]
    assert isinstance(l10n, click.Group)
    assert set(l10n.commands) == {"export", "import", "status"}


def test_the_reference_page_has_a_section_for_every_command() -> None:
    docs = hook()
    docs.load_commands(cli)
    html = markdown.Markdown(extensions=["attr_list", "tables", "mkdocs-click"]).convert(
        (DOCS / "reference.md").read_text(encoding="utf-8"))
    paths = docs.command_paths(cli)
    assert {"build", "new", "sweep", "moves", "apply", "l10n"} <= {p[0] for p in paths if p}
    assert {("l10n", "export"), ("l10n", "import"), ("l10n", "status")} <= set(paths)
    ids = ["-".join(("stamperia", *path)) for path in paths] + ["stamperia-check-changed"]
    missing = [i for i in ids if f'id="{i}"' not in html]
    assert missing == []


def test_options_without_a_default_show_a_dash_not_clicks_sentinel() -> None:
    docs = hook()
    html = markdown.Markdown(extensions=["attr_list", "tables", "mkdocs-click"]).convert(
        (DOCS / "reference.md").read_text(encoding="utf-8"))
    tidy = docs.tidy_reference(html)
    assert "Sentinel" not in tidy
    assert "<td>\u2013</td>" in tidy  # --json, --help, ...: no default

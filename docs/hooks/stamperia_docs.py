"""MkDocs hooks of stamperia's documentation site (mkdocs.yml `hooks:`).

Two things MkDocs cannot do from configuration alone:
- The site's home page is the repository's README.md, so the front door is written once.
  Its links point into docs/ (so they work on GitHub); here they are made relative to
  the docs folder instead.
- The command reference (docs/reference.md) is mkdocs-click's rendering of the click group.
  mkdocs-click lists a group's `commands` dict when it is not empty, and stamperia's group
  imports the commands of LAZY_COMMANDS only when they are named, so it would miss them
  (build, new, l10n, sweep, moves, apply). Asking the group for each name it lists, as
  click's own help does, loads them first; the reference then cannot drift from the CLI.
  click 8.3 marks an option without a default by a sentinel, which mkdocs-click prints as
  `Sentinel.UNSET`; the reference shows a dash there instead.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

README = Path(__file__).resolve().parents[2] / "README.md"

_DOCS_LINK = re.compile(r"""(\]\(|src=")docs/""")
"""A Markdown link target or an HTML src that starts in docs/."""

_UNSET_DEFAULT = re.compile(r"<code>Sentinel\.UNSET</code>")
"""What mkdocs-click prints for an option that has no default (click 8.3 and later)."""


def load_commands(group: click.Group, context: click.Context | None = None) -> None:
    """Import every command the group lists, recursively (lazily loaded ones included), so
    that `group.commands` holds them all."""
    context = context or click.Context(group, info_name=group.name)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            load_commands(command, click.Context(command, info_name=name, parent=context))


def command_paths(command: click.Command, prefix: tuple[str, ...] = ()
                  ) -> list[tuple[str, ...]]:
    """Every command's path under `command` (its own first), through click's introspection."""
    paths = [prefix]
    if isinstance(command, click.Group):
        context = click.Context(command, info_name=command.name)
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            if sub is not None:
                paths += command_paths(sub, (*prefix, name))
    return paths


def home_page(readme: str) -> str:
    """README.md as the site's index.md: links into docs/ become relative to docs/."""
    return _DOCS_LINK.sub(r"\1", readme)


def tidy_reference(html: str) -> str:
    """The rendered command reference with a dash where an option has no default."""
    return _UNSET_DEFAULT.sub("\u2013", html)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    from stamperia.cli import cli

    load_commands(cli)
    config.watch.append(str(README))
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    from mkdocs.structure.files import File

    files.append(File.generated(config, "index.md",
                                content=home_page(README.read_text(encoding="utf-8"))))
    return files


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    return tidy_reference(html) if page.file.src_uri == "reference.md" else html

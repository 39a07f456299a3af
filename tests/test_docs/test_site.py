"""The documentation site builds with `mkdocs build --strict` (a broken link or anchor
fails it). Slow, and only where the docs extra is installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from docsfiles import ROOT


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                             "--site-dir", str(tmp_path / "site")],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "reference" / "index.html").is_file()

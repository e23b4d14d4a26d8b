"""What a release carries besides the code: licence, citation and project metadata that agree
with the package."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import digsite

tomllib = pytest.importorskip("tomllib", reason="tomllib is Python 3.11's")

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_metadata_names_the_licence_the_version_and_the_project_pages():
    project = _pyproject()
    assert project["version"] == digsite.__version__
    assert project["license"] == "MIT"
    assert "MIT License" in (ROOT / project["license-files"][0]).read_text(encoding="utf-8")
    assert set(project["urls"]) == {"Homepage", "Documentation", "Changelog", "Issues"}


def test_citation_matches_the_package():
    """CITATION.cff (validated against CFF 1.2.0 with cffconvert when written) states the
    package's version and licence; a release that bumps one must bump the other."""
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    fields = dict(re.findall(r'^([a-z-]+): "?([^"\n]*)"?$', text, flags=re.M))
    assert fields["cff-version"] == "1.2.0"
    assert fields["version"] == digsite.__version__
    assert fields["license"] == _pyproject()["license"]
    assert fields["repository-code"] == _pyproject()["urls"]["Homepage"]

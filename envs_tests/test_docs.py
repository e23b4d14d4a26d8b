"""The documentation site builds strictly (any Sphinx or docutils warning fails, as in
``make docs``) and has the pages it promises."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from digsite.games import BUILTIN

for _module in ("sphinx", "myst_parser", "furo"):
    pytest.importorskip(_module, reason="the docs extra is not installed: pip install -e '.[docs]'")

DOCS = Path(__file__).resolve().parent.parent / "docs"
API = ("envs", "core", "agents", "records", "drawing", "openspiel", "testing")
PAGES = {
    "games": "Status",
    "gymnasium": "digsite/Mykerinos2p-v1",
    "training": "Ctrl-C",
    "evaluation": "League",
    "agents": "make_agent",
    "recipes": "What did not get there",
    "play": "Game records",
    "openspiel": "pyspiel",
    "results": "Baselines against random players",
    "speed": "connect four",
    "safety": "weights only",
    "layout": "<h1>Layout",
}
"""The pages the README links to, and a text each has."""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
        + ["-d", str(out / "doctrees"), str(DOCS), str(out / "html")],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    return out / "html"


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def test_every_game_has_its_page_with_picture_and_documentation(site):
    for entry in BUILTIN:
        page = _page(site, f"games/{entry.name}.html")
        assert f"{entry.name}.png" in page and (site / "_images" / f"{entry.name}.png").is_file()
        for section in ("Action table", "Observation", "What a player knows", "provenance"):
            assert section in page, f"{entry.name}: no {section!r}"
        assert "{action_table}" not in page
        assert "<table" in page and "system-message" not in page


def test_home_guide_contract_versions_changelog_and_api(site):
    home = _page(site, "index.html")
    for text in ("Install", "Two commands", "Quick start", "Documentation", "License and citation"):
        assert text in home
    assert 'href="versions.html"' in home
    for page, title in PAGES.items():
        assert f'href="{page}.html' in home, f"the home page has no link to {page}"
        assert title in _page(site, f"{page}.html")
    assert "observation" in _page(site, "contract.html")
    assert "What happens to the old names" in _page(site, "versions.html")
    assert "Unreleased" in _page(site, "changelog.html")
    for name in API:
        assert f"digsite.{name}" in _page(site, f"api/digsite.{name}.html")
    assert "single_seat_env" in _page(site, "api.html")


def test_the_own_game_page_builds_the_example_from_its_files(site):
    page = _page(site, "your-own-game.html")
    assert "Write your own game" in page
    assert 'href="your-own-game.html"' in _page(site, "index.html")
    for listed in ("digsite.games", "ShardsState", "build_view", "TestShards"):
        assert listed in page, f"the page does not show {listed!r}"

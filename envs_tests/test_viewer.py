"""The replay viewer page in a real browser: Debian's chromium, driven by Playwright."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from digsite.agents import make_agent
from digsite.records import play, save

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
BROWSER_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def viewer(tmp_path_factory):
    """A recorded 2-player Mykerinos game, its page written by ``digsite replay --html``."""
    folder = tmp_path_factory.mktemp("viewer")
    agents = [make_agent("heuristic", "mykerinos"), make_agent("random", "mykerinos", seed=1)]
    record = play("mykerinos", agents, names=["heuristic", "random"], seed=3, num_players=2)
    save(record, folder / "game.json")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "digsite",
            "replay",
            folder / "game.json",
            "--html",
            folder / "game.html",
        ],
        check=True,
        capture_output=True,
    )
    return record, (folder / "game.html").as_uri()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_FLAGS)
        yield browser
        browser.close()


def board(page) -> str:
    """The picture on the page's canvas, as a PNG data URI."""
    return page.evaluate("document.getElementById('board').toDataURL()")


def opened(browser, url: str):
    page = browser.new_page()
    page.goto(url)  # no network: everything is in the file
    page.wait_for_selector("body[data-ready=yes]")  # the pictures are decoded and drawn
    return page


def test_the_page_steps_through_the_game(viewer, browser):
    record, url = viewer
    steps = record["steps"]
    page = opened(browser, url)
    assert page.text_content("#position") == f"position 0 of {len(steps)}"
    assert page.text_content("#action") == "the set-up"
    first = board(page)
    page.click("#next")
    page.click("#next")
    assert page.text_content("#action") == f"player {steps[1]['player']}: {steps[1]['text']}"
    assert board(page) != first
    page.fill("#slider", str(len(steps)))  # the slider moves to the end
    assert page.text_content("#position") == f"position {len(steps)} of {len(steps)}"
    assert "Result: player 0 (heuristic)" in page.text_content("#result")
    page.click("#previous")
    assert page.text_content("#result") == ""
    page.fill("#slider", "0")
    assert board(page) == first  # every tile of the set-up drawn again
    page.close()


def test_a_seat_sees_its_own_pictures_and_not_the_others_moves(viewer, browser):
    record, url = viewer
    k = next(i for i, s in enumerate(record["steps"]) if s["player"] == 1) + 1
    page = opened(browser, f"{url}#step={k}&view=spectator")
    spectator = board(page)
    assert page.text_content("#action").endswith(record["steps"][k - 1]["text"])
    page.select_option("#view", "0")
    assert page.text_content("#action") == "player 1: (a move of another seat)"
    assert board(page) != spectator
    page.select_option("#view", "1")
    assert page.text_content("#action").endswith(record["steps"][k - 1]["text"])
    page.close()

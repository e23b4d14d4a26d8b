"""The replay viewer page in a real browser: Debian's chromium, driven by Playwright."""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import sys
from importlib.resources import files
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import numpy as np
import pytest
from PIL import Image

from digsite import viewer as viewer_module
from digsite.agents import make_agent
from digsite.drawing import picture
from digsite.records import play, replay_states, save
from digsite.viewer import SPECTATOR
from digsite.viewer import page as page_of

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
def pictures(viewer):
    """Every picture of the viewer's game, drawn directly: ``pictures[view][step]``."""
    record, _ = viewer
    states = replay_states(record)
    views = [SPECTATOR, *(str(p) for p in range(len(record["agents"])))]
    return {v: [picture(s, None if v == SPECTATOR else int(v)) for s in states] for v in views}


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


def test_a_seat_sees_its_own_pictures_and_the_open_moves_of_the_others(viewer, browser):
    """Every move of Mykerinos is open: a seat reads the other's moves by name."""
    record, url = viewer
    k = next(i for i, s in enumerate(record["steps"]) if s["player"] == 1) + 1
    page = opened(browser, f"{url}#step={k}&view=spectator")
    spectator = board(page)
    text = f"player 1: {record['steps'][k - 1]['text']}"
    assert page.text_content("#action") == text
    page.select_option("#view", "0")
    assert page.text_content("#action") == text
    assert board(page) != spectator
    page.select_option("#view", "1")
    assert page.text_content("#action") == text
    page.close()


def test_the_move_list_names_every_move_and_jumps_where_clicked(viewer, browser):
    record, url = viewer
    steps = record["steps"]
    page = opened(browser, url)
    items = page.eval_on_selector_all("#moves li", "items => items.map(i => i.textContent)")
    assert items == [f"player {s['player']}: {s['text']}" for s in steps]
    k = len(steps) // 2
    page.click(f"#moves li:nth-child({k})")
    assert page.text_content("#position") == f"position {k} of {len(steps)}"
    assert page.text_content("#moves li.current") == items[k - 1]
    page.keyboard.press("ArrowRight")
    assert page.text_content("#moves li.current") == items[k]
    page.close()


def test_autoplay_runs_to_the_end_and_shows_the_result(viewer, browser):
    record, url = viewer
    steps = record["steps"]
    page = opened(browser, f"{url}#step={len(steps) - 3}")
    page.select_option("#speed", "100")
    page.click("#play")
    assert "pause" in page.text_content("#play")
    page.wait_for_function(f"document.getElementById('slider').value === '{len(steps)}'")
    page.wait_for_function("document.getElementById('play').textContent.includes('play')")
    rows = page.eval_on_selector_all(
        "#result tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert rows[0] == ["player", "agent", "score", "return"]
    assert [r[1] for r in rows[1:]] == record["agents"]
    assert [float(r[2]) for r in rows[1:]] == record["scores"]
    winner = page.eval_on_selector_all(
        "#result tr.winner", "rows => rows.map(r => r.cells[0].textContent)"
    )
    best = max(record["returns"])
    assert winner == [str(p) for p, r in enumerate(record["returns"]) if r == best]
    page.click("#play")  # from the end, the play button starts again from the set-up
    page.click("#play")
    position = int(page.eval_on_selector("#slider", "s => s.value"))
    assert position < len(steps) and page.text_content("#result") == ""
    page.close()


def written(record, folder) -> str:
    """The page of ``record``, written to ``folder``, as a file URL."""
    path = folder / "game.html"
    path.write_text(page_of(record), encoding="utf-8")
    return path.as_uri()


def test_a_secret_move_reads_as_what_the_seat_saw(browser, tmp_path):
    """Medieval Realms: a leader placed behind another's wall is told without its place."""
    agents = [make_agent("random", "medieval_realms", seed=p) for p in range(3)]
    record = play("medieval_realms", agents, names=["a", "b", "c"], seed=1, num_players=3)
    k = next(i for i, s in enumerate(record["steps"]) if "on Management square" in s["text"])
    mover = record["steps"][k]["player"]
    other = (mover + 1) % 3
    page = opened(browser, f"{written(record, tmp_path)}#step={k + 1}&view={other}")
    assert page.text_content("#action") == f"player {mover}: Mayor placed behind the wall"
    page.select_option("#view", str(mover))
    assert page.text_content("#action") == f"player {mover}: {record['steps'][k]['text']}"
    page.close()


HOSTILE = [
    "{data}",
    "<!--<script>",
    "</script><script>document.title = 'pwned'</script>",
    "<img src=x onerror=\"document.title='pwned'\">",
]


def test_hostile_names_in_a_record_stay_text(browser, tmp_path):
    """Agent names are the record's free text: whatever they hold, the page shows them as text,
    runs no script of theirs and keeps its title."""
    agents = [make_agent("random", "mykerinos", seed=p) for p in range(2)]
    record = play("mykerinos", agents, names=HOSTILE[:2], seed=5, num_players=2)
    for names in (HOSTILE[:2], HOSTILE[2:]):
        record["agents"] = names
        html = page_of(record)
        assert html.count("<script") == 2 and html.count("</script>") == 2  # the page's own
        page = opened(browser, written(record, tmp_path))
        assert page.title().startswith("Mykerinos: digsite/mykerinos-v1")
        assert page.evaluate("document.querySelectorAll('img').length") == 0
        options = page.eval_on_selector_all("#view option", "o => o.map(x => x.textContent)")
        assert options == ["spectator", *(f"player {p} ({n})" for p, n in enumerate(names))]
        page.close()


def test_text_in_a_records_options_cannot_rewrite_the_page(browser, tmp_path):
    """The audit's case: an option's data (here a building record's note) holding ``{data}``
    and markup goes into the title once, escaped; it never receives the page's data."""
    buildings = json.loads(
        files("digsite.games.archeologic")
        .joinpath("data/buildings.json")
        .read_text(encoding="utf-8")
    )["buildings"]
    buildings[0]["note"] = "{data}<!--<script>document.title='pwned'</script>"
    agents = [make_agent("random", "archeologic", seed=0)]
    record = play(
        "archeologic",
        agents,
        names=HOSTILE[2:3],
        seed=2,
        num_players=1,
        buildings=buildings,
        time_limit=12,
    )
    html = page_of(record)
    assert html.count("<script") == 2 and "{data}" in html and '"tiles"' in html
    assert html.index('"tiles"') > html.index('<script type="application/json"')  # data once
    page = opened(browser, written(record, tmp_path))
    heading = page.text_content("h1")
    assert "{data}<!--<script>document.title='pwned'</script>" in heading  # as text
    assert heading == page.title() and page.title().startswith("ArcheOlogic: ")
    page.close()


def decoded(uri: str) -> np.ndarray:
    """The RGB pixels of an image's data URI."""
    data = base64.b64decode(uri.split(",", 1)[1])
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def page_data(text: str) -> dict:
    """The data block of a viewer page."""
    start = text.index(">", text.index('<script type="application/json"')) + 1
    return json.loads(text[start : text.index("</script>", start)])


def test_the_page_holds_every_picture_of_every_view(viewer, pictures, monkeypatch):
    """The tiles and frames of the page written by the command put together give the very
    pictures drawn directly, at every step of every view; and the page is byte for byte the one
    drawn by one process or by three workers, each given runs of a few positions."""
    record, url = viewer
    text = Path(url2pathname(urlparse(url).path)).read_text(encoding="utf-8")
    assert text == page_of(record, jobs=1)
    monkeypatch.setattr(viewer_module, "SHORTEST_RUN", 5)  # this game would get one worker
    assert text == page_of(record, jobs=3)
    data = page_data(text)
    sheets = [decoded(uri) for uri in data["tiles"]]
    tile, per_sheet = data["tile"], data["sheet"]
    rows, columns = -(-data["height"] // tile), -(-data["width"] // tile)
    for v, frames in data["frames"].items():
        board = np.zeros((rows * tile, columns * tile, 3), dtype=np.uint8)
        assert len(frames) == len(pictures[v]) == len(record["steps"]) + 1
        for k, changes in enumerate(frames):
            for i, number in zip(changes[::2], changes[1::2], strict=True):
                y, x = divmod(i, columns)
                sheet, slot = divmod(number, per_sheet)
                cut = sheets[sheet][:, slot * tile : (slot + 1) * tile]
                board[y * tile : (y + 1) * tile, x * tile : (x + 1) * tile] = cut
            shown = board[: data["height"], : data["width"]]
            assert np.array_equal(shown, pictures[v][k]), f"view {v}, step {k}"


def test_the_board_shows_the_picture_of_the_position_and_view(viewer, pictures, browser):
    """What the browser draws on the board, pixel for pixel, after jumps back and forth
    between positions and views."""
    record, url = viewer
    page = opened(browser, url)
    last = len(record["steps"])
    for k, v in [(0, SPECTATOR), (last, "1"), (1, "0"), (last // 2, SPECTATOR), (last, "0")]:
        page.select_option("#view", v)
        page.fill("#slider", str(k))
        assert np.array_equal(decoded(board(page)), pictures[v][k]), f"view {v}, step {k}"
    page.close()

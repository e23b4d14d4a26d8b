"""The replay viewer: one self-contained HTML page of a game record.

    digsite replay game.json --html game.html

The page holds the picture of every position of the game (:func:`digsite.drawing.picture`) for
the spectator and for each seat, with previous / next buttons (and the arrow keys), a slider, a
play button (and the space bar) with its speed, the action played, the list of moves beside the
board (a click jumps to the position after it) and, at the end, the table of the result.  The
view switch shows the game as the spectator saw it or as one seat saw it: a seat's pictures are
drawn from its view alone, and each move reads as that seat saw it (``State.action_seen_by``: a
public move by name, a secret one as what was public about it).  The record's texts reach the
page once, as a JSON block whose ``<``, ``>`` and ``&`` are escaped, read by the script; the
title is HTML-escaped, and both go in in one pass, so no text of a record can become markup or
script.  The page needs no network: pictures are embedded, cut into tiles of ``TILE`` pixels,
each distinct tile once (lossless WebP) and each position as the tiles that changed since the
last one, since consecutive positions and the different views share most of the table.  The
page opens at ``game.html#step=K&view=V``
(``V`` = ``spectator`` or a seat number) when the address says so.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
from PIL import Image

from .drawing import picture
from .records import replay_states

SPECTATOR = "spectator"
TILE = 50
"""The side of a tile, in pixels."""


def page(record: Mapping[str, Any]) -> str:
    """The HTML page of ``record`` (replayed and checked first: :class:`RecordError`)."""
    states = replay_states(record)
    n = states[0].game.num_players
    views = [SPECTATOR, *(str(p) for p in range(n))]
    tiles: list[str] = []
    tile_ids: dict[bytes, int] = {}
    frames: dict[str, list[list[int]]] = {}
    height = width = 0
    for v in views:
        frames[v] = []
        previous = None
        for state in states:
            pixels = picture(state, None if v == SPECTATOR else int(v))
            height, width = pixels.shape[:2]
            columns = -(-width // TILE)
            changes = []
            for i in _changed_tiles(pixels, previous):
                y, x = divmod(int(i), columns)
                tile = pixels[y * TILE : (y + 1) * TILE, x * TILE : (x + 1) * TILE]
                key = tile.tobytes() + bytes(tile.shape[:2])
                if key not in tile_ids:
                    tile_ids[key] = len(tiles)
                    tiles.append(_data_uri(tile))
                changes += (int(i), tile_ids[key])
            frames[v].append(changes)
            previous = pixels
    steps = record["steps"]
    actions = {
        v: [
            state.action_seen_by(step["action"], int(v)) if v != SPECTATOR else step["text"]
            for state, step in zip(states[:-1], steps, strict=True)
        ]
        for v in views
    }
    data = {
        "width": width,
        "height": height,
        "tile": TILE,
        "views": views,
        "tiles": tiles,
        "frames": frames,
        "actions": actions,
        "players": [s["player"] for s in steps],
        "agents": record["agents"],
        "result": _result(record),
        "scores": record["scores"],
        "returns": record["returns"],
    }
    options = ", ".join(f"{k}={v}" for k, v in record["config"].items() if v is not None)
    title = f"{states[0].game.title}: {record['env']} ({options}), seed {record['seed']}"
    filled = {"title": html.escape(title), "data": script_json(data)}
    return _SLOT.sub(lambda m: filled[m.group(1)], _TEMPLATE)  # one pass: nothing is re-read


_SLOT = re.compile(r"\{(title|data)\}")
"""The template's slots."""


def script_json(data: Any) -> str:
    """``data`` as JSON that can sit in a ``<script type="application/json">`` block: every
    ``<``, ``>`` and ``&`` escaped, so no text in it can end the block or open a comment."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _changed_tiles(pixels: np.ndarray, previous: np.ndarray | None) -> np.ndarray:
    """The indices (row by row) of the tiles of ``pixels`` that differ from ``previous``: every
    tile of a first picture.  Found by comparing whole arrays, since most of a table stays."""
    height, width = pixels.shape[:2]
    rows, columns = -(-height // TILE), -(-width // TILE)
    if previous is None:
        return np.arange(rows * columns)
    differs = np.zeros((rows * TILE, columns * TILE * 3), dtype=bool)
    flat = (height, width * 3)
    np.not_equal(pixels.reshape(flat), previous.reshape(flat), out=differs[:height, : width * 3])
    blocks = differs.view(np.uint8).reshape(rows, TILE, columns, TILE * 3)
    return np.flatnonzero(blocks.max(axis=3).max(axis=1))  # as uint8: numpy's any is slower


def _data_uri(pixels) -> str:
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "WEBP", lossless=True)
    return "data:image/webp;base64," + base64.b64encode(buffer.getvalue()).decode()


def _result(record: Mapping[str, Any]) -> str:
    parts = [
        f"player {p} ({name}): score {score:g}, return {ret:+g}"
        for p, (name, score, ret) in enumerate(
            zip(record["agents"], record["scores"], record["returns"], strict=True)
        )
    ]
    return "; ".join(parts)


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body { font-family: sans-serif; background: #f6f1e2; color: #2d2319; margin: 1em; }
h1 { font-size: 1.3em; }
#controls { display: flex; gap: 0.6em; align-items: center; margin: 0.5em 0; flex-wrap: wrap; }
#slider { flex: 1; min-width: 10em; }
#action { font-weight: bold; min-height: 1.4em; }
#table { display: flex; gap: 1em; align-items: flex-start; }
#board { border: 1px solid #aaa; max-width: calc(100vw - 22em); }
#moves { width: 18em; max-height: 85vh; overflow-y: auto; margin: 0; padding: 0 0 0 3em;
  font-size: 0.9em; background: #fffaf0; border: 1px solid #aaa; }
#moves li { cursor: pointer; padding: 0.1em 0.3em; }
#moves li:hover { background: #eee3c8; }
#moves li.current { background: #e2c98f; font-weight: bold; }
#result table { border-collapse: collapse; margin-top: 0.5em; }
#result td, #result th { border: 1px solid #aaa; padding: 0.2em 0.6em; text-align: left; }
#result tr.winner { font-weight: bold; background: #e2c98f; }
#loading { color: #888; }
</style>
</head>
<body>
<h1>{title}</h1>
<div id="controls">
  <button id="previous" title="left arrow">&larr; previous</button>
  <button id="play" title="space">&#9654; play</button>
  <label>speed <select id="speed">
    <option value="2000">1 move / 2 s</option>
    <option value="1000" selected>1 move / s</option>
    <option value="400">2.5 moves / s</option>
    <option value="100">10 moves / s</option>
  </select></label>
  <button id="next" title="right arrow">next &rarr;</button>
  <input id="slider" type="range" min="0" value="0">
  <span id="position"></span>
  <label>view <select id="view"></select></label>
</div>
<div id="action"><span id="loading">drawing the pictures...</span></div>
<div id="table">
  <canvas id="board"></canvas>
  <ol id="moves" start="1"></ol>
</div>
<div id="result"></div>
<script type="application/json" id="data">{data}</script>
<script>
const data = JSON.parse(document.getElementById("data").textContent);
const last = data.players.length;
const slider = document.getElementById("slider");
const view = document.getElementById("view");
slider.max = last;
for (const v of data.views) {
  const option = document.createElement("option");
  option.value = v;
  const seat = "player " + v + " (" + data.agents[v] + ")";
  option.textContent = v === "spectator" ? "spectator" : seat;
  view.appendChild(option);
}
const board = document.getElementById("board");
board.width = data.width;
board.height = data.height;
const pen = board.getContext("2d");
const columns = Math.ceil(data.width / data.tile);
const maps = {};  // view -> the tile ids of every position
for (const v of data.views) {
  let current = [];
  maps[v] = data.frames[v].map((changes) => {
    current = current.slice();
    for (let i = 0; i < changes.length; i += 2) current[changes[i]] = changes[i + 1];
    return current;
  });
}
const moves = document.getElementById("moves");
function listMoves() {  // the moves as the chosen view read them; a click jumps there
  const v = view.value;
  moves.replaceChildren(...data.actions[v].map((text, k) => {
    const item = document.createElement("li");
    item.textContent = "player " + data.players[k] + ": " + text;
    item.onclick = () => { stop(); slider.value = k + 1; show(); };
    return item;
  }));
}
function showResult(shown) {
  const result = document.getElementById("result");
  result.replaceChildren();
  if (!shown) return;
  const line = document.createElement("p");
  line.textContent = "Result: " + data.result;
  const table = document.createElement("table");
  const best = Math.max(...data.returns);
  const rows = [["player", "agent", "score", "return"]].concat(data.agents.map(
    (agent, p) => [String(p), agent, String(data.scores[p]), String(data.returns[p])]));
  rows.forEach((cells, r) => {
    const row = table.insertRow();
    if (r > 0 && data.returns[r - 1] === best) row.className = "winner";
    for (const cell of cells) {
      const c = document.createElement(r === 0 ? "th" : "td");
      c.textContent = cell;
      row.appendChild(c);
    }
  });
  result.append(line, table);
}
let images = null;
function show() {
  const step = Number(slider.value);
  const v = view.value;
  if (images !== null) {
    maps[v][step].forEach((id, i) => {
      pen.drawImage(images[id], (i % columns) * data.tile, Math.floor(i / columns) * data.tile);
    });
  }
  document.getElementById("position").textContent = "position " + step + " of " + last;
  let text = "the set-up";
  if (step > 0) {
    text = "player " + data.players[step - 1] + ": " + data.actions[v][step - 1];
  }
  document.getElementById("action").textContent = text;
  showResult(step === last);
  moves.querySelectorAll(".current").forEach((item) => item.classList.remove("current"));
  if (step > 0) {
    const item = moves.children[step - 1];
    item.classList.add("current");
    item.scrollIntoView({block: "nearest"});
  }
  location.replace("#step=" + step + "&view=" + v);
}
function go(delta) {
  slider.value = Math.min(last, Math.max(0, Number(slider.value) + delta));
  show();
}
const play = document.getElementById("play");
const speed = document.getElementById("speed");
let timer = null;
function stop() {
  clearInterval(timer);
  timer = null;
  play.innerHTML = "&#9654; play";
}
function start() {
  if (Number(slider.value) === last) {  // played again from the set-up
    slider.value = 0;
    show();
  }
  clearInterval(timer);
  timer = setInterval(() => {
    go(1);
    if (Number(slider.value) === last) stop();
  }, Number(speed.value));
  play.innerHTML = "&#10073;&#10073; pause";
}
play.onclick = () => (timer === null ? start() : stop());
speed.onchange = () => { if (timer !== null) start(); };
document.getElementById("previous").onclick = () => { stop(); go(-1); };
document.getElementById("next").onclick = () => { stop(); go(1); };
slider.oninput = () => { stop(); show(); };
view.onchange = () => { listMoves(); show(); };
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT") return;
  if (e.key === "ArrowLeft") { stop(); go(-1); }
  if (e.key === "ArrowRight") { stop(); go(1); }
  if (e.key === " ") { e.preventDefault(); play.click(); }
});
const asked = new URLSearchParams(location.hash.slice(1));
if (asked.has("step")) slider.value = asked.get("step");
if (asked.has("view") && data.views.includes(asked.get("view"))) view.value = asked.get("view");
listMoves();
Promise.all(data.tiles.map((source) => {
  const image = new Image();
  image.src = source;
  return image.decode().then(() => image);
})).then((decoded) => {
  images = decoded;
  show();
  document.body.dataset.ready = "yes";
});
show();
</script>
</body>
</html>
"""

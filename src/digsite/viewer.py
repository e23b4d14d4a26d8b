"""The replay viewer: one self-contained HTML page of a game record.

    digsite replay game.json --html game.html

The page holds the picture of every position of the game (:func:`digsite.drawing.picture`) for
the spectator and for each seat, with previous / next buttons, a slider, the action played and
the final result.  The view switch shows the game as the spectator saw it or as one seat saw it:
a seat's pictures are drawn from its view alone, and each move reads as that seat saw it
(``State.action_seen_by``: a public move by name, a secret one as what was public about it).
The record's texts reach the page once, as a JSON block whose ``<``, ``>`` and ``&`` are
escaped, read by the script; the title is HTML-escaped, and both go in in one pass, so no text
of a record can become markup or script.  The page needs no network: pictures are
embedded, cut into tiles of ``TILE`` pixels, each distinct tile once (lossless WebP) and each
position as the tiles that changed since the last one, since consecutive positions and the
different views share most of the table.  The page opens at ``game.html#step=K&view=V``
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
        previous: list[int] = []
        for state in states:
            pixels = picture(state, None if v == SPECTATOR else int(v))
            height, width = pixels.shape[:2]
            ids = []
            for y in range(0, height, TILE):
                for x in range(0, width, TILE):
                    tile = pixels[y : y + TILE, x : x + TILE]
                    key = tile.tobytes() + bytes(tile.shape[:2])
                    if key not in tile_ids:
                        tile_ids[key] = len(tiles)
                        tiles.append(_data_uri(tile))
                    ids.append(tile_ids[key])
            changed = [i for i, t in enumerate(ids) if not previous or previous[i] != t]
            frames[v].append([k for i in changed for k in (i, ids[i])])
            previous = ids
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
#controls { display: flex; gap: 0.6em; align-items: center; margin: 0.5em 0; }
#slider { flex: 1; }
#action { font-weight: bold; min-height: 1.4em; }
#board { border: 1px solid #aaa; max-width: 100%; }
#loading { color: #888; }
</style>
</head>
<body>
<h1>{title}</h1>
<div id="controls">
  <button id="previous">&larr; previous</button>
  <input id="slider" type="range" min="0" value="0">
  <button id="next">next &rarr;</button>
  <span id="position"></span>
  <label>view <select id="view"></select></label>
</div>
<div id="action"><span id="loading">drawing the pictures...</span></div>
<canvas id="board"></canvas>
<p id="result"></p>
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
  document.getElementById("result").textContent = step === last ? "Result: " + data.result : "";
  location.replace("#step=" + step + "&view=" + v);
}
function go(delta) {
  slider.value = Math.min(last, Math.max(0, Number(slider.value) + delta));
  show();
}
document.getElementById("previous").onclick = () => go(-1);
document.getElementById("next").onclick = () => go(1);
slider.oninput = show;
view.onchange = show;
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowLeft") go(-1);
  if (e.key === "ArrowRight") go(1);
});
const asked = new URLSearchParams(location.hash.slice(1));
if (asked.has("step")) slider.value = asked.get("step");
if (asked.has("view") && data.views.includes(asked.get("view"))) view.value = asked.get("view");
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

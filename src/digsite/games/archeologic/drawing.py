"""The ArcheOlogic table as a picture.

At the top, the time track (a window of it around the pawns) with each player's pawn in their colour
(a "C" on a pawn flipped to its Checking side); solo, the time spent.  Left, the Archeoscope: the
5x5 City with its ten axes (columns A-E above, rows 1-5 at the right), the viewfinder's axis framed,
the starting clues known in this picture (Fire / Sharp), the guesses the picture's seats are
entering or had checked (the building's id on each box, tinted in the guesser's colour) and the
app's feedback (right in green, wrong in red); below it the ring of axes in clockwise order with the
viewfinder and, while it moves, each axis's surcharge.  Right, the note sheet: one row per axis, one
column per question, with a disc of each player who asked it (a count when asked more than once) and
the answer where the picture's views hold it (expert clues marked "clue").  Below, one row per seat
(pawn space, time spent, Searching or Checking, out of the game, guesses made, extra clues, the
seat's clues when this picture holds its view), then the pending decision with the player to move.
The spectator's picture adds, on a small map between the City and the note sheet, the hidden layout
being searched for (buildings outlined, traps in their colours)."""

from __future__ import annotations

from ...core import canvas
from ...core.canvas import FAINT, HIGHLIGHT, INK, LARGE, NORMAL, PAPER, SMALL, Page, player_colour
from . import components, questions
from .actions import DECISIONS, NUM_ROTATIONS
from .components import COLS, FIRE, NUM_BUILDINGS, NUM_CELLS, ROWS, SHARP, cell_name
from .questions import AXIS_NAMES, DIFFERENT_BUILDINGS, EMPTY_ZONES, NUM_QUESTIONS, TRAPS

WIDTH, HEIGHT = canvas.STANDARD_PAGE
MARGIN, TITLE_Y = 16, 10

# the time track
TRACK_Y, TRACK_CELLS, TRACK_CELL, TRACK_LEAD = 62, 40, 26, 5
"""``TRACK_LEAD``: the spaces shown before the hindmost pawn."""

# the City and the Archeoscope ring
BOARD_X, BOARD_Y, BOARD_CELL = MARGIN + 6, 146, 48
RING_Y, RING_SLOT = BOARD_Y + ROWS * BOARD_CELL + 34, 28

# the hidden layout (the spectator's picture)
LAYOUT_X, LAYOUT_CELL = BOARD_X + COLS * BOARD_CELL + 44, 28
BUILT: canvas.Colour = (205, 180, 140)
"""A risk-free box of a building on the hidden layout's map."""

# the note sheet
SHEET_X, SHEET_Y, SHEET_AXIS_W, SHEET_HEADER, SHEET_ROW = 460, 126, 34, 34, 29
SHEET_COL = (WIDTH - MARGIN - SHEET_X - SHEET_AXIS_W) // NUM_QUESTIONS

# seats and the decision
SEATS_Y, SEAT_H, DECISION_Y = 486, 56, HEIGHT - 58

KIND_COLOURS: tuple[canvas.Colour, ...] = ((236, 224, 196), (225, 95, 40), (90, 90, 100))
"""Risk-free, Fire, Sharp boxes."""
RIGHT_COLOUR: canvas.Colour = (150, 210, 140)
WRONG_COLOUR: canvas.Colour = (235, 150, 140)
GROUND: canvas.Colour = (232, 220, 190)
"""An unexplored zone of the City."""


def spectator_secret(state) -> dict[str, list[int]]:
    """The hidden layout, for the spectator's picture only: each zone's building (``EMPTY``
    for none) and box kind."""
    layouts = state.game.layouts
    return {
        "buildings": [int(b) for b in layouts.building[state.layout]],
        "kinds": [int(k) for k in layouts.kind[state.layout]],
    }


def draw(game, views: canvas.Views, secret: dict[str, list[int]] | None = None) -> canvas.Picture:
    public = views[next(iter(views))]  # seats, viewfinder, decision: alike in every view
    page = Page(WIDTH, HEIGHT)
    kind = "solo" if game.solo else f"{game.num_players} players"
    clues = f"{game.num_clues} {'expert ' if game.expert else ''}clues"
    title = f"ArcheOlogic, {kind} ({game.guess_variant} guesses, {clues}) - {canvas.whose(views)}"
    page.text(MARGIN, TITLE_Y, title, LARGE)
    _track(page, game, public)
    _board(page, game, views, public)
    _ring(page, game, public)
    if secret is not None:
        _layout(page, game, secret)
    _sheet(page, game, views, public)
    _seats(page, game, views, public)
    _decision(page, game, public)
    return page.array()


# -- the time track ----------------------------------------------------------------------------
def _track(page: Page, game, view) -> None:
    seats = view["seats"]
    where = [s["time_spent"] if game.solo else s["position"] for s in seats]
    on_track = [p for p, s in enumerate(seats) if s["out"] == "in the game"]
    on_track = on_track or list(range(len(seats)))
    low, high = min(where[p] for p in on_track), max(where[p] for p in on_track)
    start = max(0, min(low - TRACK_LEAD, high - TRACK_CELLS + 3))
    start -= start % 5
    label = "Time spent" if game.solo else "Time track"
    page.text(MARGIN, TRACK_Y - NORMAL - 6, f"{label} (time limit {game.time_limit})", NORMAL)
    for i in range(TRACK_CELLS):
        space = start + i
        x = MARGIN + i * TRACK_CELL
        fill = canvas.tint(HIGHLIGHT, 0.2) if space > game.time_limit else None
        page.box(x, TRACK_Y, TRACK_CELL, TRACK_CELL, fill=fill, outline=FAINT)
        if space % 5 == 0:
            page.text(x + 2, TRACK_Y + TRACK_CELL + 2, str(space), SMALL, FAINT)
    for p in on_track:
        i = where[p] - start
        if 0 <= i < TRACK_CELLS and seats[p]["out"] == "in the game":
            label = "C" if seats[p]["checking"] else str(p)
            cx = MARGIN + i * TRACK_CELL + TRACK_CELL / 2
            page.token(cx, TRACK_Y + TRACK_CELL / 2, TRACK_CELL / 2 - 2, player_colour(p), label)


# -- the City board ----------------------------------------------------------------------------
def cell_box(cell: int) -> tuple[float, float]:
    """Top-left corner of a City zone."""
    row, col = divmod(cell, COLS)
    return BOARD_X + col * BOARD_CELL, BOARD_Y + row * BOARD_CELL


def _board(page: Page, game, views, view) -> None:
    page.text(BOARD_X, BOARD_Y - 46, "The City (Archeoscope)", NORMAL)
    for cell in range(NUM_CELLS):
        x, y = cell_box(cell)
        page.box(x, y, BOARD_CELL, BOARD_CELL, fill=GROUND, outline=FAINT)
    last = view["to_move"] if view["to_move"] is not None else view["winner"]
    # guesses and feedback, tinted in the guesser's colour (the mover's, or winner's, on top)
    for p, seat_view in sorted(views.items(), key=lambda item: item[0] == last):
        pieces = seat_view["my_guess"] or seat_view.get("my_checked_guess") or []
        for b, offset in enumerate(pieces):
            _piece(page, game, b, offset, canvas.tint(player_colour(p), 0.35))
        for key, colour in (("feedback_wrong", WRONG_COLOUR), ("feedback_right", RIGHT_COLOUR)):
            for b, offset in seat_view.get(key, ()):
                _piece(page, game, b, offset, colour)
    holders: dict[tuple[int, int], list[int]] = {}
    for p, seat_view in views.items():
        for cell, kind in seat_view["clues"]:
            holders.setdefault((cell, kind), []).append(p)
    for (cell, kind), who in holders.items():
        x, y = cell_box(cell)
        cx, cy = x + BOARD_CELL / 2, y + BOARD_CELL / 2
        page.token(cx, cy, 13, KIND_COLOURS[kind], "F" if kind == FIRE else "S")
        if len(who) < len(views):
            for k, p in enumerate(who):  # a clue not every seat here holds: whose it is
                page.cube(x + 7 + k * 9, y + 7, 4, player_colour(p))
    for col in range(COLS):
        _axis_label(page, col, BOARD_X + (col + 0.5) * BOARD_CELL, BOARD_Y - 14, view)
    for row in range(ROWS):
        x = BOARD_X + COLS * BOARD_CELL + 16
        _axis_label(page, COLS + row, x, BOARD_Y + (row + 0.5) * BOARD_CELL, view)
    if (axis := view["viewfinder"]) is not None:  # framed from the axis's first zone to its last
        (x, y), (right, bottom) = (cell_box(int(c)) for c in questions.AXIS_CELLS[axis][[0, -1]])
        page.box(x, y, right + BOARD_CELL - x, bottom + BOARD_CELL - y, outline=HIGHLIGHT, width=3)


def _piece(page: Page, game, building: int, offset: int, colour: canvas.Colour) -> None:
    """Each box of a building placed at an offset (rotation * 25 + anchor), with its id."""
    tile = game.layouts.buildings[building]
    rotation, anchor = divmod(offset, NUM_CELLS)
    row0, col0 = divmod(anchor, COLS)
    for r, c, kind in components.rotate_clockwise(tile.boxes, rotation % NUM_ROTATIONS):
        cell = (row0 + r) * COLS + col0 + c
        if not 0 <= cell < NUM_CELLS:
            continue
        x, y = cell_box(cell)
        page.box(x + 2, y + 2, BOARD_CELL - 4, BOARD_CELL - 4, fill=colour, outline=INK)
        page.text(x + 5, y + BOARD_CELL - 5, tile.id, SMALL, anchor="ld")
        if kind in (FIRE, SHARP):
            corner = x + BOARD_CELL - 5, y + BOARD_CELL - 5
            page.text(*corner, components.KIND_CHARS[kind], SMALL, KIND_COLOURS[kind], "rd")


def _layout(page: Page, game, secret: dict[str, list[int]]) -> None:
    """The hidden layout on a small map: each box with its building's id in the colour of its
    kind, a thick line between zones of different buildings."""
    page.text(LAYOUT_X, BOARD_Y - 46, "Hidden layout", NORMAL, HIGHLIGHT)
    page.text(LAYOUT_X, BOARD_Y - 28, "(spectator only)", SMALL, FAINT)
    buildings, kinds = secret["buildings"], secret["kinds"]
    colours = (BUILT, *KIND_COLOURS[1:])
    corners = [
        (LAYOUT_X + cell % COLS * LAYOUT_CELL, BOARD_Y + cell // COLS * LAYOUT_CELL)
        for cell in range(len(buildings))
    ]
    for (x, y), building, kind in zip(corners, buildings, kinds, strict=True):
        if building == components.EMPTY:
            page.box(x, y, LAYOUT_CELL, LAYOUT_CELL, fill=GROUND, outline=FAINT)
            continue
        page.box(x, y, LAYOUT_CELL, LAYOUT_CELL, fill=colours[kind], outline=FAINT)
        name = game.layouts.buildings[building].id
        ink = INK if kind not in (FIRE, SHARP) else PAPER
        page.text(x + LAYOUT_CELL / 2, y + LAYOUT_CELL / 2, name, SMALL, ink, "mm")
    for cell, ((x, y), building) in enumerate(zip(corners, buildings, strict=True)):  # outlines
        row, col = divmod(cell, COLS)
        corner = (x + LAYOUT_CELL, y + LAYOUT_CELL)  # the right and bottom edges end there
        if col + 1 < COLS and buildings[cell + 1] != building:
            page.draw.line([(corner[0], y), corner], fill=INK, width=2)
        if row + 1 < ROWS and buildings[cell + COLS] != building:
            page.draw.line([(x, corner[1]), corner], fill=INK, width=2)
    page.box(LAYOUT_X, BOARD_Y, COLS * LAYOUT_CELL, ROWS * LAYOUT_CELL, outline=INK, width=2)


def _axis_label(page: Page, axis: int, cx: float, cy: float, view) -> None:
    """An axis's name, on a disc when the viewfinder is on it."""
    here = axis == view["viewfinder"]
    if here:
        page.token(cx, cy, 11, HIGHLIGHT)
    page.text(cx, cy, AXIS_NAMES[axis], NORMAL, PAPER if here else INK, "mm")


def _ring(page: Page, game, view) -> None:
    """The axes in the Archeoscope's clockwise order, the viewfinder's axis highlighted; while
    the player moves it, the surcharge of each axis (+0 the free step)."""
    page.text(BOARD_X, RING_Y - NORMAL - 6, "Archeoscope ring, clockwise", NORMAL)
    axis = view["viewfinder"]
    moving = view["decision"] == "axis" and axis is not None
    for i, a in enumerate(game.ring):
        x = BOARD_X + i * RING_SLOT
        cx, cy = x + RING_SLOT / 2 - 1, RING_Y + RING_SLOT / 2 - 1
        fill, ink = (HIGHLIGHT, PAPER) if a == axis else (PAPER, INK)
        page.box(x, RING_Y, RING_SLOT - 2, RING_SLOT - 2, fill=fill)
        page.text(cx, cy, AXIS_NAMES[a], NORMAL, ink, "mm")
        if moving:
            page.text(cx, RING_Y + RING_SLOT + 2, f"+{game.surcharge[axis, a]}", SMALL, FAINT, "ma")
    if view["surcharge"] is not None:
        paid = f"surcharge paid this turn: +{view['surcharge']}"
        page.text(BOARD_X, RING_Y + RING_SLOT + 4, paid, SMALL)


# -- the note sheet ----------------------------------------------------------------------------
def _question_title(game, question: int) -> str:
    titles = {DIFFERENT_BUILDINGS: "buildings", EMPTY_ZONES: "empty", TRAPS: "traps"}
    return titles.get(question) or game.layouts.buildings[questions.question_building(question)].id


def sheet_cell(axis: int, question: int) -> tuple[float, float]:
    """Top-left corner of the note sheet's cell of a question on an axis."""
    x = SHEET_X + SHEET_AXIS_W + question * SHEET_COL
    return x, SHEET_Y + SHEET_HEADER + axis * SHEET_ROW


def _sheet(page: Page, game, views, view) -> None:
    page.text(SHEET_X, SHEET_Y - 22, "Questions asked (discs: who) and answers known here", NORMAL)
    for q in range(NUM_QUESTIONS):
        x, _ = sheet_cell(0, q)
        page.text(x + SHEET_COL / 2, SHEET_Y + 2, _question_title(game, q), SMALL, anchor="ma")
        page.text(x + SHEET_COL / 2, SHEET_Y + 17, f"{int(game.costs[q])} time", SMALL, FAINT, "ma")
    answers: dict[tuple[int, int], tuple[int, bool]] = {}
    for seat_view in views.values():
        for axis, q, code in seat_view["expert_clues"]:
            answers[(axis, q)] = (code, True)
        for axis, q, code in seat_view["answers"]:
            answers.setdefault((axis, q), (code, False))
    asked: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for p, seat in enumerate(view["seats"]):
        for axis, q, times in seat["questions"]:
            asked.setdefault((axis, q), []).append((p, times))
    for axis in range(questions.NUM_AXES):
        _, y = sheet_cell(axis, 0)
        here = axis == view["viewfinder"]
        cx, ink = SHEET_X + SHEET_AXIS_W / 2, HIGHLIGHT if here else INK
        page.text(cx, y + SHEET_ROW / 2, AXIS_NAMES[axis], NORMAL, ink, "mm")
        for q in range(NUM_QUESTIONS):
            x, y = sheet_cell(axis, q)
            page.box(x, y, SHEET_COL, SHEET_ROW, outline=FAINT)
            for k, (p, times) in enumerate(asked.get((axis, q), ())):
                count = str(times) if times > 1 else ""
                page.token(x + 9 + k * 13, y + 9, 6, player_colour(p), count)
            if (axis, q) in answers:
                code, clue = answers[(axis, q)]
                _answer(page, q, code, x + SHEET_COL - 4, y + SHEET_ROW - 4)
                if clue:
                    page.text(x + 3, y + SHEET_ROW - 3, "clue", SMALL, HIGHLIGHT, "ld")
        if here:
            width = SHEET_AXIS_W + NUM_QUESTIONS * SHEET_COL
            page.box(SHEET_X, y, width, SHEET_ROW, outline=HIGHLIGHT, width=2)


def _answer(page: Page, question: int, code: int, right: float, bottom: float) -> None:
    """An answer, right-aligned at (right, bottom): a count, the traps, or the boxes seen."""
    value = questions.decode_answer(question, code)
    if question in (DIFFERENT_BUILDINGS, EMPTY_ZONES):
        page.text(right, bottom, str(value), NORMAL, anchor="rd")
    elif question == TRAPS:
        page.text(right, bottom, f"F{value[0]} S{value[1]}", NORMAL, anchor="rd")
    else:
        kinds = [k for k, n in enumerate(value) for _ in range(n)]
        if not kinds:
            page.text(right, bottom, "none", SMALL, anchor="rd")
        for i, kind in enumerate(reversed(kinds)):  # squares of 11 pixels, 2 apart
            page.box(right - (i + 1) * 13, bottom - 11, 11, 11, fill=KIND_COLOURS[kind])


# -- seats and the decision --------------------------------------------------------------------
def _seats(page: Page, game, views, view) -> None:
    for p, info in enumerate(view["seats"]):
        y = SEATS_Y + p * SEAT_H
        page.seat_row(y, SEAT_H - 6, MARGIN, canvas.seat_name(p, views), p == view["to_move"])
        page.token(MARGIN + 9, y + 10, 9, player_colour(p), "C" if info["checking"] else str(p))
        where = "" if game.solo else f"space {info['position']}, "
        side = "Checking" if info["checking"] else "Searching"
        status = side if info["out"] == "in the game" else info["out"]
        line = f"{where}time spent {info['time_spent']}; {status}; guesses {info['guesses']}"
        if info["extra_clues"]:
            line += f"; extra clues {info['extra_clues']}"
        if view["winner"] == p:
            line += "; WINNER"
        page.text(150, y + 3, line, NORMAL)
        if (seat_view := views.get(p)) is not None:
            clues = [f"{cell_name(c)} {('', 'Fire', 'Sharp')[k]}" for c, k in seat_view["clues"]]
            clues += [
                f"{AXIS_NAMES[a]}: {_question_title(game, q)} {n}"
                for a, q, n in seat_view["expert_clues"]
            ]
            text = f"clues: {', '.join(clues) or 'none'}; answers {len(seat_view['answers'])}"
            for key, word in (("feedback_right", "right"), ("feedback_wrong", "wrong")):
                if seat_view.get(key):
                    ids = " ".join(game.layouts.buildings[b].id for b, _ in seat_view[key])
                    text += f"; known {word}: {ids}"
            page.text(150, y + 23, text, SMALL)


def _decision(page: Page, game, view) -> None:
    y = DECISION_Y
    page.rule(y - 8, MARGIN)
    if (to_move := view["to_move"]) is None:
        winner = view["winner"]
        text = "the City stays unmapped" if winner is None else f"player {winner} maps the City"
        page.text(MARGIN, y, f"Game over: {text}", LARGE, HIGHLIGHT)
        if game.solo:
            page.text(MARGIN, y + 26, f"time spent {view['seats'][0]['time_spent']}", NORMAL)
        return
    page.token(MARGIN + 9, y + 11, 9, player_colour(to_move))
    meaning = DECISIONS.meaning(view["decision"])
    page.text(MARGIN + 26, y, f"Player {to_move} to decide: {meaning}", LARGE, HIGHLIGHT)
    if (k := view["pieces_entered"]) is not None:
        entering = f"entering {game.layouts.buildings[k].id}, building {k + 1} of {NUM_BUILDINGS}"
        page.text(MARGIN + 26, y + 26, entering, NORMAL)
    elif view["viewfinder"] is not None:
        page.text(MARGIN + 26, y + 26, f"viewfinder on {AXIS_NAMES[view['viewfinder']]}", NORMAL)

"""The Mykerinos table as a picture.

Top left, the season's region: the parcels laid in areas (two parcels side by side, two areas a
line), each parcel headed by its card (patron colour, prestige, and who took it, or "out" once
discarded), its spaces with pyramids (sand triangles) and cubes in their owners' colours (the
neutral's in brown-grey); the area being surveyed is framed, and so is the previous cube of the
excavation under way.  Top right, the Museum: five wings around a ring, each a 3-room (inner)
opening on a 5-room (outer), with the 2-rooms between neighbouring wings, the wings' patrons, and
the cubes in rooms.  Below, one row per seat (score, cubes in the personal and general stocks,
neutral cubes with 2 players, passing disc, first-player marker, cards per patron with the ones
tilted this season drawn sideways), the neutral's row with 2 players, the parcels still unseen and
out of the game, then the pending decision with the player to move.  Everything on the Mykerinos
table is public, so a seat's picture differs from the spectator's only in its title and in the seat
marked "you"."""

from __future__ import annotations

import math

from ...core import canvas
from ...core.canvas import FAINT, HIGHLIGHT, INK, LARGE, NORMAL, PAPER, SMALL, Page, player_colour
from .actions import DECISIONS
from .components import COLS, NO_PATRON, NUM_WINGS, PATRON_TITLES, PATRONS, TWO_ROOM, patron_counts
from .text import cubes, owner_title, winners_text
from .view import NEUTRAL_NAME

WIDTH, HEIGHT = canvas.COMPACT_PAGE
MARGIN, TITLE_Y = 16, 10

# region
REGION_X, REGION_Y = MARGIN + 14, 46
"""Area numbers are written left of each area."""
CELL, PARCEL_GAP, AREA_GAP, HEADER_H, LINE_GAP = 42, 6, 22, 30, 10
"""A space's side; the gaps between the two parcels of an area, between the two areas of a line;
the parcel's card above its spaces; the gap between two lines of areas."""
PARCEL_W, CUBE_R = 3 * CELL, 12
PYRAMID_COLOUR: canvas.Colour = (214, 184, 110)
SAND: canvas.Colour = (236, 224, 196)

# Museum
MUSEUM_CX, MUSEUM_CY = 835, 240
OUTER_R, INNER_R, LABEL_R, ROOM = 140, 72, 168, 38
WING_STEP = 2 * math.pi / NUM_WINGS

# seats
SEATS_Y, SEAT_H, CARD_W, CARD_H = 450, 62, 24, 34
SEAT_COLUMNS = (MARGIN + 26, 250, 470, 620)
"""Name (:meth:`Page.seat_row` writes it there), stocks, passing disc, cards."""
DECISION_Y = HEIGHT - 58

PATRON_COLOURS: tuple[canvas.Colour, ...] = (
    (150, 90, 190),  # Lady Violet
    (235, 215, 60),  # Lord Lemon
    (140, 90, 50),  # Sir Brown
    (50, 50, 55),  # Mrs. Blackmore
    (240, 140, 40),  # Colonel Tangerine
    (250, 250, 245),  # no patron
)
PATRON_INITIALS = ("V", "L", "B", "M", "T", "5")
"""Initials of the patrons on a seat's empty card places (beside their coloured cards); the
no-patron card goes by its 5 points."""
EMPTY_PLACE_EDGE = 2
"""Width of the coloured outline of a patron's empty card place."""


def draw(game, views: canvas.Views) -> canvas.Picture:
    seat = next(iter(views)) if len(views) == 1 else None
    view = views[next(iter(views))]  # the table is public: every view shows it alike
    page = Page(WIDTH, HEIGHT)
    title = f"Mykerinos, {view['num_players']} players - season {view['season']} of 4"
    page.text(MARGIN, TITLE_Y, f"{title} - {canvas.whose(views)}", LARGE)
    _region(page, game, view)
    _museum(page, game, view)
    y = _seats(page, game, view, seat)
    _cards_out(page, game, view, y)
    _decision(page, view)
    return page.array()


# -- region ------------------------------------------------------------------------------------
def cell_box(cell: int) -> tuple[float, float]:
    """Top-left corner of a region space."""
    row, col = divmod(cell, COLS)
    area_col, parcel_col = divmod(col, 6)
    x = REGION_X + col * CELL + area_col * AREA_GAP + (parcel_col // 3) * PARCEL_GAP
    y = REGION_Y + (row // 2 + 1) * HEADER_H + (row // 2) * LINE_GAP + row * CELL
    return x, y


def slot_box(slot: int) -> tuple[float, float]:
    """Top-left corner of a parcel's card (above its spaces)."""
    area, side = divmod(slot, 2)
    x, y = cell_box((area // 2) * 2 * COLS + (area % 2) * 6 + side * 3)
    return x, y - HEADER_H


def _region(page: Page, game, view) -> None:
    pyramids = set(view["pyramids"])
    for slot, parcel in enumerate(view["parcels"]):
        _parcel_card(page, game, slot, parcel)
    for cell, owner in enumerate(view["region"]):
        x, y = cell_box(cell)
        page.box(x, y, CELL, CELL, fill=SAND, outline=FAINT)
        if cell in pyramids:
            corners = [(x + 6, y + CELL - 6), (x + CELL - 6, y + CELL - 6), (x + CELL / 2, y + 6)]
            page.draw.polygon(corners, fill=PYRAMID_COLOUR, outline=INK)
        if owner is not None:
            colour = canvas.NEUTRAL_COLOUR if owner == NEUTRAL_NAME else player_colour(owner)
            page.cube(x + CELL / 2, y + CELL / 2, CUBE_R, colour)
    for area in range(len(view["parcels"]) // 2):
        x, y = cell_box((area // 2) * 2 * COLS + (area % 2) * 6)
        page.text(x - 4, y + CELL, str(area + 1), NORMAL, FAINT, anchor="rm")
    if (survey := view["survey"]) is not None:
        x, y = slot_box(2 * survey["area"])
        w = 2 * PARCEL_W + PARCEL_GAP
        page.box(x - 3, y - 3, w + 6, HEADER_H + 2 * CELL + 6, outline=HIGHLIGHT, width=3)
    if (dig := view["excavation"]) is not None and dig["last_cell"] is not None:
        x, y = cell_box(dig["last_cell"])
        page.box(x + 1, y + 1, CELL - 2, CELL - 2, outline=HIGHLIGHT, width=3)


def _parcel_card(page: Page, game, slot: int, parcel) -> None:
    card = game.cards[parcel["card"]]
    where = parcel["where"]
    x, y = slot_box(slot)
    colour = PATRON_COLOURS[card.patron]
    out = where == "discarded"
    fill, outline, ink = (PAPER, FAINT, FAINT) if out else (colour, INK, canvas.ink_on(colour))
    page.box(x, y + 2, PARCEL_W, HEADER_H - 4, fill=fill, outline=outline)
    page.text(x + 4, y + 8, f"{_short(card.patron)} {card.prestige}" + ": out" * out, SMALL, ink)
    if where not in ("table", "discarded"):
        page.token(x + PARCEL_W - 13, y + HEADER_H / 2, 9, player_colour(where), str(where))


def _short(patron: int) -> str:
    """A patron's name short enough for a parcel's card."""
    return "no patron" if patron == NO_PATRON else PATRON_TITLES[patron].split()[-1]


# -- Museum ------------------------------------------------------------------------------------
def _room_centre(room: int) -> tuple[float, float]:
    kind, wing = divmod(room, NUM_WINGS)
    angle = -math.pi / 2 + wing * WING_STEP + (WING_STEP / 2 if kind == TWO_ROOM else 0)
    radius = INNER_R if kind == 0 else OUTER_R
    return MUSEUM_CX + radius * math.cos(angle), MUSEUM_CY + radius * math.sin(angle)


def _museum(page: Page, game, view) -> None:
    museum = game.museum
    page.text(MUSEUM_CX - LABEL_R - 60, REGION_Y - 8, "Museum", LARGE)
    for room in museum.rooms:  # passages: 3-room to its 5-room, 2-rooms to both 5-rooms
        for five in museum.unlocks(room):
            page.draw.line([_room_centre(room), _room_centre(five)], fill=FAINT, width=3)
    for room, holder in zip(museum.rooms, view["museum"], strict=True):
        cx, cy = _room_centre(room)
        page.box(cx - ROOM / 2, cy - ROOM / 2, ROOM, ROOM, fill=SAND)
        page.text(cx - ROOM / 2 + 3, cy - ROOM / 2 + 1, str(museum.value(room)), SMALL)
        if holder is not None:
            page.cube(cx + 3, cy + 3, CUBE_R, player_colour(holder))
    for wing, name in enumerate(view["wing_patrons"]):
        patron = PATRONS.index(name)
        angle = -math.pi / 2 + wing * WING_STEP
        label = f"wing {wing + 1}: {_short(patron)}"
        width = canvas.text_length(label, SMALL) + 10
        # the label's near edge on the circle of radius LABEL_R, outside the wing's 5-room
        lx = MUSEUM_CX + math.cos(angle) * (LABEL_R + width / 2)
        ly = MUSEUM_CY + math.sin(angle) * (LABEL_R + 10)
        page.box(lx - width / 2, ly - 10, width, 20, fill=PATRON_COLOURS[patron])
        page.text(lx, ly, label, SMALL, canvas.ink_on(PATRON_COLOURS[patron]), anchor="mm")


# -- seats -------------------------------------------------------------------------------------
def _seats(page: Page, game, view, seat: int | None) -> float:
    y = SEATS_Y
    name_x, stock_x, pass_x, cards_x = SEAT_COLUMNS
    for p, info in enumerate(view["seats"]):
        marks = [m for m, on in (("you", p == seat), ("first", p == view["first_player"])) if on]
        name = f"Player {p}" + (f" ({', '.join(marks)})" if marks else "")
        page.seat_row(y, SEAT_H - 6, MARGIN, name, p == view["to_move"])
        page.cube(MARGIN + 8, y + 10, 9, player_colour(p))
        page.text(name_x, y + 22, f"prestige {info['score']}", NORMAL)
        page.text(stock_x, y + 2, f"personal cubes {info['personal_cubes']}", SMALL)
        page.text(stock_x, y + 18, f"general stock {info['general_cubes']}", SMALL)
        if "neutral_cubes" in info:
            page.text(stock_x, y + 34, f"neutral cubes {info['neutral_cubes']}", SMALL)
        passed = info["passing_space"]
        words, ink = ("passed", INK) if passed else ("not passed", FAINT)
        page.text(pass_x, y + 2, words, SMALL, ink)
        if passed:
            page.token(pass_x + 14, y + 30, 11, player_colour(p), str(passed))
        _hand(page, game, cards_x, y, info)
        y += SEAT_H
    if (neutral := view["neutral"]) is not None:
        page.cube(MARGIN + 8, y + 10, 9, canvas.NEUTRAL_COLOUR)
        page.text(name_x, y + 2, "Neutral", NORMAL)
        page.text(stock_x, y + 4, f"general stock {neutral['general_cubes']}", SMALL)
        page.token(pass_x + 14, y + 12, 11, canvas.NEUTRAL_COLOUR, str(neutral["passing_space"]))
        y += SEAT_H / 2 + 4
    return y


def _hand(page: Page, game, x: float, y: float, info) -> None:
    """Cards per patron: a card with the count upright, those tilted this season sideways."""
    for patron, count in enumerate(patron_counts(game.cards, info["cards"])):
        tilted = info["tilted"][patron] if patron < len(PATRONS) else 0
        colour = PATRON_COLOURS[patron]
        ink = canvas.ink_on(colour)
        if count == 0:  # the place outlined in the patron's colour
            edge = FAINT if patron == NO_PATRON else colour
            page.box(x, y, CARD_W, CARD_H, outline=edge, width=EMPTY_PLACE_EDGE)
            page.text(x + CARD_W / 2, y + CARD_H / 2, PATRON_INITIALS[patron], SMALL, FAINT, "mm")
        elif count > tilted:
            page.box(x, y, CARD_W, CARD_H, fill=colour)
            page.text(x + CARD_W / 2, y + CARD_H / 2, str(count - tilted), NORMAL, ink, "mm")
        if tilted:
            tx, ty = x + (CARD_W + 3 if count > tilted else 0), y + CARD_H - CARD_W
            page.box(tx, ty, CARD_H, CARD_W, fill=colour, outline=HIGHLIGHT, width=2)
            page.text(tx + CARD_H / 2, y + CARD_H - CARD_W / 2, str(tilted), NORMAL, ink, "mm")
            x += CARD_H + 3 if count > tilted else CARD_H - CARD_W
        x += CARD_W + 8
    page.text(x + 4, y + CARD_H / 2, f"{len(info['cards'])} cards", SMALL, anchor="lm")


def _cards_out(page: Page, game, view, y: float) -> None:
    """The parcels still unseen and those out of the game, counted per patron."""
    parts = []
    for title, key in (("Unseen parcels", "unseen"), ("Out of the game", "discarded")):
        counts = enumerate(patron_counts(game.cards, view[key]))
        listed = ", ".join(f"{_short(k)} {n}" for k, n in counts if n) or "-"
        parts.append(f"{title} {len(view[key])}: {listed}")
    page.text(MARGIN, y + 2, "     ".join(parts), SMALL)


# -- the pending decision ----------------------------------------------------------------------
def _decision(page: Page, view) -> None:
    y = DECISION_Y
    page.rule(y - 8, MARGIN)
    if (to_move := view["to_move"]) is None:
        page.text(MARGIN, y, f"Game over. Winner: {winners_text(view)}", LARGE, HIGHLIGHT)
        bonus = ", ".join(f"player {p} +{b}" for p, b in enumerate(view["exhibition"]))
        page.text(MARGIN, y + 26, f"Final exhibition: {bonus}", NORMAL)
        return
    page.cube(MARGIN + 8, y + 10, 9, player_colour(to_move))
    head = f"Player {to_move} to decide: {DECISIONS.meaning(view['decision'])}"
    if view["last_action"]:
        head += " (the last action of the season)"
    page.text(MARGIN + 26, y, head, LARGE, HIGHLIGHT)
    details = []
    if view["patron"] is not None:
        details.append(f"appealing to {PATRON_TITLES[PATRONS.index(view['patron'])]}")
    if (dig := view["excavation"]) is not None:
        kind = "neutral excavation" if dig["neutral"] else "excavation"
        text = f"{kind}, {cubes(dig['cubes_left'])} to place"
        if dig["next_to_own"] and dig["last_cell"] is None:
            text += ", the first next to one's own cubes"
        details.append(text + (", one may go on a pyramid" if dig["pyramid_allowed"] else ""))
    if (survey := view["survey"]) is not None:
        ranking = ", ".join(owner_title(o) for o in survey["ranking"])
        details.append(f"surveying area {survey['area'] + 1}; ranking: {ranking}")
    if details:
        page.text(MARGIN + 26, y + 26, "; ".join(details), NORMAL)

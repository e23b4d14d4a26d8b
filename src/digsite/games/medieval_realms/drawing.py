"""Medieval Realms as a board picture.

The title line names the game, the round, the turn order and whose picture it is; the line below it
names the player to move and the pending decision (the auction, the tokens to choose, the leader
being placed).  On the left: the Current Events panel (12 squares, three rows of four at 1, 2 and 3
Goods) with the Future Events, the deck and the discard; the six Management squares with the Mayors
on them and the lands with their rewards, Generals (squares), Admirals (discs) and buffer Mayors
(B), as far as the picture's views show them (another seat's leaders behind its wall appear only in
the spectator's picture); the VP track along the bottom.  On the right, one panel per seat, the
seats sharing the column's height: VP, place in the turn order, resources (the Manor), leaders, the
hand (public in this game) and the realm, cards grouped by stamp colour (with fewer seats, taller
panels show the hand cards' kind and cost and the realm a colour a row)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from ...core import canvas
from ...core.canvas import HIGHLIGHT, LARGE, NORMAL, SMALL, Page, final_scores, fitted, ink_on, tint
from .actions import NUM_ROUNDS
from .components import COLOURS, FUTURE_SIZE, HAND_LIMIT, KINDS, RESOURCE_TITLES, RESOURCES

WIDTH, HEIGHT = canvas.STANDARD_PAGE
MARGIN, LEFT_W = 10, 580
"""``LEFT_W``: the board column; the seat panels fill the rest."""
RIGHT_X = MARGIN + LEFT_W + 12
RIGHT_W = WIDTH - RIGHT_X - MARGIN
TOP = 60
"""Below the title and the decision line."""
PANEL_CARD_W, PANEL_CARD_H, GAP = 141, 56, 4
FUTURE_CARD_W, FUTURE_CARD_H = (LEFT_W - (FUTURE_SIZE - 1) * GAP) // FUTURE_SIZE, 44
SQUARE_W, SQUARE_H, LAND_W, LAND_H = 94, 56, 114, 52
LAND_LEADERS_Y = 30
"""Below a land's two lines of name and rewards."""
VP_TRACK_Y, VP_TRACK_LENGTH = 800, 50
"""Spaces of the VP track (a marker past the end goes round again, its lap written on it)."""
SEATS_BOTTOM = VP_TRACK_Y - 28
HAND_CARD_W, HAND_CARD_H = 132, 46
"""A hand card: its title and two lines of details."""
ROOMY_SEAT_H = 220
"""A seat panel at least this tall (fewer players share the column) shows its hand cards with
their kind and cost, and its realm a stamp colour a row."""
ROOMY_HAND_CARD_H = 64
CARD_LINE = SMALL + 1
"""A line of a card's title or details."""
COSTED_CARD_H = 50
"""A card at least this tall shows its kind and cost at the bottom."""
DISCARD_LINES = 3
"""Lines kept for the discard's names (the board below stays in place as it grows)."""
SLOT_NUMBER_W = 24
"""Room left of a card's bottom right corner for its Current Events number."""
GREAT_PERSON_SUFFIX = " (Great Person)"
"""Said on the card's details line instead ("Great Person: blue cards")."""

STAMP_COLOURS: dict[str, canvas.Colour] = {
    "orange": (235, 140, 50),
    "red": (205, 55, 50),
    "yellow": (240, 210, 60),
    "green": (80, 160, 70),
    "grey": (150, 150, 150),
    "turquoise": (60, 190, 190),
    "black": (40, 40, 40),
    "violet": (140, 80, 170),
    "white": (250, 250, 250),
    "blue": (60, 100, 200),
}
RESOURCE_COLOURS: dict[str, canvas.Colour] = {
    "goods": (160, 115, 60),
    "science": (60, 110, 200),
    "culture": (150, 80, 170),
    "religion": (235, 235, 225),
    "gold": (225, 185, 40),
    "raw": (110, 95, 80),
    "battle": (160, 30, 30),
}
LAND_LEADERS = (("generals_on_lands", "G"), ("admirals_on_lands", "A"), ("buffers_on_lands", "B"))
"""A seat's leaders on a land in its placement, and their pieces' labels."""
DECISION_TEXT = {
    "pick_pair": "choose the two extra tokens of the set-up",
    "place": "place leaders behind the wall",
    "action": "activate a Current Events card, play a hand card or pass",
    "bid": "raise the bid or pass",
    "token_choice": "choose the resource of the tokens",
    "bonus": "choose the VP-track token",
}


def draw(game, views: canvas.Views) -> canvas.Picture:
    page = Page(WIDTH, HEIGHT)
    view = next(iter(views.values()))
    over = view["to_move"] is None  # the end-of-game VP count once the game is over
    vp = [s["vp"] + (sum(s["end_of_game_vp"].values()) if over else 0) for s in view["seats"]]
    _title(page, game, views, view, vp)
    y = _current_events(page, game, view)
    y = _board(page, game, views, view, y + 8)
    _auction(page, game, view, y + 6)
    h = (SEATS_BOTTOM - TOP) // len(view["seats"])  # the seats share the column's height
    for i, seat in enumerate(view["seats"]):
        _seat(page, game, views, view, seat, TOP + i * h, h - 6)
    label = "VP track" + (" (final scores)" if over else "")
    page.score_track(MARGIN, VP_TRACK_Y, WIDTH - 2 * MARGIN, VP_TRACK_LENGTH, vp, label)
    return page.array()


def _face(game, name: str) -> tuple[str, str, str, str, str]:
    """(title, details, stamp colour, kind, cost) of the card called ``name`` (as views name it)."""
    card = game.card_names.index(name)  # the cards of one name differ in nothing shown
    t = game.types[game.card_type[card]]
    details = name[name.index("[") + 1 : name.index("]")] if "[" in name else ""
    if set(details.split(" or ")) == set(RESOURCES):
        details = "any resource"
    details = details.replace(" or ", " / ")
    title = t.title.removesuffix(GREAT_PERSON_SUFFIX)
    if t.great_person:
        details = ("Great Person: " + details).strip(": ")
    resource, amount = game.card_cost[card]  # an amount of 0: the card is bid for
    cost = f"{amount or 'bid'} {RESOURCES[resource]}" if resource >= 0 else "k-th: k admirals"
    return title, details, COLOURS[t.colour], KINDS[t.kind], cost


def _card(page: Page, game, x: float, y: float, w: float, h: float, name: str | None) -> None:
    if name is None:
        page.box(x, y, w, h, outline=canvas.FAINT)
        return
    page.image.paste(_card_image(*_face(game, name), int(w), int(h)), (int(x), int(y)))


@cache
def _card_image(title: str, details: str, colour: str, kind: str, cost: str, w: int, h: int):
    """A card face: the title on the stamp-coloured band (over two lines on a narrow card),
    the details below in as many lines as they need, and the cost on a card tall enough.
    Drawn once per face and size, then pasted (text is most of a picture's drawing time)."""
    card = Page(w + 1, h + 1)
    card.box(0, 0, w, h, fill=canvas.PAPER)
    titles = canvas.wrapped(title, w - 6)
    band = CARD_LINE * len(titles) + 3
    card.box(0, 0, w, band, fill=STAMP_COLOURS[colour])
    for i, line in enumerate(titles):
        card.text(3, 2 + i * CARD_LINE, fitted(line, w - 6), SMALL, ink_on(STAMP_COLOURS[colour]))
    costed = h >= COSTED_CARD_H
    costs = canvas.wrapped(f"{kind}: {cost}", w - SLOT_NUMBER_W) if costed else []
    bottom = h - CARD_LINE * len(costs) - 2 if costed else h - 1
    card.paragraph(3, band + 2, details or kind, w - 6, bottom)
    for i, line in enumerate(costs):
        card.text(3, bottom + 1 + i * CARD_LINE, line, SMALL, canvas.FAINT)
    return card.image


def _title(page: Page, game, views, view, vp: list[int]) -> None:
    title = f"Medieval Realms | {game.num_players} players, round {view['round']} of {NUM_ROUNDS}"
    x = page.text(MARGIN, 6, f"{title} | {canvas.whose(views)}", LARGE)
    x = page.text(x + 20, 10, "turn order:", NORMAL)
    to_move = view["to_move"]
    for i, p in enumerate(view["turn_order"]):
        cx = x + 16 + 28 * i
        if p == to_move:
            page.draw.ellipse((cx - 12, 19 - 12, cx + 12, 19 + 12), outline=HIGHLIGHT, width=3)
        page.seat_token(cx, 19, p)
    y = 34
    if to_move is None:
        page.text(MARGIN, y, final_scores(vp, "tie (the tie-breaks decide)"), NORMAL, HIGHLIGHT)
        return
    page.seat_token(MARGIN + 8, y + 8, to_move)
    text = f"to move: player {to_move}: {view['decision']}: {_decision(view)}"
    if (actor := view["actor"]) is not None and actor != to_move:
        text += f" (in player {actor}'s turn)"
    page.text(MARGIN + 22, y, text, NORMAL, HIGHLIGHT)


def _decision(view) -> str:
    decision = view["decision"]
    text = DECISION_TEXT.get(decision, decision)
    if (placing := view["placing"]) is not None:
        text += f": {placing['left']} {placing['leader']}(s) of player {placing['seat']} left"
    if view["auction"] is not None and decision == "bid":
        text += f" for {view['auction']['card'].split(' (')[0]}"
    if view["token_choice"] is not None:
        text += f" of {view['token_choice'].split(' (')[0]}"
    return text


def _current_events(page: Page, game, view) -> float:
    """The Current Events panel, the Future Events, deck and discard; returns the y below."""
    end = page.text(MARGIN, TOP, "Current Events", LARGE)
    page.text(end + 10, TOP + 6, "(numbered; a card of row k costs k goods)", SMALL)
    y = TOP + LARGE + 4
    for slot, name in enumerate(view["current_events"]):
        row, col = divmod(slot, 4)
        x = MARGIN + col * (PANEL_CARD_W + GAP)
        top = y + row * (PANEL_CARD_H + GAP)
        _card(page, game, x, top, PANEL_CARD_W, PANEL_CARD_H, name)
        page.text(x + PANEL_CARD_W - 3, top + PANEL_CARD_H - 3, str(slot + 1), anchor="rd")
    y += 3 * (PANEL_CARD_H + GAP) + 2
    page.text(MARGIN, y, f"Future Events (deck {view['deck_size']})", SMALL)
    y += SMALL + 3
    for i, name in enumerate(view["future_events"]):
        x = MARGIN + i * (FUTURE_CARD_W + GAP)
        _card(page, game, x, y, FUTURE_CARD_W, FUTURE_CARD_H, name)
    y += FUTURE_CARD_H + 4
    discard = Counter(n.split(" (")[0].split(" [")[0] for n in view["discard"])
    named = [f"{k} x{v}" if v > 1 else k for k, v in sorted(discard.items())]
    bottom = y + DISCARD_LINES * (SMALL + 1)
    page.paragraph(MARGIN, y, "discard: " + (", ".join(named) or "-"), LEFT_W, bottom)
    return bottom + 3


def _board(page: Page, game, views, view, y: float) -> float:
    """Management squares and lands with the leaders the views show (a seat's own view shows
    its leaders behind the wall); returns the y below."""
    shown = {q: (views.get(q) or view)["seats"][q]["placement"] for q in range(len(view["seats"]))}
    shown = {q: placement for q, placement in shown.items() if placement is not None}
    note = ""
    if not view["revealed"] and view["decision"] == "place":
        note = " (behind the walls)" if len(views) > 1 else " (yours; the others' are hidden)"
    y = page.heading(MARGIN, y, "Management squares and lands" + note) - 2
    for i, resource in enumerate(game.board.squares):
        x = MARGIN + i * (SQUARE_W + GAP)
        page.box(x, y, SQUARE_W, SQUARE_H, fill=tint(RESOURCE_COLOURS[RESOURCES[resource]], 0.4))
        page.text(x + 3, y + 2, f"{i + 1} {RESOURCE_TITLES[resource]}", SMALL)
        mayors = [(q, n) for q, on in sorted(shown.items()) if (n := on["mayors_on_squares"][i])]
        for k, (q, count) in enumerate(mayors):  # the seats with Mayors there, four a row
            cx, cy = x + 11 + (k % 4) * 22, y + 28 + (k // 4) * 20
            page.token(cx, cy, 9, canvas.player_colour(q), str(count))
    y += SQUARE_H + 6
    per_row = 5
    for land in range(game.num_lands):
        row, col = divmod(land, per_row)
        x = MARGIN + col * (LAND_W + GAP)
        top = y + row * (LAND_H + GAP)
        page.box(x, top, LAND_W, LAND_H, fill=(225, 235, 215))
        reward = ", ".join(f"{k} {RESOURCES[r]}" for r, k in enumerate(game.board.lands[land]) if k)
        text = f"Land {land + 1}: {reward}"
        page.paragraph(x + 3, top + 2, text, LAND_W - 6, top + LAND_LEADERS_Y)
        _land_leaders(page, shown, land, x + 3, top + LAND_LEADERS_Y)
    return y + -(-game.num_lands // per_row) * (LAND_H + GAP)


def _land_leaders(page: Page, shown, land: int, x: float, y: float) -> None:
    """Generals (squares), Admirals (discs) and buffers (B) of every seat shown on a land."""
    for q, placement in sorted(shown.items()):
        colour = canvas.player_colour(q)
        for kind, label in LAND_LEADERS:
            piece, r = (page.token, 9) if label == "A" else (page.cube, 8)
            for _ in range(placement.get(kind, [0] * (land + 1))[land]):
                piece(x + 9, y + 9, r, colour, label)
                x += 21


def _auction(page: Page, game, view, y: float) -> None:
    """The card being auctioned and the bids, or the card whose tokens are being chosen."""
    if (auction := view["auction"]) is not None:
        page.heading(MARGIN, y, "Auction", active=True)
        _card(page, game, MARGIN, y + 26, PANEL_CARD_W, PANEL_CARD_H, auction["card"])
        x = MARGIN + PANEL_CARD_W + 12
        if (high := auction["high_bidder"]) is None:
            page.text(x, y + 28, "no bid yet", NORMAL)
        else:
            page.seat_token(x + 8, y + 36, high)
            page.text(x + 22, y + 28, f"high bid {auction['bid']} by player {high}", NORMAL)
        out = ", ".join(str(q) for q in auction["out"]) or "-"
        page.text(x, y + 50, f"out: {out}", NORMAL)
        if auction["committed"]:
            page.text(x, y + 68, f"{auction['committed']} more tokens committed", NORMAL)
    elif view["token_choice"] is not None:
        page.heading(MARGIN, y, "Tokens to choose", active=True)
        _card(page, game, MARGIN, y + 26, PANEL_CARD_W, PANEL_CARD_H, view["token_choice"])


def _seat(page: Page, game, views, view, seat, y: float, h: float) -> None:
    q = seat["seat"]
    end = sum(seat["end_of_game_vp"].values())
    status = [f"{seat['vp']} VP" + (f" + {end} at the end" if end else "")]
    status.append(f"turn {seat['turn_position'] + 1}")
    if seat["passed"]:
        status.append("passed")
    if seat["placed"]:
        status.append("has placed")
    if not view["revealed"] and q not in views and view["decision"] == "place":
        status.append("leaders behind the wall")
    if seat["vp_track_tokens_owed"]:
        status.append(f"owed {seat['vp_track_tokens_owed']} token(s)")
    leaders = ", ".join(f"{n} {k}{'' if n == 1 else 's'}" for k, n in seat["leaders"].items())
    if seat["buffer_mayors"]:
        leaders += f" ({seat['buffer_mayors']} buffer)"
    status.append(leaders)
    x = page.seat_header(RIGHT_X, y, RIGHT_W, h, q, views, view["to_move"] == q, status)
    ry = y + 23
    rx = x
    for resource in RESOURCES:
        page.cube(rx + 7, ry + 7, 7, RESOURCE_COLOURS[resource])
        rx = page.text(rx + 17, ry, f"{resource} {seat['resources'][resource]}", SMALL) + 10
    hy = ry + 20
    roomy = h >= ROOMY_SEAT_H
    card_h = ROOMY_HAND_CARD_H if roomy else HAND_CARD_H
    page.text(x, hy + 10, "hand", SMALL)
    for i in range(HAND_LIMIT):
        name = seat["hand"][i] if i < len(seat["hand"]) else None
        _card(page, game, x + 34 + i * (HAND_CARD_W + 2), hy, HAND_CARD_W - 6, card_h, name)
    _realm(page, game, seat["realm"], x, hy + card_h + 4, y + h, roomy)


def _realm(
    page: Page, game, realm: list[str], x: float, y: float, bottom: float, by_row: bool
) -> None:
    """Realm cards as chips (stamp colour, title, count), grouped by colour (with ``by_row``, a
    colour a row while they fit), each chip as wide as its words; what has no room is counted."""
    page.text(x, y + 2, f"realm {len(realm)}", SMALL)
    groups = Counter((COLOURS.index(f[2]), f[0]) for f in [_face(game, n) for n in realm])
    chips = [
        ((f"{count}x " if count > 1 else "") + title, STAMP_COLOURS[COLOURS[rank]], rank)
        for (rank, title), count in sorted(groups.items())
    ]
    left, right = x + 52, RIGHT_X + RIGHT_W - 4
    rows = _chip_rows(chips, left, right, by_row)
    if by_row and y + len(rows) * (canvas.CHIP_H + 2) > bottom:
        rows = _chip_rows(chips, left, right, False)
    for i, row in enumerate(rows):
        if y + canvas.CHIP_H > bottom:
            more = f"+{sum(map(len, rows[i:]))} more"
            page.text(right - 2, bottom - SMALL - 2, more, SMALL, canvas.INK, "ra")
            return
        cx = left
        for label, fill, _ in row:
            cx = page.chip(cx, y, label, fill, ink_on(fill)) + GAP
        y += canvas.CHIP_H + 2


def _chip_rows(chips, left: float, right: float, by_colour: bool) -> list[list]:
    """``chips`` (label, stamp colour, its rank) in rows between ``left`` and ``right``: a new
    row when the next chip has no room (and, ``by_colour``, at each new stamp colour)."""
    rows: list[list] = []
    cx = right
    for chip in chips:
        width = canvas.chip_width(chip[0])
        if cx + width > right or (by_colour and rows and rows[-1][-1][2] != chip[2]):
            rows.append([])
            cx = left
        rows[-1].append(chip)
        cx += width + GAP
    return rows

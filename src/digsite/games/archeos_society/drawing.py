"""Archeos Society as a board picture.

The title line names the game, the season, the set-up and whose picture it is; the line below names
the player to move and the pending decision.  On the left: the six site boards (name, continent
colour, side; each space with its points, the threshold to reach it and the values of advanced
sides: Chichén Itzá's draws, Tantallon's big / small stars, Ur's size limits) with the players'
vehicles; the recruitment area; the deck, the monkeys, the roles in the game and the Professor
tokens left; the expedition being resolved, the Botanist tile and the Linguist track.  On the right,
one panel per seat: score, hand (faces for the seat's own view and for the spectator; for the other
seats, the cards known from the area face up and the rest as backs), the season's expeditions (size,
P for a Photographer leader), relics and Professor tokens.  The score track runs along the bottom.
"""

from __future__ import annotations

from collections import Counter

from ...core import canvas
from ...core.canvas import FAINT, HIGHLIGHT, INK, LARGE, NORMAL, PAPER, SMALL, Page, player_colour
from . import components
from .actions import DECISIONS, SECOND_VEHICLE
from .components import COLOURS, HAND_LIMIT, MONKEY, NUM_COLOURS, ROLE_TITLES

WIDTH, HEIGHT = canvas.STANDARD_PAGE
MARGIN, LEFT_W = 10, 600
"""``LEFT_W``: the sites and the common area; the seat panels fill the rest."""
RIGHT_X = MARGIN + LEFT_W + 12
RIGHT_W = WIDTH - RIGHT_X - MARGIN
TOP = 60
"""Below the title and the decision line."""
SITE_LABEL_W, SPACE_W, SITE_H, SITE_GAP = 116, 60, 58, 4
CARD_W, CARD_H = 80, 30
"""A card: wide enough for its role in words ("Photographer")."""
PER_ROW = LEFT_W // (CARD_W + 2)
HAND_X = 34
"""A hand's cards start this far right of the panel's contents (after the word "hand")."""
SCORE_TRACK_Y, SCORE_TRACK_LENGTH = 805, 50
"""Spaces of the score track (a marker past the end goes round again, its lap written on it)."""
SEATS_BOTTOM, MAX_SEAT_H, VEHICLE_R = SCORE_TRACK_Y - 26, 175, 6

CONTINENT_COLOURS: dict[str, canvas.Colour] = {
    "red": (200, 60, 50),
    "green": (70, 150, 70),
    "blue": (60, 100, 200),
    "yellow": (230, 190, 40),
    "pink": (230, 120, 170),
    "purple": (120, 70, 160),
}
MONKEY_COLOUR: canvas.Colour = (140, 95, 50)
RULE_NOTES = {
    "chichen_itza": "draws cards",
    "rapa_nui": "furthest +3, back",
    "ta_sekhet_maat": "two vehicles",
    "tantallon": "stars alone/shared",
    "uluru": "cash in, no season pts",
    "ur": "end-of-season size cap",
}


def draw(game, views: canvas.Views) -> canvas.Picture:
    page = Page(WIDTH, HEIGHT)
    view = next(iter(views.values()))
    scores = [seat["score"] for seat in view["players"]]
    _title(page, game, views, view, scores)
    y = _sites(page, game, view)
    y = _area(page, view, y + 6)
    y = _common(page, game, view, y + 4)
    y = _expedition(page, view, y + 4)
    _linguist(page, game, view, y + 4)
    h = min(MAX_SEAT_H, (SEATS_BOTTOM - TOP) // len(view["players"]))
    for q, seat in enumerate(view["players"]):
        _seat(page, views, view, q, seat, TOP + q * h, h - 6)
    width = WIDTH - 2 * MARGIN
    page.score_track(MARGIN, SCORE_TRACK_Y, width, SCORE_TRACK_LENGTH, scores, "Score track")
    return page.array()


def _card(page: Page, x: float, y: float, kind: int | None) -> None:
    """A card: its colour and role (a monkey in brown), or its back when ``kind`` is None."""
    if kind is None:
        page.box(x, y, CARD_W, CARD_H, fill=canvas.HIDDEN)
        return
    monkey = kind == MONKEY
    colour = MONKEY_COLOUR if monkey else CONTINENT_COLOURS[COLOURS[kind % NUM_COLOURS]]
    page.box(x, y, CARD_W, CARD_H, fill=colour)
    role = "monkey" if monkey else ROLE_TITLES[kind // NUM_COLOURS]
    page.text_fitted(x + 3, y + 8, role, CARD_W - 4, canvas.ink_on(colour))


def _title(page: Page, game, views, view, scores: list[int]) -> None:
    setup = view["setup"].replace("_", " ")
    title = (
        f"Archeos Society | {view['num_players']} players, season {view['season']} of "
        f"{game.num_seasons}, set-up {setup} | {canvas.whose(views)}"
    )
    x = page.text(MARGIN, 6, title, LARGE)
    x = page.text(x + 20, 10, "first player:", NORMAL)
    page.seat_token(x + 14, 19, view["first_player"])
    y = 34
    if (decider := view["decider"]) is None:
        tie = "tie (the tie-break decides)"
        page.text(MARGIN, y, canvas.final_scores(scores, tie), NORMAL, HIGHLIGHT)
        return
    page.seat_token(MARGIN + 8, y + 8, decider)
    decision = view["decision"]
    text = f"to move: player {decider}: {decision}: {DECISIONS.meaning(decision)}"
    if view["phase"] != "play":
        text += f" ({view['phase']} phase)"
    page.text_fitted(MARGIN + 22, y, text, WIDTH - 2 * MARGIN - 22, HIGHLIGHT, NORMAL)


def _sites(page: Page, game, view) -> float:
    """The six site boards with the vehicles; returns the y below."""
    vehicles = [seat["vehicles"] for seat in view["players"]]
    for c, side in enumerate(view["sides"]):
        y = TOP + c * (SITE_H + SITE_GAP)
        colour = CONTINENT_COLOURS[COLOURS[c]]
        page.box(MARGIN, y, SITE_LABEL_W, SITE_H, fill=colour)
        ink = canvas.ink_on(colour)
        if side < 0:
            page.text(MARGIN + 4, y + 4, components.CONTINENTS[c], SMALL, ink)
            drawing = view["draft_board"] == c
            note, fill = ("side being chosen", HIGHLIGHT) if drawing else ("not laid yet", FAINT)
            page.text(MARGIN + SITE_LABEL_W + 8, y + 20, note, NORMAL, fill)
            continue
        site = game.boards[c][side]
        page.text_fitted(MARGIN + 4, y + 4, site.name, SITE_LABEL_W - 6, ink)
        page.text(MARGIN + 4, y + 20, "advanced" if side else "compass", SMALL, ink)
        page.text_fitted(MARGIN + 4, y + 36, RULE_NOTES.get(site.rule, ""), SITE_LABEL_W - 6, ink)
        for i, points in enumerate(site.points):
            x = MARGIN + SITE_LABEL_W + 4 + i * SPACE_W
            page.box(x, y, SPACE_W - 3, SITE_H, fill=canvas.tint(colour, 0.2))
            page.text(x + 3, y + 2, str(points), NORMAL)
            if i > 0:
                page.text(x + SPACE_W - 6, y + 3, f"{site.thresholds[i - 1]}+", SMALL, INK, "ra")
            if extra := _space_extra(site, i):
                page.text(x + SPACE_W - 6, y + 17, extra, SMALL, INK, "ra")
            _vehicles(page, vehicles, c, i, site.rule == "ta_sekhet_maat", x, y + 32)
    return TOP + len(view["sides"]) * (SITE_H + SITE_GAP)


def _space_extra(site, i: int) -> str:
    """What an advanced side adds on space ``i``: draws on reaching it, stars, the size cap."""
    if site.draws and i > 0 and site.draws[i - 1]:
        return f"draw {site.draws[i - 1]}"
    if site.big:
        return f"*{site.big[i]}/{site.small[i]}"
    if site.max_size:
        return f"max {site.max_size[i]}"
    return ""


def _vehicles(page: Page, vehicles, c: int, space: int, two: bool, x: float, y: float) -> None:
    """The vehicles of every player on one space (the second Ta-sekhet-maat vehicle ringed)."""
    indices = (c, SECOND_VEHICLE) if two else (c,)
    here = [(q, i) for q, pos in enumerate(vehicles) for i in indices if pos[i] == space]
    for k, (q, index) in enumerate(here):
        cx = x + VEHICLE_R + 2 + (k % 4) * (2 * VEHICLE_R + 1)
        cy = y + VEHICLE_R + (k // 4) * (2 * VEHICLE_R + 1)
        page.token(cx, cy, VEHICLE_R, player_colour(q))
        if index == SECOND_VEHICLE:
            page.draw.ellipse((cx - 2, cy - 2, cx + 2, cy + 2), fill=PAPER)


def _area(page: Page, view, y: float) -> float:
    """The recruitment area (cards grouped by kind when it is large); returns the y below."""
    area = view["area"]
    page.text(MARGIN, y, f"Recruitment area ({len(area)})", NORMAL)
    y += NORMAL + 4
    if len(area) <= 2 * PER_ROW:
        _cards(page, MARGIN, y, area, PER_ROW)
    else:
        kinds, counts = zip(*sorted(Counter(area).items())[: 2 * PER_ROW], strict=True)
        _cards(page, MARGIN, y, kinds, PER_ROW, counts)
    return y + 2 * (CARD_H + 2)


def _cards(page: Page, x: float, y: float, kinds, per_row: int, counts=()) -> None:
    """Cards (:func:`_card`) in rows of ``per_row`` from (x, y), each with its count from
    ``counts`` on a disc when more than one."""
    for i, kind in enumerate(kinds):
        cx, cy = x + i % per_row * (CARD_W + 2), y + i // per_row * (CARD_H + 2)
        _card(page, cx, cy, kind)
        if i < len(counts) and counts[i] > 1:
            page.token(cx + CARD_W - 7, cy + CARD_H - 7, 7, PAPER, "")
            page.text(cx + CARD_W - 7, cy + CARD_H - 7, str(counts[i]), SMALL, INK, "mm")


def _common(page: Page, game, view, y: float) -> float:
    """Deck, monkeys, roles in the game, Professor tokens left; returns the y below."""
    x = page.text(MARGIN, y, f"deck {view['deck']} ({view['deck_monkey_free']} above the monkeys)")
    x = page.text(x + 14, y, "monkeys:")
    for i in range(3):
        fill = MONKEY_COLOUR if i < view["monkeys"] else PAPER
        page.token(x + 12 + i * 20, y + 8, 8, fill, "M" if i < view["monkeys"] else "")
    if (holder := view["monkey_holder"]) is not None:
        page.text(x + 70, y, f"third drawn by player {holder}", SMALL)
    y += NORMAL + 6
    roles = ", ".join(ROLE_TITLES[r] for r in view["roles"])
    page.text_fitted(MARGIN, y, f"roles: {roles}", LEFT_W, INK, NORMAL)
    y += NORMAL + 6
    if components.PROFESSOR in view["roles"]:
        taken = Counter(t for seat in view["players"] for t in seat["professor_tokens"])
        left = list((Counter(game.tables.professor_tokens) - taken).elements())
        x = page.text(MARGIN, y, "Professor tokens left:", SMALL)
        for i, token in enumerate(sorted(left)):
            page.token(x + 12 + i * 20, y + 7, 8, canvas.NEUTRAL_COLOUR, str(token))
        y += NORMAL + 6
    if view["draft_hand"] is not None:
        roles = ", ".join(ROLE_TITLES[r] for r in view["draft_hand"])
        page.text_fitted(MARGIN, y, f"draft hand: {roles}", LEFT_W, HIGHLIGHT, NORMAL)
        y += NORMAL + 6
    return y


def _expedition(page: Page, view, y: float) -> float:
    """The expedition being resolved, the ones waiting, the Botanist tile; returns the y below."""
    if (botanist := view["botanist"]) is not None:
        q = botanist["player"]
        page.seat_token(MARGIN + 8, y + 8, q)
        page.text(MARGIN + 22, y, f"Botanist tile: player {q}, on {botanist['size']} cards")
        y += NORMAL + 6
    if (expedition := view["expedition"]) is not None:
        done = [e for e in ("colour", "role") if expedition[f"{e}_done"]]
        trait = expedition["trait"] or "not chosen yet"
        text = f"Expedition being played (trait: {trait}; effects done: {', '.join(done) or '-'})"
        page.text(MARGIN, y, text, NORMAL, HIGHLIGHT)
        y += NORMAL + 4
        _cards(page, MARGIN, y, expedition["cards"], PER_ROW)
        y += -(-len(expedition["cards"]) // PER_ROW) * (CARD_H + 2) + 2
    moves = [f"{q} {'advances' if n > 0 else 'moves back'}" for q, n in view["professor_queue"]]
    waits = (("Ur expeditions still to come", view["ur_queue"]), ("Professor moves to come", moves))
    notes = [f"{what}: " + ", ".join(f"player {q}" for q in who) for what, who in waits if who]
    if view["uluru_vehicle"] is not None:
        notes.append("a vehicle may cash in on Uluru")
    notes += [f"waiting: a Cartographer expedition of {w['size']} cards" for w in view["suspended"]]
    for note in notes:
        page.text_fitted(MARGIN, y, note, LEFT_W)
        y += SMALL + 4
    return y


def _linguist(page: Page, game, view, y: float) -> None:
    """The Linguist track with the artifact spaces, when the Linguist is in the game."""
    if components.LINGUIST not in view["roles"] or y + 40 > SEATS_BOTTOM:
        return
    length = game.tables.linguist_length + 1
    cell = min(26, LEFT_W / length)
    marks: dict[int, list[int]] = {}
    for q, seat in enumerate(view["players"]):
        marks.setdefault(min(seat["linguist"], length - 1), []).append(q)
    top = y + NORMAL + 4
    for space in game.tables.linguist_artifacts:
        page.box(MARGIN + space * cell, top, cell, cell, fill=canvas.tint(MONKEY_COLOUR, 0.5))
    page.track(MARGIN, top, length, cell, marks, "Linguist track (shaded: artifacts)")


def _seat(page: Page, views, view, q: int, seat, y: float, h: float) -> None:
    status = [f"{seat['score']} points", f"{seat['hand_size']} cards in hand"]
    if view["first_player"] == q:
        status.append("first player")
    if seat["linguist"]:
        status.append(f"Linguist {seat['linguist']}")
    if q in views and views[q]["kept"]:
        status.append(f"keeps {len(views[q]['kept'])} (Physician)")
    x = page.seat_header(RIGHT_X, y, RIGHT_W, h, q, views, view["decider"] == q, status)
    hy = y + 24
    page.text(x, hy + 8, "hand", SMALL)
    known = [*seat["known"], *[None] * (seat["hand_size"] - len(seat["known"]))]  # None: a back
    hand = (views[q]["hand"] if q in views else known)[:HAND_LIMIT]
    per_row = (RIGHT_X + RIGHT_W - 4 - x - HAND_X) // (CARD_W + 2)
    _cards(page, x + HAND_X, hy, hand, per_row)
    ey = hy + max(1, -(-len(hand) // per_row)) * (CARD_H + 2) + 4
    page.text(x, ey + 2, "expeditions", SMALL)
    expeditions = seat["expeditions"]
    for i, (size, photographer) in enumerate(expeditions):
        ex = x + 74 + 27 * i
        if ex > RIGHT_X + RIGHT_W - 170:
            page.text(ex, ey + 2, f"+{len(expeditions) - i}", SMALL)
            break
        page.box(ex, ey, 24, 18, fill=canvas.tint(player_colour(q), 0.4))
        page.text(ex + 12, ey + 9, f"{size}{'P' if photographer else ''}", SMALL, INK, "mm")
    if seat["relics"]:
        rx = page.text(RIGHT_X + RIGHT_W - 140, ey + 2, "relics", SMALL) + 4
        for i, colour in enumerate(seat["relics"]):
            page.cube(rx + 5 + 13 * i, ey + 9, 5, CONTINENT_COLOURS[COLOURS[colour]])
    py = ey + 24
    if seat["professor_tokens"] and py + 16 < y + h:
        px = page.text(x, py + 2, "Professor", SMALL) + 4
        for i, token in enumerate(seat["professor_tokens"]):
            page.token(px + 9 + 20 * i, py + 9, 8, canvas.NEUTRAL_COLOUR, str(token))

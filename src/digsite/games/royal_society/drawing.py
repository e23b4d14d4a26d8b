"""The Royal Society of Archeology table as a picture, drawn from the players' views alone.

Top, the title (mode, year, whose picture) and the pending decision with the player to move.
Below it the London board: the four locations (University, Royal Museum, The City, Port of
London), each with its 6 sections (the Expertise an explorer was placed at) holding explorers in
their owners' colours (the Automa's pawns dark grey "A", Confrontation's neutral discs "N"; the
explorer placed this turn framed), their actions, gates and learning-from-peers bonuses; the
Program (6 Expedition cards with the Reputation each space costs); the Grand Gallery's six
collections, each space saying which relic it wants, with the discs on it and the collection's
reward. On the right: the King's Favors and who holds each (the one the Automa's last card
blocks greyed), the Reputation track with the stack order, the Royal Society objectives (first
claimant, claimants), the Royal Requirements, the Bloomsbury stacks, the decks, the relic bags,
the Automa, and the cards, patrons and relics on the table for the decision under way. Bottom,
one panel per seat (its score, the lower of Prestige and 5 per Science point, in its header; the
Automa's panel beside them): Prestige, Science, money, Reputation, discs, Knowledge per region
(milestones 5, 8, 12 marked), the three explorers with their Expertise and skill, relics,
patrons, expeditions organized, Royal Society claims, Bloomsbury tiles, and the hand: faces of
the cards this picture may show, backs with a count for the others, and the seat's own Study
cards. The panel of the player to move is framed in the highlight colour; at the end, the
decision line gives the scores and the winners (solo: the title). Text is rendered once and
stamped afterwards, so a picture in a game takes ~10 ms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ...core.canvas import (
    CHIP_H,
    FAINT,
    HIGHLIGHT,
    INK,
    LARGE,
    LARGE_PAGE,
    NEUTRAL_COLOUR,
    NORMAL,
    PAPER,
    SMALL,
    Colour,
    Page,
    chip_width,
    fitted,
    player_colour,
    seat_name,
    wrapped,
)
from .actions import DECISIONS, GALLERY_SIZES, GALLERY_START, SECTIONS
from .components import (
    EXPEDITION_TYPES,
    GAIN_KEYS,
    LOCATION_TITLES,
    OBJECTIVE_GROUPS,
    REGION_TITLES,
    solo_title,
)

WIDTH, HEIGHT = LARGE_PAGE
MARGIN = 12
TITLE_Y = 8
DECISION_Y = 34
LINE = SMALL + 3
"""Height of a line of small text."""

# the board (left)
BOARD_Y = 62
LOC_W, LOC_H, LOC_GAP = 222, 160, 8
SECTION_W = (LOC_W - 12) // SECTIONS
PIECE_R = 8
PROGRAM_Y = BOARD_Y + LOC_H + 8
CARD_W, CARD_H, CARD_GAP = 146, 100, 6
GALLERY_Y = PROGRAM_Y + 20 + CARD_H + 10
SPACE = 34
"""A Grand Gallery space (square)."""
COLLECTION_GAP = 16
ROMAN_W = 22
"""Room for a collection's number, left of its spaces."""
COLLECTION_H = 20 + SPACE + LINE + 6

# the right column
RIGHT_X = MARGIN + 4 * LOC_W + 3 * LOC_GAP + 16
RIGHT_W = WIDTH - MARGIN - RIGHT_X
FAVOR_W, FAVOR_H = 76, 46
REP_CELL = 30
REP_SPACES = 10

# the seats (bottom)
SEATS_Y = 505
SEAT_GAP = 8
SEAT_W = (WIDTH - 2 * MARGIN - 3 * SEAT_GAP) // 4
SEAT_H = HEIGHT - MARGIN - SEATS_Y
MINI_W, MINI_H, MINI_GAP = 104, 80, 4
"""A hand card inside a seat's panel."""
HAND_ROWS = 2
AUTOMA_H = 110

AUTOMA_COLOUR: Colour = (70, 70, 70)
BLOCKED: Colour = (215, 210, 195)
"""A King's Favor blocked by the Automa's last card."""
REGION_SHORT = ("Af", "Me", "As", "SA")
REGION_TINTS: tuple[Colour, ...] = (
    (243, 223, 175),  # Africa: sand
    (205, 223, 242),  # Mediterranean: sea
    (242, 208, 200),  # Asia: lacquer
    (208, 232, 196),  # South America: forest
)
TYPE_SHORT = ("ins", "pot", "scr", "jew")
LOCATION_NOTES = (
    ("Study / Deepen Knowledge", "left +1 Know.  right +1 Rep.", ""),
    ("Exhibit / Study a Relic", "left +1 Rep.  right +2 Prestige", "gate: Reputation 6"),
    ("Meet a Patron / Sell a Relic", "left +3 money  right +2 Prestige", "gate: Reputation 4"),
    ("Organize an Expedition", "left Reserve  right +1 Rep.", ""),
)
STUDY_GAP = 10
"""Between the objectives of a Study card."""
STUDY_FLAGS = ("myth", "wonder", "level 5")
COST_ROOM = 18
"""Room at a Program card's top right for its Reputation cost."""
ICON = 13
"""An icon's size (an expedition's Expertise disc and Knowledge square)."""
GAIN_WORDS = {
    "prestige": "{} prestige",
    "science": "{} science",
    "knowledge": "{} knowledge",
    "knowledge_choice": "{} knowledge (any region)",
    "random_relics": "{} relic",
    "chosen_relics": "{} relic of your choice",
    "chosen_relic": "{} relic of your choice",
    "reputation": "{} reputation",
    "money": "{} money",
    "reserve": "reserve an expedition",
}
"""What an expedition, a King's Favor or a collection gives, in words."""
"""What an expedition gives, in words (a card has room for them)."""
Views = Mapping[int, Mapping[str, Any]]


def draw(game, views: Views) -> np.ndarray:
    """The picture of one position: one seat's (``views`` holds its view alone) or the
    spectator's (every seat's view)."""
    page = Page(WIDTH, HEIGHT)
    v = next(iter(views.values()))
    _title(page, game, views, v)
    _locations(page, v)
    _program(page, game, v)
    _gallery(page, game, v)
    y = _favors(page, game, v, BOARD_Y)
    y = _reputation(page, v, y)
    y = _objectives(page, game, v, y)
    y = _supplies(page, game, v, y)
    _on_the_table(page, game, views, v, y)
    for q in range(v["num_players"]):
        _seat(page, game, views, v, q)
    if v["automa"] and v["num_players"] < 4:
        _automa(page, v)
    return page.array()


# -- helpers --------------------------------------------------------------------------------
def _owner_colour(owner) -> Colour:
    if owner == "automa":
        return AUTOMA_COLOUR
    if owner == "neutral":
        return NEUTRAL_COLOUR
    return player_colour(owner)


def _owner_label(owner) -> str:
    return {"automa": "A", "neutral": "N"}.get(owner, "") if isinstance(owner, str) else ""


def _piece(page: Page, x: float, y: float, owner, r: float = PIECE_R, label: str = "") -> None:
    page.token(x, y, r, _owner_colour(owner))
    page.text(x, y, label or _owner_label(owner), SMALL, PAPER, anchor="mm")


def _write(page: Page, x: float, y: float, text: str, width: float, fill: Colour = INK) -> float:
    """Small text cut to ``width``; returns the y of the next line."""
    page.text(x, y, fitted(text, width), SMALL, fill)
    return y + LINE


def _gains(pairs) -> str:
    return ", ".join(GAIN_WORDS.get(k, k + " {}").format(n) for k, n in pairs if n)


def _relic_short(kind: int) -> str:
    return f"{REGION_SHORT[kind // 4]} {TYPE_SHORT[kind % 4]}"


def _wants(region: int, typ: int) -> str:
    words = [REGION_SHORT[region]] * (region >= 0) + [TYPE_SHORT[typ]] * (typ >= 0)
    return " ".join(words) or "any"


def _score(seat) -> int:
    """The score: the lower of Prestige and 5 Prestige per Science point."""
    return min(seat["prestige"], 5 * seat["science"])


def _rank(seat) -> tuple[int, int, int]:
    """Ranking: the score, then the other marker, then Reputation."""
    pr, sc = seat["prestige"], 5 * seat["science"]
    return min(pr, sc), max(pr, sc), seat["reputation"]


def _seat_name(q) -> str:
    return {"automa": "Automa", "neutral": "neutral"}.get(q, f"Player {q}")


def _expedition(page: Page, game, x: float, y: float, card: int, w: float, h: float) -> None:
    """An Expedition card face: site, region and type; what it takes as icons (the Expertise
    an explorer's disc, the Knowledge a square of the region's track) and its cost; what it
    gives in words; the condition of its bonus."""
    c = game.expeditions[card]
    page.box(x, y, w, h, fill=REGION_TINTS[c.region])
    inner = w - 8
    bottom = y + h - 1
    page.text(x + 4, y + 3, fitted(c.site, inner - COST_ROOM), SMALL)
    kind = f"{REGION_TITLES[c.region]} {EXPEDITION_TYPES[c.type]}"
    page.text(x + 4, y + 3 + LINE, fitted(kind, inner), SMALL)
    ty = y + 3 + 2 * LINE
    tx = _needs(page, x + 4, ty, c.expertise, c.knowledge)
    marks = " ".join(m for m, on in (("myth", c.myth), ("wonder", c.wonder)) if on)
    cost = f"{c.cost} money" + (f", {marks}" if marks else "")
    page.text(tx + 3, ty, fitted(cost, x + w - tx - 7), SMALL)
    ty += LINE + 2
    if c.condition_region >= 0 or c.condition_type >= 0:
        need = REGION_TITLES[c.condition_region] if c.condition_region >= 0 else ""
        need += " " + EXPEDITION_TYPES[c.condition_type] if c.condition_type >= 0 else ""
        page.text(x + 4, ty, fitted(f"needs {need.strip()} played", inner), SMALL, HIGHLIGHT)
        ty += LINE
    page.paragraph(x + 4, ty, _gains(zip(GAIN_KEYS, c.gains, strict=True)), inner, bottom)


def _needs(page: Page, x: float, y: float, expertise: int | str, knowledge: int | str) -> float:
    """The Expertise (a disc, as on the explorers) and the Knowledge of its region (a square, as
    on the tracks) an expedition needs, from (x, y); returns the x after them."""
    r = ICON / 2
    page.token(x + r, y + r - 1, r, NEUTRAL_COLOUR, str(expertise))
    x += ICON + 3
    page.cube(x + r, y + r - 1, r, PAPER)
    page.text(x + r, y + r - 1, str(knowledge), SMALL, INK, "mm")
    return x + ICON + 2


def _back(page: Page, x: float, y: float, w: float, h: float, label: str) -> None:
    page.card(x, y, w, h, "", face_down=True)
    page.text(x + w / 2, y + h / 2, label, SMALL, PAPER, anchor="mm")


# -- the title and the decision --------------------------------------------------------------
def _title(page: Page, game, views: Views, v) -> None:
    year = min(v["year"], game.years)
    mode = v["mode"] + (", simplified" if v["simplified"] else "")
    players = v["num_players"]
    if len(views) > 1:
        whose = "spectator's picture"
    elif players == 1:
        whose = "the solo player's picture"
    else:
        whose = f"Player {v['player']}'s picture"
    text = f"The Royal Society of Archeology - {mode}, {players} player{'s' * (players > 1)}"
    end = page.text(MARGIN, TITLE_Y, text + f" - year {year}/{game.years}", LARGE)
    page.text(end + 16, TITLE_Y + 4, whose, NORMAL, HIGHLIGHT)
    d = v["decision"]
    if d["kind"] == "game_over":
        scores = [_score(s) for s in v["seats"]]
        text = "Game over - scores " + ", ".join(f"P{q} {x}" for q, x in enumerate(scores))
        if players == 1:
            text += f": {solo_title(scores[0], game.rb.titles)}"
        else:
            best = max(_rank(s) for s in v["seats"])
            text += "; winner " + ", ".join(
                f"P{q}" for q, s in enumerate(v["seats"]) if _rank(s) == best
            )
        page.text(MARGIN, DECISION_Y, text, NORMAL, HIGHLIGHT)
        return
    who = d["player"]
    page.token(MARGIN + 8, DECISION_Y + 8, 8, player_colour(who))
    text = f"{_seat_name(who)} to decide: {DECISIONS.meaning(d['kind'])}"
    if any(d["args"]):
        text += f" (args {d['args'][0]}, {d['args'][1]})"
    if d["interrupts"]:
        text += f", interrupting {d['interrupts'].replace('_', ' ')}"
    if v["pending"]:
        queued = ", ".join(t[0].replace("_", " ") for t in v["pending"][:4])
        text += f"; then {queued}" + (" ..." if len(v["pending"]) > 4 else "")
    page.text(
        MARGIN + 22, DECISION_Y, fitted(text, WIDTH - 2 * MARGIN - 22, NORMAL), NORMAL, HIGHLIGHT
    )


# -- the board ---------------------------------------------------------------------------------
def _locations(page: Page, v) -> None:
    current = v["current"]
    for loc, pieces in enumerate(v["locations"]):
        x = MARGIN + loc * (LOC_W + LOC_GAP)
        y = BOARD_Y
        page.box(x, y, LOC_W, LOC_H, outline=INK)
        page.text(x + 6, y + 4, LOCATION_TITLES[loc], NORMAL)
        actions, bonuses, gate = LOCATION_NOTES[loc]
        page.text(x + 6, y + 22, fitted(actions, LOC_W - 12), SMALL)
        top = y + 22 + LINE + 2
        height = LOC_H - (top - y) - 2 * LINE - 6
        by_section: dict[int, list] = {}
        for section, owner, count in pieces:
            by_section.setdefault(section, []).extend([owner] * count)
        for sec in range(1, SECTIONS + 1):
            sx = x + 6 + (sec - 1) * SECTION_W
            here = current is not None and current["location"] == loc and current["section"] == sec
            outline, width = (HIGHLIGHT, 3) if here else (FAINT, 1)
            page.box(sx, top, SECTION_W - 2, height, outline=outline, width=width)
            page.text(sx + SECTION_W / 2 - 1, top + 2, str(sec), SMALL, FAINT, anchor="ma")
            for k, owner in enumerate(by_section.get(sec, [])):
                py = top + LINE + 4 + PIECE_R + k * (2 * PIECE_R + 2)
                if py + PIECE_R < top + height:
                    _piece(page, sx + SECTION_W / 2 - 1, py, owner)
        page.text(x + 6, top + height + 3, fitted(bonuses, LOC_W - 12), SMALL)
        if gate:
            page.text(x + 6, top + height + 3 + LINE, gate, SMALL, FAINT)


def _program(page: Page, game, v) -> None:
    page.text(MARGIN, PROGRAM_Y, "Program (Reputation cost per space)", NORMAL)
    decks = (
        f"Expedition deck {v['expedition_deck_size']}, discard {len(v['expedition_discard'])}, "
        f"out of the game {len(v['expeditions_out_of_game'])}"
    )
    end = page.text(MARGIN + 270, PROGRAM_Y + 2, decks, SMALL, FAINT)
    x = _needs(page, end + 24, PROGRAM_Y + 2, "E", "K")
    page.text(x + 2, PROGRAM_Y + 2, "an expedition needs: E Expertise, K Knowledge", SMALL)
    for i, card in enumerate(v["program"]):
        cx = MARGIN + i * (CARD_W + CARD_GAP)
        cy = PROGRAM_Y + 20
        if card is None:
            page.box(cx, cy, CARD_W, CARD_H, outline=FAINT)
        else:
            _expedition(page, game, cx, cy, card, CARD_W, CARD_H)
        cost = str(game.rb.program_reputation[i])
        page.cube(cx + CARD_W - 9, cy + 9, 7, PAPER)
        page.text(cx + CARD_W - 9, cy + 9, cost, SMALL, anchor="mm")


def _gallery(page: Page, game, v) -> None:
    page.text(MARGIN, GALLERY_Y, "Grand Gallery", NORMAL)
    rewarded = v["current"]["collections_rewarded"] if v["current"] else []
    x, y = MARGIN, GALLERY_Y + 20
    for col, size in enumerate(GALLERY_SIZES):
        if col == 3:
            x, y = MARGIN, y + COLLECTION_H
        face = game.collection_faces[v["collection_faces"][col]]
        roman = ("I", "II", "III", "IV", "V", "VI")[col]
        page.text(x, y, roman, SMALL, HIGHLIGHT if col in rewarded else INK)
        for k in range(size):
            sx = x + ROMAN_W + k * SPACE
            region, typ = face.spaces[k]
            fill, top = (REGION_TINTS[region], REGION_SHORT[region]) if region >= 0 else (PAPER, "")
            page.box(sx, y, SPACE - 2, SPACE - 2, fill=fill, outline=FAINT)
            page.text(sx + SPACE / 2 - 1, y + 3, top, SMALL, anchor="ma")
            bottom = TYPE_SHORT[typ] if typ >= 0 else ""
            page.text(sx + SPACE / 2 - 1, y + SPACE - 4, bottom, SMALL, anchor="md")
            owner = v["gallery"][GALLERY_START[col] + k]
            if owner is not None:
                _piece(page, sx + SPACE / 2 - 1, y + SPACE / 2 - 1, owner, r=10)
        reward = fitted(_gains(face.reward), size * SPACE + COLLECTION_GAP + ROMAN_W)
        page.text(x + ROMAN_W, y + SPACE + 1, reward, SMALL)
        x += ROMAN_W + size * SPACE + COLLECTION_GAP


# -- the right column ----------------------------------------------------------------------------
def _heading(page: Page, x: float, y: float, text: str) -> float:
    page.text(x, y, text, NORMAL)
    return y + NORMAL + 6


def _favors(page: Page, game, v, y: float) -> float:
    y = _heading(page, RIGHT_X, y, "King's Favors (turn order)")
    last = v["automa"]["last_favor"] if v["automa"] else None
    for i, owner in enumerate(v["favor_spaces"]):
        x = RIGHT_X + i * FAVOR_W
        page.box(x, y, FAVOR_W - 4, FAVOR_H, fill=BLOCKED if i == last else None)
        page.text(x + 3, y + 2, str(i + 1), SMALL, FAINT)
        if i == last:
            page.cube(x + FAVOR_W - 14, y + 9, 5, AUTOMA_COLOUR)
        gains = _gains(game.rb.favors[i].items())
        page.paragraph(x + 3, y + LINE + 6, gains, FAVOR_W - 4, y + FAVOR_H)
        if owner is not None:
            _piece(page, x + 24, y + 10, owner)
    return y + FAVOR_H + 8


def _reputation(page: Page, v, y: float) -> float:
    """The Reputation track 0-9; tied discs stacked, the top of the stack drawn last."""
    order = ", ".join(f"player {q}" for q in v["reputation_stack"])
    y = _heading(page, RIGHT_X, y, f"Reputation (stack from the top: {order})")
    for i in range(REP_SPACES):  # each space's number in its corner
        page.box(RIGHT_X + i * REP_CELL, y, REP_CELL - 2, REP_CELL - 2, outline=FAINT)
        page.text(RIGHT_X + i * REP_CELL + 2, y + 1, str(i), SMALL, FAINT)
    height: dict[int, int] = {}
    for q in reversed(v["reputation_stack"]):
        rep = v["seats"][q]["reputation"]
        k = height.get(rep, 0)
        height[rep] = k + 1
        cx = RIGHT_X + rep * REP_CELL + REP_CELL / 2 + 2 + 4 * k
        page.token(cx, y + REP_CELL / 2 + 1 - 4 * k, PIECE_R, player_colour(q))
    return y + REP_CELL + 4


def _objectives(page: Page, game, v, y: float) -> float:
    y = _heading(page, RIGHT_X, y, "Royal Society objectives (first 4 Sc / 20 Pr, later 2 / 10)")
    for i, tile in enumerate(v["objectives"]):
        obj = game.rb.objectives[tile]
        first = v["objective_first"][i]
        claimants = [q for q, s in enumerate(v["seats"]) if s["claims"][i]]
        x = RIGHT_X
        page.text(x, y, f"{OBJECTIVE_GROUPS[i]}:", SMALL)
        reward = "Sc" if obj["reward"] == "science" else "Pr"
        _write(page, x + 18, y, f"{obj['text']} ({reward})", RIGHT_W - 90)
        if first is not None:
            _piece(page, RIGHT_X + RIGHT_W - 64, y + 6, first, r=6, label="")
        for k, q in enumerate(claimants):
            _piece(page, RIGHT_X + RIGHT_W - 44 + k * 12, y + 6, q, r=5)
        y += LINE + 2
    y = _heading(page, RIGHT_X, y + 4, "Royal Requirements")
    years = game.requirement_years
    for i, tile in enumerate(v["requirements"]):
        text = f"end of year {years[i]}: {game.rb.requirements[tile]['text']}"
        y = _write(page, RIGHT_X, y, text, RIGHT_W)
    return y + 4


def _supplies(page: Page, game, v, y: float) -> float:
    y = _heading(page, RIGHT_X, y, "Bloomsbury, decks, relic bags")
    stacks = v["bloomsbury_stacks"]
    text = (
        f"Bloomsbury stacks: [10] {stacks[0]} tiles, [25] {stacks[1]} tiles;  Patron deck "
        f"{v['patron_deck_size']}, Study {v['study_deck_size']}, Society {v['society_deck_size']}"
    )
    y = _write(page, RIGHT_X, y, text, RIGHT_W)
    bags, discards = v["relic_bags"], v["relic_discards"]
    half = RIGHT_W / 2
    for r in range(4):  # two bags a line
        kinds = " ".join(
            f"{TYPE_SHORT[t]} {bags[4 * r + t]}"
            + (f"(+{discards[4 * r + t]})" if discards[4 * r + t] else "")
            for t in range(4)
        )
        page.text_fitted(RIGHT_X + r % 2 * half, y, f"{REGION_SHORT[r]} bag: {kinds}", half - 8)
        y += LINE * (r % 2)
    if v["automa"]:
        a = v["automa"]
        favor = "-" if a["last_favor"] is None else a["last_favor"] + 1
        text = (
            f"Automa: {a['pawns']} pawns left this year, {len(a['played'])} cards played, "
            f"blocks favor {favor} (grey)"
        )
        page.token(RIGHT_X + 6, y + 6, 6, AUTOMA_COLOUR)
        y = _write(page, RIGHT_X + 16, y, text, RIGHT_W - 16)
    return y + 4


def _on_the_table(page: Page, game, views: Views, v, y: float) -> None:
    """Cards, patrons and relics drawn for the decision under way (those this picture may show)."""
    decider = v["decision"]["player"]
    own = (views.get(decider) or v)["own"]
    items: list[str] = []
    cards = own["drawn_cards"]
    if own["drawn_patrons"]:
        items += [f"patron {k}: {_patron(game, k)}" for k in own["drawn_patrons"]]
    if v["drawn_relics"]:
        items.append("relics drawn: " + ", ".join(_relic_short(k) for k in v["drawn_relics"]))
    if decider in views and v["decision"]["kind"] == "setup_society":
        items += [
            f"offer {i + 1}: {game.rb.societies[s]['name']}"
            for i, s in enumerate(own["society_offer"])
        ]
    if not cards and not items:
        return
    y = _heading(page, RIGHT_X, y, "On the table")
    height = min(CARD_H, SEATS_Y - 6 - y)  # the cards' gains cut rather than the seats covered
    for i, card in enumerate(cards[:3]):
        _expedition(page, game, RIGHT_X + i * (CARD_W + CARD_GAP), y, card, CARD_W, height)
    if cards:
        y += height + 4
    for item in items:
        if y + LINE < SEATS_Y:
            y = _write(page, RIGHT_X, y, item, RIGHT_W)


def _patron(game, k: int) -> str:
    p = game.patrons[k]
    return f"{p.rate} money/Exp, honored with {_patron_wants(game, k)}, -{p.penalty}"


def _patron_wants(game, k: int) -> str:
    return _wants(game.patrons[k].region, game.patrons[k].type)


# -- the seats -----------------------------------------------------------------------------------
def _seat(page: Page, game, views: Views, v, q: int) -> None:
    s = v["seats"][q]
    x = MARGIN + q * (SEAT_W + SEAT_GAP)
    y = SEATS_Y
    moving = v["decision"]["player"] == q
    colour = player_colour(q)
    page.box(x, y, SEAT_W, SEAT_H, outline=HIGHLIGHT if moving else INK, width=3 if moving else 1)
    page.box(x, y, SEAT_W, 22, fill=colour, outline=colour)
    name = seat_name(q, views) + ("  - to move" if moving else "")
    page.text(x + 6, y + 3, name, NORMAL, PAPER)
    page.text(x + SEAT_W - 6, y + 3, f"score {_score(s)}", NORMAL, PAPER, anchor="ra")
    inner = SEAT_W - 12
    x += 6
    y += 26
    society = "no Society card yet"
    if s["society"] is not None:
        society = game.rb.societies[s["society"]]["name"]
    y = _write(page, x, y, f"{society}, board side {s['side'] or '-'}", inner)
    tracks = (
        f"Prestige {s['prestige']}  Science {s['science']}  Money {s['money']}  "
        f"Reputation {s['reputation']}"
    )
    page.text(x, y, tracks, NORMAL)
    y += NORMAL + 6
    discs = (
        f"Discs: {s['discs']} in reserve, {s['reputation_discs']} under Reputation, "
        f"{s['requirement_discs']} on requirements"
    )
    y = _write(page, x, y, discs, inner)
    y = _knowledge(page, x, y, s["knowledge"])
    y = _explorers(page, game, x, y, q, s)
    relics = [_relic_short(k) + (f" x{n}" if n > 1 else "") for k, n in enumerate(s["relics"]) if n]
    relics_line = f"Relics: {', '.join(relics) or '-'}  (exhibited {s['exhibited']})"
    y = _write(page, x, y, relics_line, inner)
    patrons = [
        f"{k} honored" if k in s["honored"] else f"{k} wants {_patron_wants(game, k)}"
        for k in s["patrons"]
    ]
    y = _write(page, x, y, f"Patrons: {'; '.join(patrons) or '-'}", inner)
    sites = [game.expeditions[c].site for c in s["expeditions"]]
    for line in wrapped(f"Expeditions ({len(sites)}): {', '.join(sites) or '-'}", inner)[:2]:
        y = _write(page, x, y, line, inner)
    claims = "".join(OBJECTIVE_GROUPS[i] for i, c in enumerate(s["claims"]) if c) or "-"
    tiles = ", ".join(str(t) for t in s["bloomsbury"]) or "-"
    rights = "".join(
        "[10]" if i == 0 else "[25]"
        for i, r in enumerate(s["bloomsbury_rights"])
        if r and not s["bloomsbury_taken"][i]
    )
    penalties = sum(1 for p in s["penalties"] if p)
    text = (
        f"Royal Society: {claims}   Bloomsbury tiles: {tiles}"
        + (f"  may take {rights}" if rights else "")
        + (f"  penalties {penalties}" if penalties else "")
    )
    y = _write(page, x, y, text, inner)
    _hand(page, game, views, v, q, x, y + 2)


def _automa(page: Page, v) -> None:
    """The Automa's panel, in the first free seat place."""
    a = v["automa"]
    x = MARGIN + v["num_players"] * (SEAT_W + SEAT_GAP)
    y = SEATS_Y
    page.box(x, y, SEAT_W, AUTOMA_H)
    page.box(x, y, SEAT_W, 22, fill=AUTOMA_COLOUR, outline=AUTOMA_COLOUR)
    page.text(x + 6, y + 3, "Automa", NORMAL, PAPER)
    y += 28
    for k in range(a["pawns"]):
        _piece(page, x + 14 + k * 22, y + 8, "automa")
    page.text(x + 14 + 3 * 22, y + 2, f"{a['pawns']} pawns left this year", SMALL)
    y += 24
    pawns = sum(k for pieces in v["locations"] for _, o, k in pieces if o == "automa")
    discs = sum(1 for o in v["gallery"] if o == "automa")
    claims = "".join(
        g for g, o in zip(OBJECTIVE_GROUPS, v["objective_first"], strict=True) if o == "automa"
    )
    favor = "-" if a["last_favor"] is None else a["last_favor"] + 1
    for line in (
        f"Cards played: {len(a['played'])}; blocks King's Favor {favor}",
        f"Pawns on the board: {pawns}; discs in the Gallery: {discs}",
        f"First on objectives: {claims or '-'}",
    ):
        y = _write(page, x + 6, y, line, SEAT_W - 12)


def _knowledge(page: Page, x: float, y: float, knowledge: Sequence[int]) -> float:
    """Knowledge per region on small tracks of 0-13 (12 and beyond), milestones 5 / 8 / 12."""
    cell = 11
    for r, k in enumerate(knowledge):
        ry = y + r * (cell + 2)
        page.text(x, ry, REGION_SHORT[r], SMALL)
        for i in range(1, 14):
            bx = x + 22 + (i - 1) * cell
            fill, outline = REGION_TINTS[r] if i <= k else None, INK if i in (5, 8, 12) else FAINT
            page.box(bx, ry, cell - 1, cell - 1, fill=fill, outline=outline)
        page.text(x + 22 + 13 * cell + 4, ry - 1, str(k), SMALL)
    return y + 4 * (cell + 2) + 2


def _explorers(page: Page, game, x: float, y: float, q: int, s) -> float:
    board = game.boards[(q % 4) * 2 + ("AB".index(s["side"]) if s["side"] else 0)]
    for e, level in enumerate(s["expertise"]):
        ex = x + 12 + e * 100
        placed = s["placed"][e]
        page.token(ex, y + 10, 10, FAINT if placed else player_colour(q))
        page.text(ex, y + 10, str(level) if level else "", SMALL, PAPER, anchor="mm")
        kind, region = board[e]
        skill = "Logistics" if kind == 0 else f"{REGION_SHORT[region]} skill"
        page.text(ex + 14, y + 4, skill, SMALL, FAINT if placed else INK)
    return y + 24


def _hand(page: Page, game, views: Views, v, q: int, x: float, y: float) -> None:
    """Hand (and set-up) cards: faces this picture may show, backs with a count for the rest;
    then the Study cards of a seat whose view is here."""
    s = v["seats"][q]
    mine = views.get(q)
    faces = mine["own"]["hand"] if mine else s["known_hand"]
    hidden = s["hand_size"] - len(faces)
    setup = mine["own"]["setup_hand"] if mine else []
    setup_hidden = 0 if mine else s["setup_hand_size"]
    setup_size = s["setup_hand_size"]
    hand = f"Hand ({s['hand_size']})" + (f", set-up cards ({setup_size})" if setup_size else "")
    page.text(x, y, hand, SMALL)
    y += LINE
    items: list[int | str] = [*faces, *setup]
    for count, label in ((hidden, "hand"), (setup_hidden, "set-up")):
        if count > 0:
            items.append(f"{count} {label} card{'s' * (count > 1)}")
    per_row = (SEAT_W - 12 + MINI_GAP) // (MINI_W + MINI_GAP)
    for k, item in enumerate(items[: per_row * HAND_ROWS]):
        cx = x + k % per_row * (MINI_W + MINI_GAP)
        cy = y + k // per_row * (MINI_H + MINI_GAP)
        if isinstance(item, str):
            _back(page, cx, cy, MINI_W, MINI_H, item)
        else:
            _expedition(page, game, cx, cy, item, MINI_W, MINI_H)
    rows = min(HAND_ROWS, -(-len(items) // per_row))
    y += rows * (MINI_H + MINI_GAP)
    if mine:
        tiles = mine["own"]["known_tiles"]
        seen = [str(k) for k in tiles["stack"]] + [f"{k} (box)" for k in tiles["box"]]
        put_back = [str(k) for k in mine["patrons_put_back"] if k is not None]
        if seen or put_back:
            text = (
                f"Seen: Bloomsbury tiles {', '.join(seen) or '-'}; "
                f"patrons under the deck {', '.join(put_back) or '-'}"
            )
            y = _write(page, x, y, text, SEAT_W - 12)
        if not mine["own"]["studies"]:
            _write(page, x, y, "Study cards: -", SEAT_W - 12)
        for k in mine["own"]["studies"]:
            y = _study(page, game, k, x, y)


def _study(page: Page, game, k: int, x: float, y: float) -> float:
    """A Study card while there is room: the Science for 1, 2, ... objectives done, then each
    objective as a group of symbol chips (one played expedition for each symbol); returns the
    y below it."""
    study = game.studies[k]
    science = " / ".join(map(str, study.science))
    counts = " / ".join(str(n + 1) for n in range(len(study.science)))
    if y + LINE + CHIP_H > HEIGHT - MARGIN:
        return y
    y = _write(page, x, y, f"Study card {k}: {science} science for {counts} of", SEAT_W - 12)
    right = x + SEAT_W - 12
    cx = x
    for objective in study.objectives:
        labels = [_symbol(kind, i) for kind, i in objective]
        width = sum(chip_width(label) for label, _ in labels)
        if cx > x and cx + width > right:
            cx, y = x, y + CHIP_H + 2
        for label, fill in labels:
            cx = page.chip(cx, y, label, fill)
        cx += STUDY_GAP
    return y + CHIP_H + 4


def _symbol(kind: str, i: int) -> tuple[str, Colour]:
    """A Study card symbol's chip: a region in its colour, an expedition type or a flag."""
    if kind == "region":
        return REGION_TITLES[i], REGION_TINTS[i]
    if kind == "type":
        return EXPEDITION_TYPES[i], PAPER
    return STUDY_FLAGS[i], BLOCKED

"""The Royal Society of Archeology table as a picture.

Every word is whole (no abbreviation, nothing cut): what has no room is grouped, coloured or drawn
as an icon, and what still has no room is counted ("and 2 more not shown").

Top, the title (mode, year, whose picture) and the pending decision (at the end, the scores and the
winners; solo, the title). Left, the London board: the four locations, their sections holding
explorers in their owners' colours (the Automa's dark grey "A", Confrontation's neutral "N"); the
Program's Expedition cards in their region's colour; the Grand Gallery's collections, each space the
icon of the relic it wants (colour the region, shape the type), beside the relic bags, a table that
is also the icons' legend. Right: the King's Favors, the Reputation track, the Royal Society
objectives, the Royal Requirements, Bloomsbury and the decks, and what is on the table for the
decision under way. Bottom, one panel per seat sharing the page's width (the Automa's beside them):
score, tracks, Knowledge, explorers, relics as icons, patrons, expeditions, claims, and the hand:
faces this picture may show as strips of their region's colour, backs with a count for the others,
and the seat's own Study cards."""

from __future__ import annotations

from collections.abc import Sequence

from ...core import canvas
from ...core.canvas import FAINT, HIGHLIGHT, INK, NORMAL, PAPER, SMALL, Colour, Page, text_length
from . import components
from .actions import ALL_REGIONS, DECISIONS, GALLERY_SIZES, GALLERY_START, HONOR, SECTIONS
from .components import BLOOMSBURY_STACKS, GAIN_KEYS, OBJECTIVE_GROUPS, REGION_TITLES
from .text import ROMAN, wants

WIDTH, HEIGHT = canvas.LARGE_PAGE
MARGIN, TITLE_Y, DECISION_Y = 12, 8, 34
LINE = SMALL + 3
"""Height of a line of small text."""
HEADING_H = NORMAL + 6

# the board (left)
BOARD_Y, LOC_W, LOC_H, LOC_GAP = 62, 222, 160, 8
SECTION_W, PIECE_R = (LOC_W - 12) // SECTIONS, 8
PROGRAM_Y = BOARD_Y + LOC_H + 8
CARD_W, CARD_H, CARD_GAP, CARD_PAD = 146, 132, 6, 4
"""A Program card's size, the gap between two, and a card's margin around its text."""
GALLERY_Y = PROGRAM_Y + HEADING_H + CARD_H + 8
SPACE_W, SPACE_H = 38, 34
"""A Grand Gallery space."""
COLLECTION_GAP, ROMAN_W = 16, 22
"""Between two collections; room for a collection's number, left of its spaces."""
GALLERY_ROWS = ((0, 1, 2), (3, 4, 5))
"""The collections on each row of the Gallery: the short ones first, the relic bags beside them."""
GALLERY_ROW_H = SPACE_H + LINE + 32
BAGS_X = MARGIN + 480
"""The relic bags' table, right of the short collections (it is the relics' legend too)."""
BAG_NAME_W, BAG_COL_W, BAG_ROW = 92, 86, 15
ICON = 13
"""An icon's size (an expedition's Expertise disc and Knowledge square, a relic)."""

# the right column
RIGHT_X = MARGIN + 4 * LOC_W + 3 * LOC_GAP + 16
LEFT_END = RIGHT_X - 4
"""Where the board's areas (left) end and the right column's begins."""
RIGHT_W = WIDTH - MARGIN - RIGHT_X
FAVOR_W, FAVOR_H, REP_CELL, REP_SPACES = 76, 62, 30, 10
REPUTATION_Y = BOARD_Y + HEADING_H + FAVOR_H + 8
OBJECTIVES_Y = REPUTATION_Y + HEADING_H + REP_CELL + 4
"""The tops of the Reputation track's and the objectives' areas (below the King's Favors)."""
CLAIMS_W = 70
"""Room right of an objective for its first claimant and the others."""

# the seats (bottom)
SEATS_Y = GALLERY_Y + HEADING_H + 2 * GALLERY_ROW_H - 24
SEAT_H = HEIGHT - MARGIN - SEATS_Y
SEAT_GAP, SEAT_HEADER_H, AUTOMA_H, FRAME_WIDTH = 8, 22, 110, 3
"""``FRAME_WIDTH``: the width of the frame of the panel of the player to move."""
UNDRAWN_SEAT_KEYS = ("discs_above",)
"""What a seat's view says that its panel does not show (a change there draws nothing)."""
KNOW_NAME_W, KNOW_CELL, KNOW_TOP = 88, 11, 13
"""Room for a region's name left of its Knowledge track; its spaces (0-13: 12 and beyond)."""
MILESTONES, EXPLORER_R, KNOW_W = (5, 8, 12), 9, 264
"""``KNOW_W``: the Knowledge tracks' width, with their names and counts."""
KNOW_CAPTION = ("Knowledge", "milestones", ", ".join(map(str, MILESTONES)))
"""The Knowledge tracks' caption in lines right of them (or in one above them)."""
EXPLORERS_W = 150
"""A column of explorers (a disc and a skill), right of the tracks in a wide panel."""
BACK_H = 2 * LINE
"""The backs of the cards of a hand this picture may not show."""

AUTOMA_COLOUR: Colour = (70, 70, 70)
OTHER_OWNERS = {"automa": ("A", AUTOMA_COLOUR), "neutral": ("N", canvas.NEUTRAL_COLOUR)}
"""The pieces that are no seat's: their label and colour."""
BLOCKED: Colour = (215, 210, 195)
"""A King's Favor blocked by the Automa's last card."""
REGION_TINTS: tuple[Colour, ...] = (
    (243, 223, 175),  # Africa: sand
    (205, 223, 242),  # Mediterranean: sea
    (242, 208, 200),  # Asia: lacquer
    (208, 232, 196),  # South America: forest
)
REGION_INKS: tuple[Colour, ...] = (
    (214, 160, 60),  # Africa
    (95, 145, 210),  # Mediterranean
    (205, 105, 95),  # Asia
    (105, 170, 90),  # South America
)
"""A relic's colour: its region's, stronger than the tints so that a small icon shows it."""
SCROLL = components.RELIC_TYPES.index("scroll")
RELIC_SHAPES = (
    ((0, -3), (3, 3), (-3, 3)),  # instrument: a triangle
    ((-1, -3), (1, -3), (1, -1), (3, 1), (1, 3), (-1, 3), (-3, 1), (-1, -1)),  # pottery: a vase
    (),  # scroll: a roll, drawn as boxes
    ((0, -3), (3, 0), (0, 3), (-3, 0)),  # jewelry: a diamond
)
"""The outline of a relic type's icon: its corners from its centre, in thirds of half its size."""
LOCATION_NOTES = (
    ("Study / Deepen Knowledge", "left +1 knowledge, right +1 reputation", ""),
    ("Exhibit / Study a Relic", "left +1 reputation, right +2 prestige", "gate: Reputation 6"),
    ("Meet a Patron / Sell a Relic", "left +3 money, right +2 prestige", "gate: Reputation 4"),
    ("Organize an Expedition", "left reserve, right +1 reputation", ""),
)
STUDY_GAP = 10
"""Between the objectives of a Study card."""
SYMBOLS = {
    "region": tuple(zip(REGION_TITLES, REGION_TINTS, strict=True)),
    "type": tuple((name, PAPER) for name in components.EXPEDITION_TYPES),
    "flag": tuple((name, BLOCKED) for name in ("myth", "wonder", "level 5")),
}
"""A Study card symbol's chip (words and colour) by kind."""
DISCARD_PURPOSES = ("Deepen Knowledge", "Study a Relic", "Sell a Relic")
"""Why a relic is discarded (the ``discard_relic`` decision's first argument below ``HONOR``)."""
PENDING_SHOWN = 4
"""The most tasks queued after the decision that its line names."""
GAIN_WORDS = {
    "knowledge_choice": "{} knowledge (any region)",
    "random_relics": "{} relic",
    "chosen_relics": "{} relic of your choice",
    "chosen_relic": "{} relic of your choice",
    "reserve": "reserve an expedition",
}
"""A gain in words, where it is not the number and the key's name ("2 prestige")."""


def draw(game, views: canvas.Views) -> canvas.Picture:
    """Drawn in areas, each drawn again only when what it shows changed (:class:`KeptPage`:
    from one position to the next most of the table stays)."""
    v = next(iter(views.values()))
    panel = bool(v["automa"])  # the Automa's panel (beside one or two seats: there is room)
    page = canvas.KeptPage(WIDTH, HEIGHT, (game, v["num_players"], panel))
    keys = _keys(game, views, v)
    for name, box, drawing in (
        ("title", (0, 0, WIDTH, DECISION_Y - 1), lambda: _title(page, game, views, v)),
        ("decision", (0, DECISION_Y - 1, WIDTH, BOARD_Y), lambda: _decision(page, game, v)),
        ("program", (0, PROGRAM_Y, LEFT_END, GALLERY_Y), lambda: _program(page, game, v)),
        ("gallery", (0, GALLERY_Y, LEFT_END, SEATS_Y), lambda: _gallery(page, game, v)),
        ("favors", (LEFT_END, BOARD_Y, WIDTH, REPUTATION_Y), lambda: _favors(page, game, v)),
        ("reputation", (LEFT_END, REPUTATION_Y, WIDTH, OBJECTIVES_Y), lambda: _reputation(page, v)),
    ):
        page.area(name, (box,), keys.get(name), drawing)  # no key: the decision, always drawn
    current = v["current"]
    for loc, pieces in enumerate(v["locations"]):
        here = current["section"] if current and current["location"] == loc else None
        x = MARGIN + loc * (LOC_W + LOC_GAP)
        box, key = (x, BOARD_Y, x + LOC_W + 1, BOARD_Y + LOC_H + 1), (loc, pieces, here)
        page.area(f"location {loc}", (box,), repr(key), lambda key=key: _location(page, *key))
    box = (LEFT_END, OBJECTIVES_Y, WIDTH, SEATS_Y)
    y = page.area("objectives", (box,), keys["objectives"], lambda: _objectives(page, game, v))
    # inside the objectives' area: drawn again with it (its key in this one's)
    table = _table(game, views, v)
    box, key = (LEFT_END, int(y), WIDTH, SEATS_Y), (keys["objectives"], y, table)
    page.area("on the table", (box,), key, lambda: _on_the_table(page, game, table, y))
    for q in range(v["num_players"]):
        frame, inside = _seat_areas(v, q)
        key = (v["decision"]["player"] == q, canvas.seat_name(q, views), _score(v["seats"][q]))
        page.area(f"seat {q}", frame, key, lambda q=q: _seat_frame(page, views, v, q))
        # inside: the seat's view, and the seat's own cards when its view is here
        seat = {k: x for k, x in v["seats"][q].items() if k not in UNDRAWN_SEAT_KEYS}
        mine = views.get(q)
        key = repr((seat, mine and (mine["own"], mine["patrons_put_back"])))
        page.area(f"seat {q} inside", inside, key, lambda q=q: _seat(page, game, views, v, q))
    if panel:
        x, w = _seat_box(v, v["num_players"])
        box = (x, SEATS_Y, x + w + 1, SEATS_Y + AUTOMA_H + 1)
        page.area("automa", (box,), keys["automa"], lambda: _automa(page, v))
    return page.array()


def _seat_areas(v, q: int) -> tuple[tuple[canvas.Box, ...], tuple[canvas.Box, ...]]:
    """A seat's panel as areas: its frame and header (the header, the edges a highlighted
    frame takes), and inside them the rest, which the player to move changing leaves."""
    x, w = _seat_box(v, q)
    top, bottom = SEATS_Y + SEAT_HEADER_H + 1, SEATS_Y + SEAT_H + 1
    edge = FRAME_WIDTH
    frame = (
        (x, SEATS_Y, x + w + 1, top),
        (x, top, x + edge, bottom),
        (x + w + 1 - edge, top, x + w + 1, bottom),
        (x + edge, bottom - edge, x + w + 1 - edge, bottom),
    )
    return frame, ((x + edge, top, x + w + 1 - edge, bottom - edge),)


# -- what each area shows (its key: all that its drawing reads) ------------------------------
def _keys(game, views, v) -> dict[str, str]:
    """The keys of the table's areas, by name (the right column's: King's Favors and
    Reputation, each of a fixed height, then objectives, requirements and supplies)."""
    seats, automa = v["seats"], v["automa"]
    rewarded = v["current"]["collections_rewarded"] if v["current"] else []
    gallery = (v["collection_faces"], v["gallery"], v["relic_bags"], v["relic_discards"])
    claims = [s["claims"] for s in seats]
    objectives = (v["objectives"], v["objective_first"], v["requirements"], claims)
    decks = (v["patron_deck_size"], v["study_deck_size"], v["society_deck_size"])
    out = len(v["expedition_discard"]), len(v["expeditions_out_of_game"])
    keys = {
        "title": _title_words(game, views, v),
        "program": (v["program"], v["expedition_deck_size"], out),
        "gallery": (rewarded, gallery),
        "favors": (automa and automa["last_favor"], v["favor_spaces"]),
        "reputation": (v["reputation_stack"], [s["reputation"] for s in seats]),
        "objectives": (objectives, v["bloomsbury_stacks"], decks),
        "automa": (automa, v["locations"], v["gallery"], v["objective_first"]),
    }
    return {name: repr(key) for name, key in keys.items()}


def _table(game, views, v) -> tuple[tuple[int, ...], tuple[str, ...], tuple[int, ...]]:
    """What is on the table for the decision under way (what this picture may show): the
    Expedition cards, the patrons and Society cards in words, the relics."""
    decider = v["decision"]["player"]
    own = (views.get(decider) or v)["own"]
    items = [f"patron {k}: {_patron(game, k)}" for k in own["drawn_patrons"]]
    if decider in views and v["decision"]["kind"] == "setup_society":
        societies = enumerate(own["society_offer"])
        items += [f"offer {i + 1}: {game.rb.societies[s]['name']}" for i, s in societies]
    return tuple(own["drawn_cards"]), tuple(items), tuple(v["drawn_relics"])


# -- helpers --------------------------------------------------------------------------------
def _piece(page: Page, x: float, y: float, owner, r: float = PIECE_R) -> None:
    """A piece of a seat (a disc of its colour), the Automa ("A") or the neutral ("N")."""
    label, colour = OTHER_OWNERS.get(owner) or ("", canvas.player_colour(owner))
    page.token(x, y, r, colour, label)


def _write(page: Page, x: float, y: float, text: str, fill: Colour = INK) -> float:
    """A line of small text the layout has room for; returns the y of the next line."""
    page.text(x, y, text, SMALL, fill)
    return y + LINE


def _lines(page: Page, x: float, y: float, text: str, width: float, fill: Colour = INK) -> float:
    """Small text broken between words into lines of ``width``; returns the y below it."""
    for line in canvas.wrapped(text, width):
        y = _write(page, x, y, line, fill)
    return y


def _gains(pairs, width: float) -> list[str]:
    """What an expedition, a King's Favor or a collection gives (``(key, number)`` pairs), in
    lines of ``width``, broken between gains (within one only when it is longer than a line),
    so that "1 knowledge" stays together."""
    items = [GAIN_WORDS.get(k, "{} " + k).format(n) for k, n in pairs if n]
    lines: list[str] = []
    for piece in [f"{item}," for item in items[:-1]] + items[-1:]:
        if lines and text_length(f"{lines[-1]} {piece}", SMALL) <= width:
            lines[-1] += " " + piece
        else:
            lines += canvas.wrapped(piece, width)
    return lines


def _wants(p) -> str:
    """What a patron asks for, in words: a region's relic, a type, or both."""
    return wants(p.region, p.type) if p.region >= 0 or p.type >= 0 else "any relic"


def _score(seat) -> int:
    return min(seat["prestige"], 5 * seat["science"])


def _rank(seat) -> tuple[int, int, int]:
    return _score(seat), max(seat["prestige"], 5 * seat["science"]), seat["reputation"]


def _relic(page: Page, x: float, y: float, region: int, typ: int, size: float = ICON) -> None:
    """A relic's icon centred on (x, y): its region's colour (paper for any region) in its
    type's shape (:data:`RELIC_SHAPES`; a disc for any type)."""
    fill = REGION_INKS[region] if region >= 0 else PAPER
    h = size / 2
    if typ == SCROLL:
        page.box(x - h, y - h / 2, size, h, fill=fill)
        page.box(x - h, y - h * 0.8, h / 2, h * 1.6, fill=fill)
        page.box(x + h / 2, y - h * 0.8, h / 2, h * 1.6, fill=fill)
    elif typ < 0:
        page.token(x, y, h, fill)
    else:
        points = [(x + dx * h / 3, y + dy * h / 3) for dx, dy in RELIC_SHAPES[typ]]
        page.draw.polygon(points, fill=fill, outline=INK)


def _card_words(c) -> tuple[str, str, str]:
    """An Expedition card's region and type, the condition of its bonus ("" for a card
    without one) and its cost, in words."""
    need = ((REGION_TITLES, c.condition_region), (components.EXPEDITION_TYPES, c.condition_type))
    condition = " ".join(names[i] for names, i in need if i >= 0)
    marks = " ".join(m for m, on in (("myth", c.myth), ("wonder", c.wonder)) if on)
    return (
        f"{REGION_TITLES[c.region]} {components.EXPEDITION_TYPES[c.type]}",
        condition and f"needs {condition} played",
        f"{c.cost} money" + (f", {marks}" if marks else ""),
    )


def _expedition_text(c, width: float, kind: str, condition: str) -> list[list]:
    """An Expedition card's words below its title, in lines of ``width``, each line a list of
    (words, colour): its ``kind`` (region and type) and the ``condition`` of its bonus, each
    "" when written above (side by side when both fit), what it gives."""
    if kind and condition and text_length(f"{kind}; {condition}", SMALL) <= width:
        lines = [[(f"{kind}; ", INK), (condition, HIGHLIGHT)]]
    else:
        lines = [[(line, INK)] for line in canvas.wrapped(kind, width)]
        lines += [[(line, HIGHLIGHT)] for line in canvas.wrapped(condition, width)]
    return lines + [[(line, INK)] for line in _gains(zip(GAIN_KEYS, c.gains, strict=True), width)]


def _write_pieces(page: Page, x: float, y: float, pieces) -> float:
    for words, colour in pieces:
        x = page.text(x, y, words, SMALL, colour)
    return y + LINE


def _expedition(page: Page, game, x: float, y: float, card: int, w: float, h: float) -> None:
    """An Expedition card face: site; what it takes as icons (the Expertise an explorer's
    disc, the Knowledge a square of the region's track) and its cost; region and type; the
    condition of its bonus; what it gives."""
    c = game.expeditions[card]
    kind, condition, cost = _card_words(c)
    page.box(x, y, w, h, fill=REGION_TINTS[c.region])
    tx, ty = x + CARD_PAD, y + 3
    ty = _write(page, tx, ty, c.site)
    page.text(_needs(page, tx, ty, c.expertise, c.knowledge) + 3, ty, cost, SMALL)
    ty += LINE + 2
    for pieces in _expedition_text(c, w - 2 * CARD_PAD, kind, condition):
        ty = _write_pieces(page, tx, ty, pieces)


def _strip_layout(c, w: float) -> tuple[list, list[list], str]:
    """A strip's first line right of the site, as (words, colour) pieces: what it has room for
    beside the needs and cost (the region and type, and then the condition of the bonus; else
    they start the lines below); the lines below it; the cost."""
    kind, condition, cost = _card_words(c)
    room = w - 2 * CARD_PAD - 2 * ICON - 16 - text_length(cost, SMALL)
    room -= text_length(c.site, SMALL) + text_length(f"  {kind}", SMALL)
    first = []
    if room >= 0:
        first, kind = [(kind, INK)], ""
        if condition and text_length(f"; {condition}", SMALL) <= room:
            first, condition = [*first, ("; ", INK), (condition, HIGHLIGHT)], ""
    return first, _expedition_text(c, w - 2 * CARD_PAD, kind, condition), cost


def _strips(page: Page, game, x: float, y: float, cards, w: float, bottom: float):
    """Expedition cards as strips as wide as a panel (hands, cards drawn) from (x, y) while
    each leaves a line free above ``bottom`` (:func:`_strip_layout`); returns the y below them
    and how many had no room."""
    for i, card in enumerate(cards):
        c = game.expeditions[card]
        first, lines, cost = _strip_layout(c, w)
        h = (1 + len(lines)) * LINE + 4
        if y + h + LINE > bottom:
            return y, len(cards) - i
        page.box(x, y, w, h - 2, fill=REGION_TINTS[c.region])
        tx, ty = x + CARD_PAD, y + 2
        _write_pieces(page, page.text(tx, ty, c.site, SMALL) + 6, ty, first)
        right = x + w - CARD_PAD - text_length(cost, SMALL)
        page.text(right, ty, cost, SMALL)
        _needs(page, right - 2 * ICON - 8, ty, c.expertise, c.knowledge)
        ty += LINE
        for pieces in lines:
            ty = _write_pieces(page, tx, ty, pieces)
        y += h
    return y, 0


def _needs(page: Page, x: float, y: float, expertise: int | str, knowledge: int | str) -> float:
    """The Expertise (a disc, as on the explorers) and the Knowledge of its region (a square, as
    on the tracks) an expedition needs, from (x, y); returns the x after them."""
    r = ICON / 2
    page.token(x + r, y + r - 1, r, canvas.NEUTRAL_COLOUR, str(expertise))
    x += ICON + 3
    page.cube(x + r, y + r - 1, r, PAPER)
    page.text(x + r, y + r - 1, str(knowledge), SMALL, INK, "mm")
    return x + ICON + 2


# -- the title and the decision --------------------------------------------------------------
def _title_words(game, views, v) -> tuple[str, str]:
    """The title line's words: the game, its mode and year; whose picture it is."""
    players = v["num_players"]
    mode = v["mode"] + (", simplified" if v["simplified"] else "")
    text = f"The Royal Society of Archeology - {mode}, {players} player{'s' * (players > 1)}"
    text += f" - year {min(v['year'], game.years)}/{game.years}"
    if len(views) > 1:
        return text, "spectator's picture"
    return text, "the solo player's picture" if players == 1 else f"Player {v['player']}'s picture"


def _title(page: Page, game, views, v) -> None:
    text, whose = _title_words(game, views, v)
    end = page.text(MARGIN, TITLE_Y, text, canvas.LARGE)
    page.text(end + 16, TITLE_Y + 4, whose, NORMAL, HIGHLIGHT)


def _decision(page: Page, game, v) -> None:
    """The decision line: who decides what, and what is queued after it; or the scores."""
    d = v["decision"]
    if d["kind"] == "game_over":
        scores = ", ".join(f"player {q} {_score(s)}" for q, s in enumerate(v["seats"]))
        text = f"Game over - final scores: {scores}"
        if v["num_players"] == 1:
            text += f": {components.solo_title(_score(v['seats'][0]), game.rb.titles)}"
        else:
            best = max(_rank(s) for s in v["seats"])
            winners = [f"player {q}" for q, s in enumerate(v["seats"]) if _rank(s) == best]
            text += f"; winner{'s' * (len(winners) > 1)}: " + " and ".join(winners)
        page.text(MARGIN, DECISION_Y, text, NORMAL, HIGHLIGHT)
        return
    who = d["player"]
    page.token(MARGIN + 8, DECISION_Y + 8, 8, canvas.player_colour(who))
    text = f"Player {who} to decide: {DECISIONS.meaning(d['kind'])}"
    if detail := _decision_detail(game, v, d):
        text += f" ({detail})"
    if d["interrupts"]:
        text += f", interrupting {d['interrupts'].replace('_', ' ')}"
    queued = [t[0].replace("_", " ") for t in v["pending"]]
    for shown in range(min(len(queued), PENDING_SHOWN), -1, -1):
        line = text + (f"; then {', '.join(queued[:shown])}" if shown else "")
        if shown < len(queued):
            line += f" and {len(queued) - shown} more" if shown else f"; {len(queued)} more to do"
        if text_length(line, NORMAL) <= WIDTH - 2 * MARGIN - 22:
            break
    page.text(MARGIN + 22, DECISION_Y, line, NORMAL, HIGHLIGHT)


def _regions(mask: int) -> str:
    return " or ".join(name for r, name in enumerate(REGION_TITLES) if mask >> r & 1)


def _decision_detail(game, v, d) -> str:
    """The pending decision's arguments in words (the view's ``args``, as its docstring says
    they are for each decision); empty for a decision that has none worth saying."""
    kind, (a, b) = d["kind"], d["args"]
    if kind == "place":
        return f"the explorer of Expertise {v['seats'][d['player']]['expertise'][a]}"
    if kind == "knowledge_region":
        excluded = b & ALL_REGIONS
        return f"{a} point{'s' * (a != 1)}" + (f", not in {_regions(excluded)}" if excluded else "")
    if kind == "relic_from_bag":
        bags = "any bag" if a & ALL_REGIONS == ALL_REGIONS else f"the {_regions(a)} bag"
        return f"from {bags}" + (", drawn at random" if b else "")
    if kind == "discard_relic":
        if a >= HONOR:
            return f"to honor patron {a - HONOR}"
        return f"to {DISCARD_PURPOSES[a]}" if a < len(DISCARD_PURPOSES) else ""
    if kind == "patron":
        return f"paid at Expertise {a}"
    if kind == "expedition_payment":
        return f"for {game.expeditions[a].site}"
    if kind == "exhibit_space":
        return f"{a} Exhibit{'s' * (a != 1)} left"
    if kind == "bloomsbury_tile":
        return f"from the {BLOOMSBURY_STACKS[a]} stack" + (" or the box" if b else "")
    return ""


# -- the board ---------------------------------------------------------------------------------
def _location(page: Page, loc: int, pieces, here: int | None) -> None:
    """A location of the board, its explorers in its sections (``here`` the section of the
    explorer placed this turn, framed)."""
    x = MARGIN + loc * (LOC_W + LOC_GAP)
    page.box(x, BOARD_Y, LOC_W, LOC_H, outline=INK)
    page.text(x + 6, BOARD_Y + 4, components.LOCATION_TITLES[loc], NORMAL)
    actions, bonuses, gate = LOCATION_NOTES[loc]
    page.text(x + 6, BOARD_Y + 22, actions, SMALL)
    top = BOARD_Y + 22 + LINE + 2
    height = LOC_H - (top - BOARD_Y) - 2 * LINE - 6
    for sec in range(1, SECTIONS + 1):
        sx = x + 6 + (sec - 1) * SECTION_W
        outline, width = (HIGHLIGHT, 3) if here == sec else (FAINT, 1)
        page.box(sx, top, SECTION_W - 2, height, outline=outline, width=width)
        page.text(sx + SECTION_W / 2 - 1, top + 2, str(sec), SMALL, FAINT, anchor="ma")
        owners = [owner for at, owner, count in pieces if at == sec for _ in range(count)]
        for k, owner in enumerate(owners):
            py = top + LINE + 4 + PIECE_R + k * (2 * PIECE_R + 2)
            if py + PIECE_R < top + height:
                _piece(page, sx + SECTION_W / 2 - 1, py, owner)
    page.text(x + 6, top + height + 3, bonuses, SMALL)
    if gate:
        page.text(x + 6, top + height + 3 + LINE, gate, SMALL, FAINT)


def _program(page: Page, game, v) -> None:
    end = page.text(MARGIN, PROGRAM_Y, "Program", NORMAL)
    end = page.text(end + 8, PROGRAM_Y + 2, "(Reputation cost at each card's corner)", SMALL)
    decks = (
        f"Expedition deck {v['expedition_deck_size']}, discard {len(v['expedition_discard'])}, "
        f"out of the game {len(v['expeditions_out_of_game'])}"
    )
    end = page.text(end + 16, PROGRAM_Y + 2, decks, SMALL, FAINT)
    x = _needs(page, end + 16, PROGRAM_Y + 2, "E", "K")
    page.text(x + 2, PROGRAM_Y + 2, "needs: E Expertise, K Knowledge", SMALL)
    for i, card in enumerate(v["program"]):
        cx, cy = MARGIN + i * (CARD_W + CARD_GAP), PROGRAM_Y + HEADING_H
        if card is None:
            page.box(cx, cy, CARD_W, CARD_H, outline=FAINT)
        else:
            _expedition(page, game, cx, cy, card, CARD_W, CARD_H)
        page.cube(cx + CARD_W - 9, cy + 9, 7, PAPER)
        page.text(cx + CARD_W - 9, cy + 9, str(game.rb.program_reputation[i]), SMALL, anchor="mm")


def _gallery(page: Page, game, v) -> None:
    """The six collections, each space a relic's icon (the one it takes: colour the region,
    shape the type) with the disc on it, the collection's reward below; the relic bags beside."""
    end = page.text(MARGIN, GALLERY_Y, "Grand Gallery", NORMAL)
    hint = "relic wanted: colour the region, shape the type (a disc: any type)"
    page.text(end + 8, GALLERY_Y + 2, hint, SMALL)
    rewarded = v["current"]["collections_rewarded"] if v["current"] else []
    for row, collections in enumerate(GALLERY_ROWS):
        x, y = MARGIN, GALLERY_Y + HEADING_H + row * GALLERY_ROW_H
        for col in collections:
            size = GALLERY_SIZES[col]
            face = game.collection_faces[v["collection_faces"][col]]
            page.text(x, y, ROMAN[col], SMALL, HIGHLIGHT if col in rewarded else INK)
            for k, (region, typ) in enumerate(face.spaces):
                sx = x + ROMAN_W + k * SPACE_W
                fill = REGION_TINTS[region] if region >= 0 else PAPER
                page.box(sx, y, SPACE_W - 2, SPACE_H - 2, fill=fill, outline=FAINT)
                cx, cy = sx + SPACE_W / 2 - 1, y + SPACE_H / 2 - 1
                if region < 0 and typ < 0:
                    page.text(cx, cy, "any", SMALL, INK, "mm")
                else:
                    _relic(page, cx, cy, region, typ, ICON + 3)
                if (owner := v["gallery"][GALLERY_START[col] + k]) is not None:
                    _piece(page, sx + SPACE_W - 11, y + 9, owner, r=7)
            width = size * SPACE_W + COLLECTION_GAP - 4
            for k, line in enumerate(_gains(face.reward, width)):
                _write(page, x + ROMAN_W, y + SPACE_H + k * LINE, line)
            x += ROMAN_W + size * SPACE_W + COLLECTION_GAP
    _bags(page, v)


def _bags(page: Page, v) -> None:
    """The relic bags as a table (a region a row, a type a column): the relics left in each
    bag and those discarded; its headings are the relics' legend."""
    x, y = BAGS_X, GALLERY_Y
    end = page.text(x, y, "Relic bags", NORMAL)
    page.text(end + 8, y + 2, "relics left in each bag (+ discarded)", SMALL)
    y += HEADING_H
    bags, discards = v["relic_bags"], v["relic_discards"]
    for t, name in enumerate(components.RELIC_TYPES):
        cx = x + BAG_NAME_W + t * BAG_COL_W
        _relic(page, cx + ICON / 2, y + ICON / 2, -1, t)
        page.text(cx + ICON + 4, y, name, SMALL)
    for r, region in enumerate(REGION_TITLES):
        ry = y + (r + 1) * BAG_ROW
        fill = REGION_TINTS[r]
        page.box(x, ry - 1, BAG_NAME_W + 4 * BAG_COL_W - 6, BAG_ROW - 1, fill=fill, outline=fill)
        page.text(x + 3, ry, region, SMALL)
        for t in range(4):
            cx = x + BAG_NAME_W + t * BAG_COL_W
            _relic(page, cx + ICON / 2, ry + ICON / 2 - 1, r, t, ICON - 2)
            end = page.text(cx + ICON + 4, ry, str(bags[4 * r + t]), SMALL)
            if discards[4 * r + t]:
                page.text(end + 4, ry, f"+{discards[4 * r + t]}", SMALL, HIGHLIGHT)


# -- the right column ----------------------------------------------------------------------------
def _heading(page: Page, y: float, text: str) -> float:
    page.text(RIGHT_X, y, text, NORMAL)
    return y + HEADING_H


def _favors(page: Page, game, v) -> None:
    """The King's Favors, what each gives and who holds it (the one the Automa's last card
    blocks greyed)."""
    y = _heading(page, BOARD_Y, "King's Favors (turn order)")
    last = v["automa"]["last_favor"] if v["automa"] else None
    for i, owner in enumerate(v["favor_spaces"]):
        x = RIGHT_X + i * FAVOR_W
        page.box(x, y, FAVOR_W - 4, FAVOR_H, fill=BLOCKED if i == last else None)
        page.text(x + 3, y + 2, str(i + 1), SMALL, FAINT)
        if i == last:
            page.cube(x + FAVOR_W - 14, y + 9, 5, AUTOMA_COLOUR)
        for k, line in enumerate(_gains(game.rb.favors[i].items(), FAVOR_W - 10)):
            _write(page, x + 3, y + LINE + 4 + k * LINE, line)
        if owner is not None:
            _piece(page, x + 24, y + 10, owner)


def _reputation(page: Page, v) -> None:
    """The Reputation track 0-9; tied discs stacked, the top of the stack drawn last."""
    order = ", ".join(f"player {q}" for q in v["reputation_stack"])
    y = _heading(page, REPUTATION_Y, f"Reputation (stack from the top: {order})")
    for i in range(REP_SPACES):  # each space's number in its corner
        page.box(RIGHT_X + i * REP_CELL, y, REP_CELL - 2, REP_CELL - 2, outline=FAINT)
        page.text(RIGHT_X + i * REP_CELL + 2, y + 1, str(i), SMALL, FAINT)
    height: dict[int, int] = {}
    for q in reversed(v["reputation_stack"]):
        rep = v["seats"][q]["reputation"]
        k = height.get(rep, 0)
        height[rep] = k + 1
        cx = RIGHT_X + rep * REP_CELL + REP_CELL / 2 + 2 + 4 * k
        page.token(cx, y + REP_CELL / 2 + 1 - 4 * k, PIECE_R, canvas.player_colour(q))


def _objectives(page: Page, game, v) -> float:
    """The Royal Society objectives and the Royal Requirements, then the supplies below them;
    returns the y below those."""
    y = _heading(page, OBJECTIVES_Y, "Royal Society objectives")
    note = "first to do one: 4 science or 20 prestige, later ones 2 or 10"
    page.text(RIGHT_X, y - 4, note, SMALL)
    page.text(RIGHT_X + RIGHT_W, y - 4, "first, others", SMALL, FAINT, "ra")
    y += LINE - 2
    for i, tile in enumerate(v["objectives"]):
        obj = game.rb.objectives[tile]
        claimants = [q for q, s in enumerate(v["seats"]) if s["claims"][i]]
        page.text(RIGHT_X, y, f"{OBJECTIVE_GROUPS[i]}:", SMALL)
        if (first := v["objective_first"][i]) is not None:
            _piece(page, RIGHT_X + RIGHT_W - CLAIMS_W + 8, y + 6, first, r=6)
        for k, q in enumerate(claimants):
            _piece(page, RIGHT_X + RIGHT_W - CLAIMS_W + 26 + k * 12, y + 6, q, r=5)
        text = f"{obj['text']} ({obj['reward']})"
        y = _lines(page, RIGHT_X + 16, y, text, RIGHT_W - 16 - CLAIMS_W) + 2
    y = _heading(page, y + 4, "Royal Requirements")
    for year, tile in zip(game.requirement_years, v["requirements"], strict=True):
        text = f"end of year {year}: {game.rb.requirements[tile]['text']}"
        y = _lines(page, RIGHT_X, y, text, RIGHT_W)
    y = _heading(page, y + 4, "Bloomsbury and the decks")
    stacks = v["bloomsbury_stacks"]
    text = (
        f"Bloomsbury tiles: {stacks[0]} in the 10 stack, {stacks[1]} in the 25 stack; decks: "
        f"{v['patron_deck_size']} patrons, {v['study_deck_size']} Study cards, "
        f"{v['society_deck_size']} Society cards"
    )
    return _lines(page, RIGHT_X, y, text, RIGHT_W) + 4


def _on_the_table(page: Page, game, table, y: float) -> None:
    """What is on the table (:func:`_table`), as much as there is room for above the seats,
    then how many more."""
    cards, items, relics = table
    if not cards and not items and not relics:
        return
    y = _heading(page, y, "On the table")
    bottom = SEATS_Y - 4
    y, left = _strips(page, game, RIGHT_X, y, cards, RIGHT_W, bottom)
    left += len(items) + bool(relics)
    if relics and y + LINE <= bottom:
        x = page.text(RIGHT_X, y, "relics drawn:", SMALL) + 6
        for kind in relics:
            _relic(page, x + ICON / 2, y + ICON / 2, kind // 4, kind % 4)
            x = page.text(x + ICON + 3, y, components.relic_name(kind), SMALL) + 8
        y += LINE
        left -= 1
    for item in items:
        if y + len(canvas.wrapped(item, RIGHT_W)) * LINE + LINE > bottom:
            break
        y = _lines(page, RIGHT_X, y, item, RIGHT_W)
        left -= 1
    if left:
        _write(page, RIGHT_X, y, f"and {left} more not shown", FAINT)


def _patron(game, k: int) -> str:
    p = game.patrons[k]
    return f"{p.rate} money per Expertise; honor with: {_wants(p)}, or lose {p.penalty} prestige"


# -- the seats -----------------------------------------------------------------------------------
def _seat_box(v, q: int) -> tuple[float, float]:
    """The x and width of seat ``q``'s panel: the seats (and the Automa's panel) share the
    page's width, so that fewer players have wider panels."""
    panels = v["num_players"] + bool(v["automa"])
    width = (WIDTH - 2 * MARGIN - (panels - 1) * SEAT_GAP) // panels
    return MARGIN + q * (width + SEAT_GAP), width


def _panel(page: Page, v, q: int, h: float, colour: Colour, name: str, moving: bool = False):
    """A panel of the seats' row: its frame (the highlight's for the player to move) and its
    header, a band of ``colour`` with ``name``; returns its x and width."""
    x, w = _seat_box(v, q)
    frame = (HIGHLIGHT, FRAME_WIDTH) if moving else (INK, 1)
    page.box(x, SEATS_Y, w, h, outline=frame[0], width=frame[1])
    page.box(x, SEATS_Y, w, SEAT_HEADER_H, fill=colour, outline=colour)
    page.text(x + 6, SEATS_Y + 3, name, NORMAL, PAPER)
    return x, w


def _seat_frame(page: Page, views, v, q: int) -> None:
    moving = v["decision"]["player"] == q
    name = canvas.seat_name(q, views) + ("  - to move" if moving else "")
    x, w = _panel(page, v, q, SEAT_H, canvas.player_colour(q), name, moving)
    page.text(x + w - 6, SEATS_Y + 3, f"score {_score(v['seats'][q])}", NORMAL, PAPER, anchor="ra")


def _seat(page: Page, game, views, v, q: int) -> None:
    """The inside of a seat's panel (:func:`_seat_frame` draws its frame and header)."""
    s = v["seats"][q]
    x, w = _seat_box(v, q)
    x, y, inner = x + 6, SEATS_Y + SEAT_HEADER_H + 4, w - 12
    society = "no Society card yet"
    if s["society"] is not None:
        society = game.rb.societies[s["society"]]["name"]
    y = _lines(page, x, y, f"{society}, board side {s['side'] or '-'}", inner)
    tracks = ("prestige", "science", "money", "reputation")
    page.text(x, y, "  ".join(f"{track.title()} {s[track]}" for track in tracks), NORMAL)
    y += NORMAL + 6
    discs = (
        f"Discs: {s['discs']} in reserve, {s['reputation_discs']} under Reputation, "
        f"{s['requirement_discs']} on requirements"
    )
    y = _lines(page, x, y, discs, inner)
    if inner >= KNOW_W + EXPLORERS_W:  # side by side
        explorers = _explorers(page, game, x + KNOW_W, y, q, s, inner - KNOW_W, True)
        y = max(_knowledge(page, x, y, s["knowledge"], KNOW_W), explorers)
    else:
        y = _knowledge(page, x, y, s["knowledge"], inner)
        y = _explorers(page, game, x, y, q, s, inner)
    y = _relics(page, x, y, s, inner)
    wants = {k: _wants(game.patrons[k]) for k in s["patrons"]}
    patrons = [f"{k} honored" if k in s["honored"] else f"{k} wants {wants[k]}" for k in wants]
    y = _lines(page, x, y, f"Patrons: {'; '.join(patrons) or '-'}", inner)
    sites = [game.expeditions[c].site for c in s["expeditions"]]
    y = _lines(page, x, y, f"Expeditions ({len(sites)}): {', '.join(sites) or '-'}", inner)
    claims = ", ".join(OBJECTIVE_GROUPS[i] for i, c in enumerate(s["claims"]) if c) or "-"
    tiles = ", ".join(str(t) for t in s["bloomsbury"]) or "-"
    stacks = zip(BLOOMSBURY_STACKS, s["bloomsbury_rights"], s["bloomsbury_taken"], strict=True)
    rights = " and ".join(str(stack) for stack, right, taken in stacks if right and not taken)
    penalties = sum(1 for p in s["penalties"] if p)
    text = (
        f"Royal Society objectives: {claims};  Bloomsbury tiles: {tiles}"
        + (f"; may take from the {rights} stack" if rights else "")
        + (f"; penalties {penalties}" if penalties else "")
    )
    y = _lines(page, x, y, text, inner)
    _hand(page, game, views, v, q, x, y + 2, inner)


def _automa(page: Page, v) -> None:
    """The Automa's panel, in the first free seat place."""
    a = v["automa"]
    x, w = _panel(page, v, v["num_players"], AUTOMA_H, AUTOMA_COLOUR, "Automa")
    y = SEATS_Y + 28
    for k in range(a["pawns"]):
        _piece(page, x + 14 + k * 22, y + 8, "automa")
    page.text(x + 14 + 3 * 22, y + 2, f"{a['pawns']} pawns left this year", SMALL)
    y += 24
    pawns = sum(k for pieces in v["locations"] for _, o, k in pieces if o == "automa")
    discs = sum(1 for o in v["gallery"] if o == "automa")
    firsts = zip(OBJECTIVE_GROUPS, v["objective_first"], strict=True)
    claims = ", ".join(group for group, first in firsts if first == "automa")
    favor = "-" if a["last_favor"] is None else a["last_favor"] + 1
    for line in (
        f"Cards played: {len(a['played'])}; blocks King's Favor {favor}",
        f"Pawns on the board: {pawns}; discs in the Gallery: {discs}",
        f"First on objectives: {claims or '-'}",
    ):
        y = _lines(page, x + 6, y, line, w - 12)


def _knowledge(page: Page, x: float, y: float, knowledge: Sequence[int], inner: float) -> float:
    """Knowledge per region on tracks of its colour, 0-13 (12 and beyond), milestones 5, 8, 12
    framed in ink; their caption above them, or right of them in a panel with room there
    (the 4 players' narrow panels: a line saved)."""
    if inner - KNOW_W >= max(text_length(line, SMALL) for line in KNOW_CAPTION):
        for i, line in enumerate(KNOW_CAPTION):
            _write(page, x + KNOW_W, y + i * LINE, line, FAINT)
    else:
        y = _write(page, x, y, "{} ({} {})".format(*KNOW_CAPTION), FAINT)
    for r, k in enumerate(knowledge):
        ry = y + r * (KNOW_CELL + 2)
        page.text(x, ry - 1, REGION_TITLES[r], SMALL)
        for i in range(1, KNOW_TOP + 1):
            bx = x + KNOW_NAME_W + (i - 1) * KNOW_CELL
            fill = REGION_INKS[r] if i <= k else None
            outline = INK if i in MILESTONES else FAINT
            page.box(bx, ry, KNOW_CELL - 1, KNOW_CELL - 1, fill=fill, outline=outline)
        page.text(x + KNOW_NAME_W + KNOW_TOP * KNOW_CELL + 4, ry - 1, str(k), SMALL)
    return y + 4 * (KNOW_CELL + 2) + 2


def _explorers(
    page: Page, game, x: float, y: float, q: int, s, inner: float, column: bool = False
) -> float:
    """The three explorers: a disc with its Expertise (grey once placed) and its skill, side
    by side (or, ``column``, one under the other); returns the y below them."""
    y = _lines(page, x, y, "Explorers: Expertise and skill (grey: placed)", inner, FAINT)
    board = game.boards[(q % 4) * 2 + ("AB".index(s["side"]) if s["side"] else 0)]
    for e, level in enumerate(s["expertise"]):
        ex, ey = (x, y + e * (2 * EXPLORER_R + 2)) if column else (x + e * inner / 3, y)
        colour = FAINT if s["placed"][e] else canvas.player_colour(q)
        label = str(level) if level else ""
        page.token(ex + EXPLORER_R, ey + EXPLORER_R, EXPLORER_R, colour, label)
        kind, region = board[e]
        skill = SYMBOLS["region"][region] if kind else ("Logistics", PAPER)
        page.chip(ex + 2 * EXPLORER_R + 3, ey + 1, *skill)
    return y + (3 if column else 1) * (2 * EXPLORER_R + 2) + 2


def _relics(page: Page, x: float, y: float, s, inner: float) -> float:
    """The seat's relics as icons (the Relic bags' table is their legend), each with a count."""
    end = page.text(x, y, f"Relics (exhibited {s['exhibited']}):", SMALL) + 6
    held = [(kind, n) for kind, n in enumerate(s["relics"]) if n]
    if not held:
        page.text(end, y, "-", SMALL)
    for kind, n in held:
        label = f"x{n}" if n > 1 else ""
        width = ICON + 4 + text_length(label, SMALL) + 8
        if end + width > x + inner:
            end, y = x + 12, y + LINE
        _relic(page, end + ICON / 2, y + ICON / 2, kind // 4, kind % 4)
        end = page.text(end + ICON + 3, y, label, SMALL) + 8
    return y + LINE + 2


def _hand(page: Page, game, views, v, q: int, x: float, y: float, inner: float) -> None:
    """Hand (and set-up) cards: faces this picture may show, backs with a count for the rest;
    then the Study cards of a seat whose view is here, while there is room."""
    s = v["seats"][q]
    bottom = HEIGHT - MARGIN - 3
    mine = views.get(q)
    faces = mine["own"]["hand"] if mine else s["known_hand"]
    setup = mine["own"]["setup_hand"] if mine else []
    size, setup_size = s["hand_size"], s["setup_hand_size"]
    setup_count = f", set-up cards ({setup_size})" if setup_size else ""
    y = _write(page, x, y, f"Hand ({size}){setup_count}")
    hidden = (("hand", size - len(faces)), ("set-up", setup_size - len(setup)))
    backs = [f"{count} {label} card{'s' * (count > 1)}" for label, count in hidden if count > 0]
    backs_h = BACK_H + 4 if backs else 0
    y, left = _strips(page, game, x, y, [*faces, *setup], inner, bottom - backs_h)
    if left:
        y = _write(page, x, y, f"and {left} more cards not shown", FAINT)
    bx = x
    for label in backs:
        width = text_length(label, SMALL) + 16
        page.box(bx, y, width, BACK_H, fill=canvas.HIDDEN)
        page.text(bx + width / 2, y + BACK_H / 2, label, SMALL, PAPER, anchor="mm")
        bx += width + 6
    y += backs_h
    if not mine:
        return
    tiles = mine["own"]["known_tiles"]
    seen = [str(k) for k in tiles["stack"]] + [f"{k} (box)" for k in tiles["box"]]
    put_back = [str(k) for k in mine["patrons_put_back"] if k is not None]
    if seen or put_back:
        text = (
            f"Seen: Bloomsbury tiles {', '.join(seen) or '-'}; "
            f"patrons under the deck {', '.join(put_back) or '-'}"
        )
        if y + (len(canvas.wrapped(text, inner)) + 1) * LINE <= bottom:
            y = _lines(page, x, y, text, inner)
    studies = mine["own"]["studies"]
    if not studies and y + LINE <= bottom:
        _write(page, x, y, "Study cards: -")
    for i, k in enumerate(studies):
        header, rows = _study_rows(game, k, inner)
        note = LINE if i < len(studies) - 1 else 0  # room for the count of those left out
        if y + len(rows) * (canvas.CHIP_H + 2) + 2 + note > bottom:
            left = len(studies) - i
            _write(page, x, y, f"and {left} more Study card{'s' * (left > 1)} not shown", FAINT)
            break
        # each objective a group of symbol chips (one played expedition for each symbol)
        cx = page.text(x, y + 2, header, SMALL) + STUDY_GAP
        for row in rows:
            for label, fill in row:
                cx = page.chip(cx, y, label, fill) if label else cx + STUDY_GAP
            cx, y = x, y + canvas.CHIP_H + 2
        y += 2


def _study_rows(game, k: int, inner: float) -> tuple[str, list[list[tuple[str, Colour]]]]:
    """A Study card's header (the Science for 1, 2, ... objectives done) and its objectives
    as rows of chips (an objective never split between rows), the first row after the header
    when the first objective fits beside it."""
    study = game.studies[k]
    science = "/".join(map(str, study.science))
    counts = "/".join(str(n + 1) for n in range(len(study.science)))
    header = f"Study card {k}: {science} science for {counts} of"
    rows: list[list[tuple[str, Colour]]] = [[]]
    used = text_length(header, SMALL) + STUDY_GAP
    for objective in study.objectives:
        labels = [SYMBOLS[kind][i] for kind, i in objective]
        width = sum(canvas.chip_width(label) for label, _ in labels)
        if used + width > inner:
            rows.append([])
            used = 0.0
        rows[-1] += [*labels, ("", PAPER)]
        used += width + STUDY_GAP
    return header, rows

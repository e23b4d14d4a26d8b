"""Mykerinos as text: action names, a seat's picture and the spectator's (with the deck order)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial
from itertools import groupby
from typing import Any

from .actions import ACTIONS, DECISIONS, NEUTRAL, NUM_SEASONS, PLACE
from .components import CELL_BIT, COLS, PATRON_TITLES, PATRONS, cell_name, patron_counts
from .view import DISCARDED, NEUTRAL_NAME, TABLE

AREA_GAP = "    "
PARCEL_GAP = " | "
"""Drawn between the two areas of a line, and between the two parcels of an area."""
PARCEL_WIDTH = 3


def _cell_text(state, cell: int) -> str:
    pyramid = " (pyramid)" if state.pyramids & CELL_BIT[cell] else ""
    who = "neutral cube" if state.chain_owner == NEUTRAL and state.decision == PLACE else "cube"
    return f"{who} on {cell_name(cell)}{pyramid}"


def _parcel_text(side: int, state, _: int) -> str:
    name = ("left", "right")[side]
    slot = 2 * state.survey_area + side
    if slot < len(state.slots):
        card = state.game.cards[state.slots[slot]]
        shown = f"{PATRON_TITLES[card.patron]}, {card.prestige} prestige"
        return f"take the {name} parcel ({shown})"
    return f"take the {name} parcel"


action_to_string = ACTIONS.describer(
    {
        "cell": _cell_text,
        "room": lambda state, room: f"Museum {state.game.museum.name(room)}",
        "excavate": lambda state, _: "A: start a new excavation",
        "extend": lambda state, _: "B: extend an excavation",
        "pass": lambda state, _: "C: pass",
        "patron": lambda state, patron: f"D: appeal to {PATRON_TITLES[patron]}",
        "take_left": partial(_parcel_text, 0),
        "take_right": partial(_parcel_text, 1),
        "decline": lambda state, _: "decline",
    }
)
action_seen_by = ACTIONS.seen_by(action_to_string, {})
"""How a player sees a move: every move of Mykerinos is made in the open."""


def cubes(count: int) -> str:
    return f"{count} cube" if count == 1 else f"{count} cubes"


def owner_title(owner: int | str) -> str:
    return "the neutral" if owner == NEUTRAL_NAME else f"player {owner}"


def _cell_mark(owner: int | str | None, pyramid: bool) -> str:
    """Two characters: the cube's owner (a seat, N for the neutral, '.' for none), then P if a
    pyramid lies on the space (under the cube or not)."""
    first = "." if owner is None else "N" if owner == NEUTRAL_NAME else str(owner)
    return first + ("P" if pyramid else " ")


def _card_title(game, face: int) -> str:
    card = game.cards[face]
    return f"{PATRON_TITLES[card.patron]} {card.prestige}"


def _card_list(game, faces: list[int]) -> str:
    """Cards grouped by patron, prestige values in order: "Lord Lemon 0 0 3; Sir Brown 2"."""
    if not faces:
        return "none"
    cards = sorted((game.cards[face].patron, game.cards[face].prestige) for face in faces)
    return "; ".join(
        f"{PATRON_TITLES[patron]} {' '.join(str(prestige) for _, prestige in group)}"
        for patron, group in groupby(cards, lambda card: card[0])
    )


def _region_lines(game, view: Mapping[str, Any]) -> Iterator[str]:
    region, pyramids = view["region"], set(view["pyramids"])
    surveyed = None if view["survey"] is None else view["survey"]["area"]
    yield (
        "region (a space: its cube's owner, N the neutral, '.' none; then P for a pyramid; "
        "areas numbered in survey order):"
    )
    yield "   c  " + _columns_line([f"{c + 1:<2}" for c in range(COLS)])  # moves: rNcM
    label_width = 2 * (PARCEL_WIDTH * 3 - 1) + len(PARCEL_GAP)  # an area: two parcels
    for row in range(len(region) // COLS):
        if row % 2 == 0:  # a line of two areas every two rows: areas row and row + 1
            labels = [
                f"area {area + 1}" + (" (surveyed now)" if area == surveyed else "")
                for area in (row, row + 1)
            ]
            yield "     " + AREA_GAP.join(f"{x:<{label_width}}" for x in labels).rstrip()
        marks = [_cell_mark(region[c], c in pyramids) for c in range(row * COLS, (row + 1) * COLS)]
        yield f"  r{row + 1}  {_columns_line(marks)}".rstrip()


def _columns_line(marks: list[str]) -> str:
    """One line of the region, a mark per column, its parcels and areas apart as on the table."""
    parcels = [" ".join(marks[c : c + PARCEL_WIDTH]) for c in range(0, COLS, PARCEL_WIDTH)]
    return AREA_GAP.join(PARCEL_GAP.join(parcels[i : i + 2]) for i in (0, 2))


_PARCEL_PLACES = {TABLE: "on the table", DISCARDED: "out of the game"}
"""Where a parcel of the season is, but in a player's hands."""


def _parcel_lines(game, view: Mapping[str, Any]) -> Iterator[str]:
    yield "parcels of this season:"
    for slot, parcel in enumerate(view["parcels"]):
        where = parcel["where"]
        state = _PARCEL_PLACES.get(where, f"taken by player {where}")
        side = "left" if slot % 2 == 0 else "right"
        title = _card_title(game, parcel["card"])
        yield f"  area {slot // 2 + 1} {side}: {title} prestige, {state}"
    for label, key in (("unseen parcels", "unseen"), ("out of the game", "discarded")):
        yield f"{label} ({len(view[key])}): {_card_list(game, view[key])}"


def _museum_lines(game, view: Mapping[str, Any]) -> list[str]:
    wings = ", ".join(
        f"{w + 1} {PATRON_TITLES[PATRONS.index(p)]}" for w, p in enumerate(view["wing_patrons"])
    )
    museum = game.museum
    held = [
        f"{museum.name(room)}: player {holder}"
        for room, holder in zip(museum.rooms, view["museum"], strict=True)
        if holder is not None
    ]
    return [f"museum wings: {wings}", "  " + ("; ".join(held) if held else "(no cube yet)")]


def _seat_lines(game, view: Mapping[str, Any]) -> Iterator[str]:
    for p, seat in enumerate(view["seats"]):
        cards = ", ".join(
            f"{PATRON_TITLES[k]} x{count}"
            + (f" ({seat['tilted'][k]} tilted)" if k < len(PATRONS) and seat["tilted"][k] else "")
            for k, count in enumerate(patron_counts(game.cards, seat["cards"]))
            if count
        )
        marks = ["first player"] * (p == view["first_player"]) + ["you"] * (p == view["player"])
        mark = f" ({', '.join(marks)})" if marks else ""
        neutral = f", {seat['neutral_cubes']} neutral" if "neutral_cubes" in seat else ""
        passed = seat["passing_space"]
        passing = f"passed on space {passed}" if passed else "not passed"
        yield (
            f"player {p}{mark}: {seat['score']} prestige; {cubes(seat['personal_cubes'])} in "
            f"stock{neutral}, {seat['general_cubes']} in the general stock; {passing}; "
            f"cards: {cards or 'none'}"
        )
    if (neutral := view["neutral"]) is not None:
        yield (
            f"neutral: {cubes(neutral['general_cubes'])} in the general stock; its disc is on "
            f"passing space {neutral['passing_space']}"
        )


def winners_text(view: Mapping[str, Any]) -> str:
    """The winners of the finished game named from the view, as ``rules`` decides them."""
    key = [(s["score"], s["personal_cubes"]) for s in view["seats"]]
    return ", ".join(f"player {p}" for p, k in enumerate(key) if k == max(key))


def _decision_lines(view: Mapping[str, Any]) -> list[str]:
    if view["to_move"] is None:
        return [
            f"game over; exhibition points: {view['exhibition']}; winners: {winners_text(view)}"
        ]
    line = DECISIONS.asking(view["decision"], view["to_move"])
    if view["last_action"]:
        line += " (the last action of the season)"
    if view["patron"] is not None:
        line += f"; appealing to {PATRON_TITLES[PATRONS.index(view['patron'])]}"
    if (dig := view["excavation"]) is not None:
        whose = "a neutral excavation" if dig["neutral"] else "an excavation"
        line += f"; {whose}, {cubes(dig['cubes_left'])} to place"
        if dig["last_cell"] is not None:
            line += f" after {cell_name(dig['last_cell'])}"
        elif dig["next_to_own"]:
            line += ", the first next to one of its own cubes"
        if dig["pyramid_allowed"]:
            line += ", one may go on a pyramid"
    if (survey := view["survey"]) is not None:
        ranking = ", ".join(owner_title(o) for o in survey["ranking"])
        line += f"; surveying area {survey['area'] + 1}, ranking: {ranking}"
    return [line]


def draw(game, view: Mapping[str, Any], header: str) -> str:
    lines = [header, f"season {view['season']} of {NUM_SEASONS}"]
    for part in (_region_lines, _parcel_lines, _museum_lines, _seat_lines):
        lines += part(game, view)
    return "\n".join(lines + _decision_lines(view))


def render_view(game, view: Mapping[str, Any]) -> str:
    header = (
        f"Mykerinos, {view['num_players']} players: what player {view['player']} knows "
        "(everything on the table is public)"
    )
    return draw(game, view, header)


def render_spectator(state) -> str:
    """The spectator's picture: the public table (the same for every seat) and the hidden order
    and orientation of the undealt parcels."""
    game = state.game
    header = (
        f"Mykerinos, {game.num_players} players: the spectator's picture (shows hidden "
        "information: the order of the undealt parcels)"
    )
    view = dict(state.view(0), player=None)
    undealt = ", ".join(
        f"{_card_title(game, c)}{' (turned)' if turned else ''}"
        for c, turned in zip(state.deck, state.deck_rotated, strict=True)
    )
    return draw(game, view, header) + f"\nundealt parcels, next first: {undealt or 'none'}"

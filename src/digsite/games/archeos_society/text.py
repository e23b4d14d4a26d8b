"""Archeos Society as text: action names and pictures of a position."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from . import actions
from .components import COLOURS, MONKEY, ROLE_TITLES, kind_name
from .view import build_view, multiset

_STOP_WORDS = {
    actions.TURN: "put the hand of ten Mercenaries into the recruitment area",
    actions.ADD: "expedition complete",
    actions.KEEP: "keep no card at this step",
    actions.EXTRA: "no extra expedition",
    actions.UR: "play no expedition",
    actions.EFFECTS: "no more effects: the expedition is over",
    actions.FREE_ADVANCE: "skip the Linguist's free advance",
    actions.ULURU: "stay on Uluru",
    actions.PROFESSOR_MOVE: "do not advance (Professor)",
}


def _kind_text(state, kind: int) -> str:
    verb = {actions.KEEP: "keep", actions.ADD: "add"}.get(state.decision, "lead an expedition with")
    return f"{verb} a {kind_name(kind)}"


def _target_text(state, target: int) -> str:
    moving = state.decision == actions.PROFESSOR_MOVE
    verb = "move back" if moving and state.prof_queue[:1] == [[state.decider, -1]] else "advance"
    if target == actions.SECOND_VEHICLE:
        colour = state._two_vehicle_colour()
        name = state.board(colour).name if colour >= 0 else "the two-vehicle site"
        return f"{verb} the second vehicle on {name}"
    name = state.board(target).name if state.sides[target] >= 0 else target
    return f"{verb} the vehicle on {name}"


def _side_text(state, side: str) -> str:
    board = COLOURS[state.draft_drawn] if state.draft_drawn >= 0 else "drawn"
    return f"lay the {board} site board {side} side up"


action_to_string = actions.ACTIONS.describer(
    {
        "kind": _kind_text,
        "take": lambda state, kind: f"take a {kind_name(kind)} from the recruitment area",
        "draw": lambda state, _: "draw from the deck",
        "trait_colour": lambda state, _: "the expedition shares the leader's colour",
        "trait_role": lambda state, _: "the expedition shares the leader's role",
        "stop": lambda state, _: _STOP_WORDS.get(state.decision, "done / skip"),
        "target": _target_text,
        "use_role": lambda state, _: "use the leader's role effect",
        "token": lambda state, token: f"take the Professor token {token + 1}",
        "cash_in": lambda state, _: "cash in the Uluru space and go back to its start",
        "draft_role": lambda state, role: f"choose the role {ROLE_TITLES[role]}",
        "side_compass": lambda state, _: _side_text(state, "compass"),
        "side_advanced": lambda state, _: _side_text(state, "advanced"),
    }
)
action_seen_by = actions.ACTIONS.seen_by(
    action_to_string, {actions.KEEP: lambda state, _: "a step of the Physician's choice (secret)"}
)
"""How a player sees a move: the cards a Physician keeps stay hidden; the rest is open (a
draw is seen, not the card drawn)."""


def _names(kinds: list[int]) -> str:
    """A multiset of cards (sorted kinds) as ``2x red Botanist, blue Guide``."""
    counts = Counter(kinds).items()
    return ", ".join(f"{c}x {kind_name(k)}" if c > 1 else kind_name(k) for k, c in counts)


def _table_lines(game, view: Mapping[str, Any], deck: str) -> list[str]:
    """The lines both pictures open with: the season and decision, the roles in play, the deck
    (``deck``, as the picture knows it) and the recruitment area."""
    season = f"season {view['season']}/{game.num_seasons}"
    if view["decider"] is None:  # the game is over
        season += ", " + actions.DECISIONS.meaning(view["decision"])
    else:
        season += "; " + actions.DECISIONS.asking(view["decision"], view["decider"])
    return [
        season,
        "roles: " + ", ".join(ROLE_TITLES[r] for r in view["roles"]),
        f"deck {deck}, monkeys revealed {view['monkeys']}",
        "recruitment area: " + (_names(view["area"]) or "-"),
    ]


def _board_lines(game, view: Mapping[str, Any]) -> Iterator[str]:
    """One line per board: its name and every player's vehicles on it."""
    for c, side in enumerate(view["sides"]):
        if side < 0:
            yield f"{COLOURS[c]} board: not laid yet"
            continue
        site = game.boards[c][side]
        two = site.rule == "ta_sekhet_maat"
        vehicles = " ".join(
            f"p{p}@{seat['vehicles'][c]}"
            + (f"/{seat['vehicles'][actions.SECOND_VEHICLE]}" if two else "")
            for p, seat in enumerate(view["players"])
        )
        yield f"{site.name} ({COLOURS[c]}): {vehicles}"


def render_spectator(state) -> str:
    """The spectator's picture: the whole position, hands and deck included."""
    game = state.game
    view = build_view(state, 0)  # for its public fields only
    monkeys_left = state.deck.count(MONKEY)
    lines = [
        "Archeos Society, spectator's picture (shows every hand and the deck: hidden information)",
        *_table_lines(game, view, f"{len(state.deck)} cards ({monkeys_left} monkeys in it)"),
        *_board_lines(game, view),
    ]
    for p in range(game.num_players):
        exps = " | ".join(" ".join(kind_name(k) for k in e) for e in state.expeditions[p])
        lines.append(
            f"player {p}: {state.score[p]} points, linguist {state.linguist[p]}, "
            f"relics {sum(state.relics[p])}; hand: {_names(multiset(state.hands[p])) or '-'}; "
            f"expeditions: {exps or '-'}"
        )
    if state.draft_hand:
        lines.append("draft hand: " + ", ".join(ROLE_TITLES[r] for r in state.draft_hand))
    if state.decision == actions.GAME_OVER:
        lines.append("winners: " + ", ".join(f"player {p}" for p in state.winners()))
    return "\n".join(lines)


def render_view(game, view: Mapping[str, Any]) -> str:
    me = view["player"]
    deck = f"{view['deck']} cards ({view['deck_monkey_free']} above the monkeys)"
    lines = [
        f"Archeos Society, seen by player {me}",
        *_table_lines(game, view, deck),
        "your hand: " + (_names(view["hand"]) or "-"),
    ]
    if view["kept"]:
        lines.append("kept (Physician): " + _names(view["kept"]))
    lines += _board_lines(game, view)
    for p, seat in enumerate(view["players"]):
        exps = " ".join(f"{size}{'+photo' if photo else ''}" for size, photo in seat["expeditions"])
        known = _names(seat["known"])
        lines.append(
            f"player {p}{' (you)' if p == me else ''}: {seat['score']} points, "
            f"{seat['hand_size']} cards{f' (known: {known})' if known else ''}, "
            f"linguist {seat['linguist']}, relics {len(seat['relics'])}, "
            f"tokens {seat['professor_tokens'] or '-'}; expeditions: {exps or '-'}"
        )
    if (tile := view["botanist"]) is not None:
        lines.append(f"Botanist tile: player {tile['player']}, on {tile['size']} cards")
    if (expedition := view["expedition"]) is not None:
        done = [e for e in ("colour", "role") if expedition[f"{e}_done"]]
        lines.append(
            f"expedition led by {kind_name(expedition['leader'])}: "
            f"{_names(expedition['cards'])}; effects done: {', '.join(done) or '-'}"
        )
    lines += (
        f"waiting for its colour effect: {kind_name(w['leader'])}, {w['size']} cards"
        for w in view["suspended"]
    )
    if view["draft_hand"] is not None:
        lines.append("draft hand (known): " + ", ".join(ROLE_TITLES[r] for r in view["draft_hand"]))
    return "\n".join(lines)

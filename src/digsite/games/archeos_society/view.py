"""What one Archeos Society player knows, as plain data (``state.view(player)``; the package
documentation's "What a player knows" describes each field).

Seats are absolute (``player`` names the viewer).  Cards are card kinds (``role * 6 + colour``, see
``components``); a multiset of cards is the sorted list of its kinds, one entry per card."""

from __future__ import annotations

from typing import Any

from .actions import DECISIONS, DRAFT_ROLE, DRAFT_SITE, GAME_OVER, NUM_TARGETS, PHASES
from .components import MERCENARY, NUM_COLOURS, PHOTOGRAPHER

TRAITS = ("colour", "role")


def multiset(counts: list[int]) -> list[int]:
    """Counts per kind as the sorted list of kinds, one entry per card."""
    return [k for k, c in enumerate(counts) for _ in range(c)]


def expedition_summary(expedition: list[int]) -> list[Any]:
    """``[cards other than Mercenaries, led by a Photographer]``: all that an expedition of
    the season still decides (its points and the tie-break); its cards are in ``played``."""
    size = sum(1 for k in expedition if k // NUM_COLOURS != MERCENARY)
    return [size, expedition[0] // NUM_COLOURS == PHOTOGRAPHER]


def build_view(state, player: int) -> dict[str, Any]:
    game = state.game
    n = game.num_players
    d = state.decision
    playing = d != GAME_OVER
    decider = state.decider if playing else None
    holder, index = state.botanist
    players = [
        {
            "score": state.score[q],
            "hand_size": state.hand_size[q],
            "known": multiset(state.known[q]),
            "vehicles": list(state.pos[q]),
            "linguist": state.linguist[q],
            "relics": [c for c in range(NUM_COLOURS) if state.relics[q][c]],
            "professor_tokens": [v + 1 for v, t in enumerate(state.tokens) if t == q],
            "expeditions": sorted(map(expedition_summary, state.expeditions[q]), reverse=True),
        }
        for q in range(n)
    ]
    expedition = None
    if state.lead >= 0 and playing:
        expedition = {
            "leader": state.lead,
            "trait": TRAITS[state.trait] if state.trait >= 0 else None,
            "cards": sorted(state.expeditions[state.decider][state.at]),
            "cap": state.cap,
            "colour_done": state.colour_done,
            "role_done": state.role_done,
            "cartographer_extra": state.cart_ok,
            "advanced": [t for t in range(NUM_TARGETS) if state.moved >> t & 1],
            "linguist_advances": state.ling_pending,
            "keep_left": state.keep_left,
            "patron_draws": state.patron_draw,
            "chichen_itza_draws": state.chichen_draws,
        }
    draft_hand = None
    if d == DRAFT_ROLE:
        seen = state.draft_seen[player]
        draft_hand = [r for r in state.draft_hand if player == state.decider or seen[r]]
    return {
        "player": player,
        "num_players": n,
        "setup": game.setup,
        "season": state.season,
        "roles": sorted(state.roles),
        "sides": list(state.sides),
        "first_player": state.first_player,
        "decision": DECISIONS[d],
        "decider": decider,
        "phase": PHASES[state.phase],
        "monkeys": state.monkeys,
        "monkey_holder": state.monkey_holder if state.monkey_holder >= 0 else None,
        "deck": len(state.deck),
        "deck_monkey_free": state.top_left,
        "hand": multiset(state.hands[player]),
        "kept": multiset(state.kept) if player == decider else [],
        "area": multiset(state.area),
        "played": multiset(state.played),
        "players": players,
        "botanist": (
            {"player": holder, "size": len(state.expeditions[holder][index])}
            if holder >= 0
            else None
        ),
        "expedition": expedition,
        "suspended": [
            {"leader": lead, "size": len(state.expeditions[state.decider][i])}
            for lead, i in state.suspended
        ],
        "uluru_vehicle": state.uluru_target if state.uluru_target >= 0 else None,
        "ur_queue": list(state.ur_queue),
        "professor_queue": [list(x) for x in state.prof_queue],
        "draft_hand": draft_hand,
        "draft_board": state.draft_drawn if d == DRAFT_SITE else None,
    }

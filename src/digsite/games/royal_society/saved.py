"""Rebuilding a state from ``to_dict`` data, and the invariants every position keeps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.data import check_saved_outline
from ...core.engine import CorruptStateError
from .actions import AUTOMA, GAME_OVER, NEUTRAL, NUM_DECISIONS

INT_FIELDS = (
    "seed",
    "draws",
    "year",
    "decision",
    "decider",
    "first_player",
    "automa_pawns",
    "clock",
    "patron_known",
    "automa_last",
    "collections_done",
    "public_hand",
)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _like(value: Any, template: Any, key: str) -> None:
    """The saved value has the structure of a fresh state's (ints where ints are, lists of the
    same depth); lengths are checked by the invariants."""
    if _is_int(template):
        if not _is_int(value):
            raise CorruptStateError(f"saved Royal Society state: {key!r} must be an int")
        return
    if not isinstance(value, list):
        raise CorruptStateError(f"saved Royal Society state: {key!r} must be a list")
    for x in value:
        if isinstance(x, list):
            for y in x:
                if not _is_int(y):
                    raise CorruptStateError(
                        f"saved Royal Society state: {key!r} must hold lists of ints"
                    )
        elif not _is_int(x):
            raise CorruptStateError(f"saved Royal Society state: {key!r} must hold ints")


def restore(state, data: Mapping[str, Any]):
    from .rules import SAVED_FIELDS

    game = state.game
    check_saved_outline(data, ("game", "config", *SAVED_FIELDS), "royal_society")
    if data["config"] != game.config:
        raise CorruptStateError(
            f"saved state was made with config {data['config']!r}; this game is {game.config!r}"
        )
    for key in SAVED_FIELDS:
        template = getattr(state, key)
        value = data[key]
        _like(value, template, key)
        setattr(
            state,
            key,
            [list(x) if isinstance(x, list) else x for x in value]
            if isinstance(value, list)
            else value,
        )
    try:
        check_invariants(state)
        if state.decision != GAME_OVER:
            if not state.queue or state.queue[0][0] != state.decision:
                raise AssertionError("the pending decision does not head the task queue")
            if state.queue[0][1] != state.decider or not state._legal(state.queue[0]):
                raise AssertionError("the pending decision has no legal action")
    except CorruptStateError:
        raise
    except (AssertionError, TypeError, KeyError, IndexError, AttributeError, ValueError) as err:
        raise CorruptStateError(f"saved Royal Society state is not a position: {err}") from None
    state._mask = None
    return state


def _perm(items, total: int, what: str) -> None:
    assert sorted(items) == list(range(total)), f"{what}: each of the {total} exactly once"


def check_invariants(s) -> None:
    g = s.game
    n = g.num_players
    assert 1 <= s.year <= g.years + 1, "year out of range"
    assert 0 <= s.decision <= GAME_OVER and 0 <= s.decider < n, "decision or decider"
    assert (s.decision == GAME_OVER) == (not s.queue), (
        "the queue is empty only once the game is over"
    )
    from .observation import ARG_RANGE
    from .view import PENDING_SLOTS, REGION_SLOTS, pending_tasks, regions_read

    assert len(pending_tasks(s)) <= PENDING_SLOTS, "more queued tasks than the view encodes"
    assert len(regions_read(s)) <= REGION_SLOTS, "more chosen regions than the view encodes"
    for task in s.queue:
        assert isinstance(task, list) and len(task) == 4, "tasks are [kind, player, a, b]"
        assert min(task[2:]) >= -1 and max(task[2:]) < ARG_RANGE - 1, "task arguments"
        assert task[0] < NUM_DECISIONS or 100 <= task[0] < 110, "unknown task"
        assert 0 <= task[1] < n, "task player"
    for name in (
        "rep",
        "rep_time",
        "prestige",
        "science",
        "money",
        "discs",
        "rep_discs",
        "req_discs",
        "society",
        "society_rejected",
        "side",
        "exhibited",
    ):
        assert len(getattr(s, name)) == n, f"{name} has one entry per player"
    for name, width in (
        ("knowledge", 4),
        ("expertise", 3),
        ("relics", 16),
        ("placed", 3),
        ("bloom_right", 2),
        ("bloom_taken", 2),
        ("penalties", 4),
        ("claims", 3),
    ):
        rows = getattr(s, name)
        assert len(rows) == n and all(len(r) == width for r in rows), f"{name} shape"
    assert len(s.cur) == 5 and len(s.program) == 6 and len(s.favor_space) == 6
    assert len(s.faces) == 6 and len(s.gallery) == 26 and len(s.bags) == 16
    assert len(s.discards) == 16 and len(s.objectives) == 3 and len(s.rs_left) == 3
    assert len(s.requirements) == 2 and len(s.stacks) == 2 and len(s.bloom_box) == 2
    assert len(s.locations) == 4 and len(s.exp_epoch) == 48 and len(s.bloom_seen) == n + 1
    assert len(s.patron_seen) == n
    for p in range(n):
        assert 0 <= s.rep[p] <= 9, "Reputation is 0..9"
        assert all(0 <= k <= 12 for k in s.knowledge[p]), "Knowledge is 0..12"
        ex = s.expertise[p]
        assert ex == [0, 0, 0] or all(1 <= e <= 6 for e in ex), "Expertise is 1..6"
        assert s.prestige[p] >= 0 and s.science[p] >= 0 and s.money[p] >= 0
        assert all(x >= 0 for x in s.relics[p]), "relic counts"
        assert len(s.hand[p]) <= 12, "at most 3 cards in hand after a turn (a few more within)"
        on_board = s.gallery.count(p) + sum(1 for c in s.claims[p] if c)
        assert s.discs[p] >= 0 and s.rep_discs[p] >= 0 and s.req_discs[p] >= 0
        assert s.discs[p] + on_board + s.rep_discs[p] + s.req_discs[p] == 10, (
            f"player {p}: the 10 Society discs are conserved"
        )
        assert set(s.honored[p]) <= set(s.patrons[p]), "honored patrons are held"
        assert len(s.studies[p]) == 2
    # expedition cards: every card in exactly one place
    cards = list(s.exp_deck) + s.exp_discard + s.exp_box + s.drawn_cards
    cards += [c for c in s.program if c >= 0]
    for p in range(n):
        cards += s.hand[p] + s.played[p] + s.setup_hand[p]
    _perm(cards, 48, "Expedition cards")
    patrons = list(s.patron_deck) + s.drawn_patrons
    for p in range(n):
        patrons += s.patrons[p]
    _perm(patrons, 16, "Patron cards")
    assert 0 <= s.patron_known <= len(s.patron_deck)
    _perm(list(s.study_deck) + [c for p in range(n) for c in s.studies[p]], 16, "Study cards")
    if not g.simplified:
        socs = list(s.society_deck) + [c for p in range(n) for c in s.society_offer[p]]
        _perm(socs, 12, "Society cards")
        for p in range(n):
            if s.society[p] >= 0:
                assert s.society[p] in s.society_offer[p] and s.society_rejected[p] >= 0
    tiles = s.stacks[0] + s.stacks[1] + s.bloom_box[0] + s.bloom_box[1] + s.bloom_removed
    for p in range(n):
        tiles += s.bloom[p]
        assert len(s.bloom[p]) == sum(s.bloom_taken[p]), "one Bloomsbury tile per stack taken"
    _perm(tiles, 20, "Bloomsbury tiles")
    for k in range(16):
        held = sum(s.relics[p][k] for p in range(n)) + s.drawn_relics.count(k)
        assert s.bags[k] >= 0 and s.discards[k] >= 0
        assert s.bags[k] + s.discards[k] + held == g.rb.bags[k], "relics are conserved"
    for owner in s.gallery:
        assert owner == -1 or 0 <= owner < n or owner in (AUTOMA, NEUTRAL)
    for owner in s.favor_space:
        assert owner == -1 or 0 <= owner < n or owner == AUTOMA
    for loc in s.locations:
        for x in loc:
            assert 1 <= x & 7 <= 6 and (x >> 3 < n or x >> 3 in (AUTOMA, NEUTRAL))
    assert all(0 <= f < 24 for f in s.faces)
    sizes = [g.collection_faces[f].size for f in s.faces]
    assert sizes == [3, 3, 3, 5, 5, 7], "collections I-III hold 3, IV-V 5, VI 7"
    if s.final:
        assert s.final == [min(s.prestige[p], 5 * s.science[p]) for p in range(n)], (
            "the final score is the lower marker"
        )

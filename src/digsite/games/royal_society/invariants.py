"""What every Royal Society position keeps (``check_invariants``): the task queue well formed and
in its phase, every component in one place."""

from __future__ import annotations

from collections import Counter

from . import actions
from .components import NUM_EXPEDITIONS, NUM_PATRONS, NUM_RELIC_KINDS, NUM_STUDIES
from .view import PENDING_SLOTS, REGION_SLOTS, pending_tasks, regions_read

AUTOMATIC = range(actions.AUTO0, actions.AUTO0 + len(actions.AUTO_TASKS))
TASK_ARGS = {
    **dict.fromkeys((*range(actions.GAME_OVER), *AUTOMATIC), ((0, 0), (0, 0))),
    actions.C_PLACE: ((0, 2), (0, 0)),  # the explorer
    actions.C_KNOW: ((1, 3), (0, 7)),  # points, KNOW_* flags
    actions.C_RELIC: ((-1, 15), (0, 1)),  # regions (-1: the ones chosen before), drawn at random
    actions.C_DISCARD_RELIC: ((0, actions.HONOR + NUM_PATRONS - 1), (0, 1)),  # purpose, optional
    actions.C_RESERVE: ((0, 1), (0, 1)),  # optional, at the Port
    actions.C_BLOOM: ((0, 1), (0, 1)),  # stack, from the box
    actions.C_PATRON: ((1, 6), (0, 0)),  # expertise paid for
    actions.C_EXP_PAY: ((0, NUM_EXPEDITIONS - 1), (0, 0)),  # the card being organized
    actions.C_EXHIBIT: ((1, 3), (0, 1)),  # exhibits left, the first of them
    actions.C_EXHIBIT_RELIC: ((0, actions.NUM_SPACES - 1), (1, 3)),  # the space, exhibits left
    actions.A_GAIN: ((0, 4), (0, 30)),  # stat (4: the Society kept), amount or the Society
    actions.A_KNOW: ((0, 3), (1, 30)),  # region, points (an expedition's: up to 30 in its file)
    actions.A_RANDOM_RELICS: ((-1, 4), (1, 30)),  # region (-1 chosen, 4 each), relics (as A_KNOW)
    actions.A_DRAW_PATRONS: ((1, 6), (0, 0)),  # expertise paid for
    actions.A_YEAR_START: ((0, 1), (0, 0)),  # second step (after the favors)
    actions.A_YEAR_END: ((0, 1), (0, 0)),  # second step (after the requirement discs)
    actions.A_DRAW_TWO_KEEP: ((0, 3), (0, 0)),  # region
}
"""The range of the two arguments of each task kind, 0 and 0 where it has none (see ``tasks``)."""
SEATLESS = frozenset(
    (actions.A_YEAR_START, actions.A_NEXT_TURN, actions.A_YEAR_END, actions.A_SETUP_FAVORS)
)
"""Tasks of the year's flow that belong to no player (saved with player 0)."""


def _check_queue(s) -> None:
    """Every task is of a known kind with arguments in its range; the queue ends with the step
    of the year's flow the rules put there (the tasks in front of it are the decisions and
    gains still due), which fixes the phase of the game."""
    g = s.game
    n = g.num_players
    for task in s.queue:
        kind, p, a, b = task
        assert kind in TASK_ARGS, (
            f"field 'queue' holds task {list(task)} of unknown kind {kind} (decisions "
            f"0..{actions.GAME_OVER - 1}, automatic tasks {AUTOMATIC[0]}..{AUTOMATIC[-1]})"
        )
        (a_low, a_high), (b_low, b_high) = TASK_ARGS[kind]
        assert a_low <= a <= a_high and b_low <= b <= b_high, (
            f"field 'queue' holds task {list(task)}: its arguments must be in {a_low}..{a_high} "
            f"and {b_low}..{b_high}"
        )
        assert p == 0 if kind in SEATLESS else 0 <= p < n, (
            f"field 'queue' holds task {list(task)}: its player must be "
            + ("0 (a step of the year's flow)" if kind in SEATLESS else f"0..{n - 1}")
        )
    flow = [i for i, t in enumerate(s.queue) if t.kind in actions.FLOW_TASKS]
    spine = [(t.kind, t.a) for t in s.queue[flow[0] :]] if flow else []
    assert len(flow) == len(spine), "field 'queue': nothing is queued behind the year's flow"
    setup = not s.turn_order
    if not spine:
        assert not s.queue, "field 'queue': the year's flow goes on until the game is over"
        assert s.year == g.years + 1 and s.final, "the game ends after the last year"
        return
    assert s.year <= g.years and not s.final, "the game is not over before its last year"
    kind = spine[0][0]
    if kind == actions.A_SETUP_FAVORS:
        assert spine == [(actions.A_SETUP_FAVORS, 0)] and setup and s.year == 1, "the set-up"
    elif kind == actions.A_YEAR_START:
        assert len(spine) == 1 and (spine[0][1] == 1) == (s.year > 1), "the King's Favors"
    elif kind == actions.A_YEAR_END:
        assert spine == [(actions.A_YEAR_END, 1)] and s.year in g.requirement_years, (
            "Royal Requirements"
        )
    else:
        assert spine in (
            [(actions.A_TURN_FINISH, 0), (actions.A_NEXT_TURN, 0)],
            [(actions.A_NEXT_TURN, 0)],
        ), "turns"
    assert setup == (kind in (actions.A_SETUP_FAVORS, actions.A_YEAR_START) and s.year == 1), (
        "the turn order is set once the year's first King's Favors are taken"
    )
    _check_phase(s, PHASES[kind], spine)


PHASES = {
    actions.A_SETUP_FAVORS: "setup",
    actions.A_YEAR_START: "favors",
    actions.A_TURN_FINISH: "turn",
    actions.A_NEXT_TURN: "turn_end",
    actions.A_YEAR_END: "requirements",
}
"""The phase of the game each step of the year's flow at the end of the queue stands for."""
SETUP_STEPS = (actions.C_SIDE, actions.C_EXPERTISE, actions.C_SOCIETY)
"""Each player's set-up decisions taken once (the Society's only in the full game)."""
PHASE_TASKS = {
    **dict.fromkeys((*SETUP_STEPS, actions.C_SETUP_DISCARD), "setup"),
    actions.C_FAVOR: "favors",
    **dict.fromkeys((actions.C_MAIN, actions.C_PLACE, actions.C_LOC_ACTION), "turn"),
    **dict.fromkeys((actions.C_EXPEDITION, actions.C_EXP_PAY), "turn"),
    **dict.fromkeys((actions.C_HAND, actions.C_TURN_END), "turn_end"),
    actions.C_REQUIREMENT_DISC: "requirements",
}
"""Decisions that only come in one phase, and that phase (the others: wherever a gain is taken)."""


def _check_phase(s, phase: str, spine) -> None:
    """Who is due what in this phase: each player's set-up steps once, one King's Favor each
    a year, the turn of the player whose turn it is (explorer placed, current location)."""
    g = s.game
    n = g.num_players
    q = s.queue
    front = q[: len(q) - len(spine)]
    for t in front:
        allowed = PHASE_TASKS.get(t.kind, phase)
        assert allowed == phase, f"task {list(t)} outside its phase ({phase})"
    automa = [actions.AUTOMA] if g.automa else []
    queued = Counter((t.kind, t.player) for t in q)
    for p in range(n):
        setup_steps = [queued[k, p] for k in SETUP_STEPS]
        assert max(setup_steps) <= 1, f"player {p}: each set-up step once"
        assert (s.side[p] < 0) == bool(setup_steps[0]), f"player {p}: the board side"
        assert (s.expertise[p] == (0, 0, 0)) == bool(setup_steps[1]), f"player {p}: expertise"
        if not g.simplified:
            discards = queued[actions.C_SETUP_DISCARD, p]
            assert len(s.setup_hand[p]) == (0, 3, 4)[discards], f"player {p}: set-up discards"
            assert not (s.setup_hand[p] and s.hand[p]), f"player {p}: the hand is dealt after"
            assert (s.society_rejected[p] < 0) == bool(setup_steps[2]), f"player {p}: Society"
            kept = [t.kept_society for t in q if t.player == p and t.kept_society >= 0]
            if s.society_rejected[p] >= 0:
                offer = list(s.society_offer[p])
                assert len(offer) == 2 and s.society_rejected[p] in offer, f"player {p}: offer"
                offer.remove(s.society_rejected[p])
                due = kept if s.society[p] < 0 else [s.society[p]]
                assert due == offer and (s.society[p] < 0 or not kept), f"player {p}: Society"
            else:
                assert len(s.society_offer[p]) == 2 and s.society[p] < 0 and not kept
        else:
            assert not s.setup_hand[p] and not s.society_offer[p] and s.society[p] < 0
        favors = s.favor_space.count(p) + queued[actions.C_FAVOR, p]
        if phase == "setup":
            assert favors == 0, f"player {p}: no King's Favor before the set-up ends"
        else:
            assert favors == 1, f"player {p}: one King's Favor a year"
    assert s.favor_space.count(actions.AUTOMA) == len(automa) or (
        phase == "favors" and s.year > 1 and s.automa_last < 0 and g.automa
    ), "the Automa's King's Favor"
    if phase == "setup":
        assert s.favor_space == (*automa, *(-1,) * (6 - len(automa))), "set-up favors"
    if phase in ("turn", "turn_end", "requirements"):
        assert s.turn_order == [o for o in s.favor_space if o >= 0], "the turn order"
    explorer, loc, section, supported, pos = s.cur
    if explorer < 0:
        assert [explorer, loc, section, supported] == [-1, -1, 0, 0], "no explorer placed"
    else:
        assert 0 <= explorer <= 2 and 0 <= loc <= 3 and 1 <= section <= 6, "current explorer"
        assert supported in (0, 1), "current explorer"
    assert -1 <= pos < len(s.turn_order), "the turn's place in the turn order"
    if not g.automa:
        assert s.automa_pawns == 0, "no Automa pawns without the Automa"
    if phase in ("turn", "turn_end"):
        assert pos >= 0, "a turn is under way"
        mover = s.turn_order[pos]
        assert mover < n, "the Automa's turn is played at once"
        assert spine[0] != (actions.A_TURN_FINISH, 0) or q[-2][1] == mover, "the turn's player"
        assert all(t.player == mover for t in front), "only the mover's tasks in a turn"
        placing = any(t.kind in (actions.C_MAIN, actions.C_PLACE) for t in front)
        if phase == "turn" and explorer < 0:
            assert placing, "an explorer is placed in each turn"
        if explorer >= 0:
            assert phase == "turn" and not placing and s.placed[mover][explorer], "the explorer"
    else:
        assert explorer < 0, "an explorer is placed only in a turn"


def _perm(items, total: int, what: str) -> None:
    assert sorted(items) == list(range(total)), f"{what}: each of the {total} exactly once"


def check_invariants(s) -> None:
    g = s.game
    n = g.num_players
    assert (s.decision == actions.GAME_OVER) == (not s.queue), (
        "the queue is empty only once the game is over"
    )
    if s.queue:
        head = s.queue[0]
        assert head.kind == s.decision and head.player == s.decider and head == s.task, (
            "the pending decision heads the task queue"
        )
    assert len(pending_tasks(s)) <= PENDING_SLOTS, "more queued tasks than the view encodes"
    assert len(regions_read(s)) <= REGION_SLOTS, "more chosen regions than the view encodes"
    _check_queue(s)
    for p in range(n):
        ex = s.expertise[p]
        assert ex == (0, 0, 0) or all(1 <= e <= 6 for e in ex), f"expertise[{p}]: 1..6"
        assert len(s.hand[p]) <= 12, f"hand[{p}]: at most 3 cards after a turn (a few more within)"
        on_board = s.gallery.count(p) + sum(1 for c in s.claims[p] if c)
        assert s.discs[p] + on_board + s.rep_discs[p] + s.req_discs[p] == 10, (
            f"player {p}: the 10 Society discs are conserved"
        )
        assert set(s.honored[p]) <= set(s.patrons[p]), f"honored[{p}]: patrons held"
        assert len(s.bloom[p]) == sum(s.bloom_taken[p]), f"bloom[{p}]: a tile per bloom_taken"
    # expedition cards: every card in exactly one place
    paying = [t.a for t in s.queue if t.kind == actions.C_EXP_PAY]
    assert paying == ([s.organizing] if s.organizing >= 0 else []), (
        "organizing: the card of the expedition payment in the queue (-1 without one)"
    )
    assert bool(s.drawn_cards) == (s.decision == actions.C_PICK_DRAWN), (
        "drawn_cards: a draw of three, on the table only while one is kept from it"
    )
    cards = [*s.exp_deck, *s.exp_discard, *s.exp_box, *s.drawn_cards, *paying]
    cards += [c for c in s.program if c >= 0]
    cards += [c for rows in (s.hand, s.played, s.setup_hand) for row in rows for c in row]
    _perm(
        cards,
        NUM_EXPEDITIONS,
        "Expedition cards (exp_deck, exp_discard, exp_box, drawn_cards, organizing, program, "
        "hand, played, setup_hand)",
    )
    patrons = [*s.patron_deck, *s.drawn_patrons, *(c for held in s.patrons for c in held)]
    _perm(patrons, NUM_PATRONS, "Patron cards (patron_deck, drawn_patrons, patrons)")
    assert s.patron_known <= len(s.patron_deck), "patron_known: cards known in patron_deck"
    studies = s.study_deck + [c for p in range(n) for c in s.studies[p]]
    _perm(studies, NUM_STUDIES, "Study cards (study_deck, studies)")
    if not g.simplified:
        socs = list(s.society_deck) + [c for p in range(n) for c in s.society_offer[p]]
        _perm(socs, 12, "Society cards (society_deck, society_offer)")
        for p in range(n):
            if s.society[p] >= 0:
                assert s.society[p] in s.society_offer[p] and s.society_rejected[p] >= 0
    automa = [*s.automa_deck, *s.automa_played]
    if g.automa:
        _perm(automa, len(g.automa_cards), "Automa cards (automa_deck, automa_played)")
        assert not s.automa_played or s.automa_last == s.automa_played[-1], (
            "automa_last: the card last played"
        )
    else:
        assert not automa and s.automa_last < 0, "no Automa cards without the Automa"
    tiles = [*s.stacks[0], *s.stacks[1], *s.bloom_box[0], *s.bloom_box[1], *s.bloom_removed]
    tiles += [tile for row in s.bloom for tile in row]
    _perm(tiles, actions.NUM_TILES, "Bloomsbury tiles (stacks, bloom_box, bloom_removed, bloom)")
    for k in range(NUM_RELIC_KINDS):
        held = sum(s.relics[p][k] for p in range(n)) + s.drawn_relics.count(k)
        assert s.bags[k] + s.discards[k] + held == g.rb.bags[k], (
            f"relics of kind {k} are conserved (bags, discards, relics, drawn_relics)"
        )
    owners = {-1, *range(n), actions.AUTOMA, actions.NEUTRAL}  # (-1: none)
    assert owners.issuperset(s.gallery), "gallery: owners"
    assert owners.difference({actions.NEUTRAL}).issuperset(s.favor_space), "favor_space: owners"
    for x in (x for loc in s.locations for x in loc):  # (pieces, 0 or more: saved.FIELDS)
        assert 1 <= actions.piece_section(x) <= 6 and actions.piece_owner(x) in owners, "locations"
    sizes = [g.collection_faces[f].size for f in s.faces]
    assert sizes == [3, 3, 3, 5, 5, 7], "faces: collections I-III hold 3, IV-V 5, VI 7"
    if s.final:
        assert s.final == [min(s.prestige[p], 5 * s.science[p]) for p in range(n)], (
            "final: the lower of Prestige and 5 x Science"
        )

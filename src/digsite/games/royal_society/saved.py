"""The declared fields of a Royal Society state (see :mod:`digsite.core.fields`).  Every field the
observation reads (``observation.FIELDS``; all the per-player ones) is frozen to its full depth
and written whole with ``put``; the others (decks, the queue, the turn's scratch) stay lists,
changed in place."""

from __future__ import annotations

from ...core import chance
from ...core.fields import Field, StateFields, last_player, players
from .actions import AUTO0, AUTO_TASKS, AUTOMA, DECISIONS, NEUTRAL, NUM_SPACES, NUM_TILES
from .components import NUM_EXPEDITIONS, NUM_PATRONS, NUM_RELIC_KINDS, NUM_STUDIES
from .spec import SPEC

BIG = 10**6
"""A generous bound for counts the rules leave open (Prestige, money, the Reputation clock)."""


def _per_player(name: str, low: int, high: int, width: int | None = None, start=None) -> Field:
    """An int, or a row of ``width`` ints, per player: frozen (a tuple of ints or of rows)."""
    shape = (players,) if width is None else (players, width)
    return Field(name, shape, low, high, frozen=len(shape), start=start)


FIELDS = StateFields(
    SPEC,
    [
        *chance.FIELDS,
        Field("year", (), 1, lambda g: g.years + 1, start=1),
        Field("decision", names=DECISIONS),
        Field("decider", (), 0, last_player),
        Field("queue", (None, 4), -1, AUTO0 + len(AUTO_TASKS) - 1, frozen=1),
        Field("turn_order", (None,), 0, AUTOMA),
        Field("favor_space", (6,), -1, AUTOMA, frozen=1, start=-1),
        Field("first_player", (), 0, last_player),
        _per_player("placed", 0, 1, 3),
        Field("automa_pawns", (), 0, 3),
        _per_player("rep", 0, 9, start=4),
        _per_player("rep_time", 0, BIG, start=lambda g: list(range(g.num_players))),
        Field("clock", (), 0, BIG, start=players),
        _per_player("prestige", 0, BIG),
        _per_player("science", 0, BIG),
        _per_player("money", 0, BIG),
        _per_player("knowledge", 0, 12, 4),
        _per_player("expertise", 0, 6, 3),
        _per_player("discs", 0, 10, start=10),
        _per_player("rep_discs", 0, 10),
        _per_player("req_discs", 0, 10),
        _per_player("relics", 0, 6, NUM_RELIC_KINDS),
        Field("hand", (players, None), 0, NUM_EXPEDITIONS - 1, frozen=2),
        Field("played", (players, None), 0, NUM_EXPEDITIONS - 1, frozen=2),
        Field("patrons", (players, None), 0, NUM_PATRONS - 1, frozen=2),
        Field("honored", (players, None), 0, NUM_PATRONS - 1, frozen=2),
        _per_player("studies", 0, NUM_STUDIES - 1, 2),
        _per_player("society", -1, 11, start=-1),
        Field("society_offer", (players, None), 0, 11, frozen=2),
        _per_player("society_rejected", -1, 11, start=-1),
        _per_player("side", -1, 1, start=-1),
        Field("bloom", (players, None), 0, NUM_TILES - 1, frozen=2),
        _per_player("bloom_right", 0, 1, 2),
        _per_player("bloom_taken", 0, 1, 2),
        _per_player("penalties", 0, 1, 4),
        _per_player("claims", 0, 2, 3),
        _per_player("exhibited", 0, 10),
        # the deck each Expedition card was dealt from
        Field("exp_epoch", (NUM_EXPEDITIONS,), -1, NUM_EXPEDITIONS, frozen=1),
        Field("bloom_seen", (lambda g: g.num_players + 1,), 0, (1 << NUM_TILES) - 1, frozen=1),
        Field("program", (6,), -1, NUM_EXPEDITIONS - 1, frozen=1, start=-1),
        Field("exp_deck", (None,), 0, NUM_EXPEDITIONS - 1),
        Field("exp_discard", (None,), 0, NUM_EXPEDITIONS - 1, frozen=1),
        Field("exp_box", (None,), 0, NUM_EXPEDITIONS - 1, frozen=1),
        Field("patron_deck", (None,), 0, NUM_PATRONS - 1, frozen=1),
        Field("patron_known", (), 0, NUM_PATRONS),
        _per_player("patron_seen", 0, (1 << NUM_PATRONS) - 1),  # the Patrons it drew
        Field("study_deck", (None,), 0, NUM_STUDIES - 1),
        Field("society_deck", (None,), 0, 11),
        Field("bags", (NUM_RELIC_KINDS,), 0, 6, frozen=1, start=lambda g: list(g.rb.bags)),
        Field("discards", (NUM_RELIC_KINDS,), 0, 6, frozen=1),
        Field("faces", (6,), 0, 23, frozen=1),
        Field("gallery", (NUM_SPACES,), -1, NEUTRAL, frozen=1, start=-1),
        Field("objectives", (3,), 0, 11, frozen=1),
        Field("rs_left", (3,), -1, NEUTRAL, frozen=1, start=-1),
        Field("requirements", (2,), 0, 7, frozen=1),
        Field("stacks", (2, None), 0, NUM_TILES - 1),
        Field("bloom_box", (2, None), 0, NUM_TILES - 1, frozen=2),
        Field("bloom_removed", (None,), 0, NUM_TILES - 1),
        Field("locations", (4, None), 0, NUM_EXPEDITIONS - 1, frozen=2),  # piece(owner, section)s
        Field("automa_deck", (None,), 0, lambda g: len(g.automa_cards) - 1),
        Field("automa_played", (None,), 0, lambda g: len(g.automa_cards) - 1, frozen=1),
        Field("automa_last", (), -1, lambda g: len(g.automa_cards) - 1, start=-1),
        # the turn's explorer, location, section, supported, turn position
        Field("cur", (5,), -1, 6, start=lambda g: [-1, -1, 0, 0, -1]),
        Field("collections_done", (), 0, 63),
        Field("drawn_cards", (None,), 0, NUM_EXPEDITIONS - 1),
        Field("organizing", (), -1, NUM_EXPEDITIONS - 1, start=-1),  # being organized, not paid
        Field("drawn_patrons", (None,), 0, NUM_PATRONS - 1),
        Field("drawn_relics", (None,), 0, NUM_RELIC_KINDS - 1),
        Field("chosen_regions", (None,), 0, 3),
        Field("setup_hand", (players, None), 0, NUM_EXPEDITIONS - 1, frozen=2),
        Field("final", (None,), 0, BIG),
        Field("public_hand", (), 0, (1 << NUM_EXPEDITIONS) - 1),  # hand cards known to all
    ],
)
"""Every field of a position (the state holds these, a mask and the observers' caches)."""

"""The queued tasks of a position, ``Task(kind, player, a, b)`` (:mod:`digsite.core.tasks`), made
by the named constructors below and read through the named accessors where a field has more than
one meaning (the observation encodes the same four numbers)."""

from __future__ import annotations

from functools import cache

from ...core import tasks
from . import actions
from .actions import A_GAIN, C_DISCARD_RELIC, HONOR, KNOW_MORE, SETUP_SOCIETY

SECOND_STEP = 1
"""``a`` of the year's start (after the King's Favors) and end (after the requirement discs)."""


def _cached(make):
    """A frequent named constructor, cached: a task is immutable, so each is built once."""
    return classmethod(cache(make))


class Task(tasks.Task):
    """One queued task (see the module docstring); ``a`` and ``b`` default to 0 (unused)."""

    __slots__ = ()

    # -- decisions with arguments ----------------------------------------------------------------
    @_cached
    def location_action(cls, p: int) -> Task:
        return cls(actions.C_LOC_ACTION, p)

    @_cached
    def place(cls, p: int, explorer: int) -> Task:
        return cls(actions.C_PLACE, p, explorer)

    @_cached
    def knowledge_choice(cls, p: int, points: int = 1, flags: int = 0) -> Task:
        """Knowledge in a region of the player's choice; ``flags`` are ``KNOW_*``."""
        return cls(actions.C_KNOW, p, points, flags)

    @_cached
    def relic_choice(cls, p: int, regions: int, at_random: int = 0) -> Task:
        """A relic from the bags of ``regions`` (a bit mask; ``CHOSEN_REGIONS``: those chosen
        before), of the player's choice or (``at_random``) drawn from a bag of its choice."""
        return cls(actions.C_RELIC, p, regions, at_random)

    @classmethod
    def discard_relic(cls, p: int, purpose: int, optional: int = 0) -> Task:
        """A relic discarded for ``purpose`` (Deepen, Study a Relic, Sell)."""
        return cls(C_DISCARD_RELIC, p, purpose, optional)

    @classmethod
    def honor(cls, p: int, patron: int) -> Task:
        """The relic that honors ``patron``."""
        return cls(C_DISCARD_RELIC, p, HONOR + patron)

    @property
    def honored_patron(self) -> int:
        """The patron a relic discard honors, else -1."""
        return self.a - HONOR if self.kind == C_DISCARD_RELIC and self.a >= HONOR else -1

    @classmethod
    def reserve(cls, p: int, optional: int, at_port: int = 0) -> Task:
        """Reserve an Expedition (``at_port``: the Port's left bonus, which must leave an
        expedition to organize)."""
        return cls(actions.C_RESERVE, p, optional, at_port)

    @classmethod
    def bloomsbury(cls, p: int, stack: int, from_box: int = 0) -> Task:
        return cls(actions.C_BLOOM, p, stack, from_box)

    @_cached
    def keep_patron(cls, p: int, expertise: int) -> Task:
        """Keep one of the patrons drawn, paid for at ``expertise``."""
        return cls(actions.C_PATRON, p, expertise)

    @_cached
    def payment(cls, p: int, card: int) -> Task:
        return cls(actions.C_EXP_PAY, p, card)

    @classmethod
    def exhibit(cls, p: int, left: int, first: int = 0) -> Task:
        """The next of ``left`` Exhibits (``first``: the one the location choice offers)."""
        return cls(actions.C_EXHIBIT, p, left, first)

    @classmethod
    def exhibit_relic(cls, p: int, space: int, left: int) -> Task:
        return cls(actions.C_EXHIBIT_RELIC, p, space, left)

    # -- automatic tasks ---------------------------------------------------------------------
    @_cached
    def gain(cls, p: int, stat: int, amount: int) -> Task:
        return cls(A_GAIN, p, stat, amount)

    @classmethod
    def keep_society(cls, p: int, society: int) -> Task:
        """The kept Society card takes effect (after its set-up benefits)."""
        return cls(A_GAIN, p, SETUP_SOCIETY, society)

    @property
    def kept_society(self) -> int:
        """The Society card a gain brings in, else -1."""
        return self.b if self.kind == A_GAIN and self.a == SETUP_SOCIETY else -1

    @_cached
    def knowledge(cls, p: int, region: int, points: int) -> Task:
        return cls(actions.A_KNOW, p, region, points)

    @_cached
    def random_relics(cls, p: int, region: int, count: int) -> Task:
        """``count`` random relics from ``region``'s bag (``CHOSEN_REGION``: the region last
        chosen; ``EACH_REGION``: one from each bag)."""
        return cls(actions.A_RANDOM_RELICS, p, region, count)

    @_cached
    def draw_patrons(cls, p: int, expertise: int) -> Task:
        return cls(actions.A_DRAW_PATRONS, p, expertise)

    @classmethod
    def draw_two_keep_one(cls, p: int, region: int) -> Task:
        return cls(actions.A_DRAW_TWO_KEEP, p, region)

    @_cached
    def year_start(cls, step: int = 0) -> Task:
        return cls(actions.A_YEAR_START, 0, step)

    @_cached
    def year_end(cls, step: int = 0) -> Task:
        return cls(actions.A_YEAR_END, 0, step)


def knowledge_choices(p: int, points: int) -> list[Task]:
    """One gain of ``points`` Knowledge, each point in the region of the player's choice: one
    task per point, all but the first marked as the same gain."""
    return [Task.knowledge_choice(p, 1, KNOW_MORE if i else 0) for i in range(points)]

"""A game's kinds of pending decision, declared once.

Each game's ``actions.py`` lists its decision kinds (name, meaning)::

    DECISIONS = DecisionKinds(
        ("turn", "choose A, B, C (pass) or a patron"),
        ("place", "the next cube of the current excavation"),
    )
    TURN, PLACE, GAME_OVER = range(len(DECISIONS))

``game_over`` is added last by every table.  The names are the saved and viewed values of
``decision``; the rest is found by name: the state's ``_legal_<name>`` and ``_on_<name>``
(:class:`~digsite.core.turn_based.TurnBasedState` builds its dispatch tables with
:meth:`DecisionKinds.handlers`) and a heuristic's own ``<prefix><name>`` functions, so a new
decision kind is one line here and one function in each place that must answer it.

A game run by a task queue (:mod:`digsite.core.tasks`) declares its automatic tasks the same
way, as :class:`AutomaticTasks` (each run by the state's ``_auto_<name>``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GAME_OVER_NAME = "game_over"


class DecisionKinds(tuple):
    """The decision names in id order, ``game_over`` last (a tuple of str, as saved fields
    want), with their meanings (``meanings``)."""

    meanings: tuple[str, ...]
    game_over: int

    def __new__(cls, *kinds: tuple[str, str]) -> DecisionKinds:
        names = (*(name for name, _ in kinds), GAME_OVER_NAME)
        if len(set(names)) != len(names):
            raise ValueError(f"decision names repeat or use {GAME_OVER_NAME!r}: {names}")
        self = super().__new__(cls, names)
        self.meanings = (*(" ".join(m.split()) for _, m in kinds), "the game is over")
        self.game_over = len(names) - 1
        return self

    def meaning(self, name: str) -> str:
        return self.meanings[self.index(name)]

    def asking(self, name: str, player: int) -> str:
        """The line every game's pictures give the pending decision: whose, and what it asks in
        words (never the decision's name, an identifier)."""
        return f"player {player} to decide: {self.meaning(name)}"

    def handlers(self, owner: Any, prefix: str) -> tuple[Callable, ...]:
        """``owner``'s ``<prefix><name>`` for every decision but ``game_over``, in id order (a
        missing one: an error naming it)."""
        return _handlers(owner, prefix, self[: self.game_over], "decision")


class AutomaticTasks(tuple):
    """A game's kinds of automatic task, declared once like its decisions: their names in kind
    order, the first numbered ``first`` (above every decision id), each run by the state's
    ``_auto_<name>``."""

    first: int

    def __new__(cls, first: int, *names: str) -> AutomaticTasks:
        if len(set(names)) != len(names):
            raise ValueError(f"automatic task names repeat: {names}")
        self = super().__new__(cls, names)
        self.first = first
        return self

    def handlers(self, owner: Any) -> tuple[Callable, ...]:
        """``owner``'s ``_auto_<name>`` for every automatic task, in kind order."""
        return _handlers(owner, "_auto_", self, "automatic task")


def _handlers(owner: Any, prefix: str, names: tuple, what: str) -> tuple:
    if missing := [name for name in names if getattr(owner, prefix + name, None) is None]:
        raise TypeError(f"{owner.__name__} has no {prefix}{missing[0]} for {what} {missing[0]!r}")
    return tuple(getattr(owner, prefix + name) for name in names)

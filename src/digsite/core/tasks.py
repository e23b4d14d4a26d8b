"""The task queue: a turn-based state for rules where one choice leads to others.

A position keeps a queue of :class:`Task` s.  A task is a decision of its ``player`` (``kind``
a decision id of the game's ``DECISIONS``) or an automatic step (``kind`` from
``AUTOMATIC.first`` on, numbered in the order of the game's
:class:`~digsite.core.decisions.AutomaticTasks`); ``a`` and
``b`` are its arguments, meaning what the kind says.  The head of the queue is the position's
pending decision: the state's ``decision`` and ``decider`` are the head task's kind and player,
and the task itself is ``task``.

The decision protocol is the one of every :class:`~digsite.core.turn_based.TurnBasedState`:
``_legal_<name>(self)`` (a list of action ids: ``LEGAL_LISTS``) and ``_on_<name>(self,
action)``, each reading its task as ``self.task``; automatic tasks run ``_auto_<name>(self)``,
which reads it the same way.  After a decision's handler, :meth:`TaskQueueState._run` runs
the queue on: an automatic task is taken off the queue and run; a decision without a legal
action is taken off (there is nothing to choose); a decision of ``FORCED`` with one legal
action is played at once; the first other decision stops the queue and waits for its player.
When the queue runs out, :meth:`TaskQueueState._queue_done` ends the game.

The rules only put tasks in front of the queue (:meth:`TaskQueueState._push`), so what a rule
starts is done before what was waiting; a handler takes its own task off the queue
(``self.queue.pop(0)``) before it pushes the tasks that follow, and leaves it there when the
decision goes on (a choice made one step at a time, an optional action taken in the middle of
a decision, which then comes back with what is legal after it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, NamedTuple

from .decisions import AutomaticTasks
from .turn_based import TurnBasedState, mask_of


class Task(NamedTuple):
    """One queued task (see the module docstring); ``a`` and ``b`` default to 0 (unused).  An
    immutable tuple: copies of a position share their tasks, and a task saves as the plain list
    ``[kind, player, a, b]``.  A game may subclass it for named constructors."""

    kind: int
    player: int = 0
    a: int = 0
    b: int = 0


class TaskQueueState(TurnBasedState):
    """A turn-based state run by a queue of tasks (see the module docstring).  A subclass
    declares, beside ``DECISIONS`` and ``FIELDS`` (with ``queue``), its ``AUTOMATIC`` tasks and
    the decisions it plays when they leave no choice (``FORCED``); it starts a game by queueing
    its first tasks and calling :meth:`_run`, and may score the game in :meth:`_queue_done`."""

    __slots__ = ()

    LEGAL_LISTS = True
    AUTOMATIC: ClassVar[AutomaticTasks] = AutomaticTasks(1 << 30)
    FORCED: ClassVar[frozenset[int]] = frozenset()
    """Decisions played at once when they have one legal action."""
    _auto_table: ClassVar[tuple[Callable, ...]] = ()
    _auto0: ClassVar[int] = 1 << 30

    queue: list[Task]
    task: Task | None = None
    """The task being handled: the head of the queue while a decision is pending."""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if getattr(cls, "DECISIONS", None) is not None:  # a subclass's own _auto_<name> too
            automatic = cls.AUTOMATIC
            if automatic.first < len(cls.DECISIONS):
                raise ValueError(
                    f"{cls.__name__}: automatic tasks are numbered from {automatic.first}, "
                    f"among the decision ids 0..{len(cls.DECISIONS) - 1}"
                )
            cls._auto0 = automatic.first
            cls._auto_table = automatic.handlers(cls)

    def _play(self, action: int) -> None:
        """Play ``action`` (the pending decision's handler), then run the queue to the next one."""
        self._apply_table[self.decision](self, action)
        self._run()

    def _run(self) -> None:
        """Run the queue until a decision with a choice is at its head (or the queue is out)."""
        queue, auto_table, auto0 = self.queue, self._auto_table, self._auto0
        legal_table, forced = self._legal_lists, self.FORCED
        while queue:
            task = self.task = queue[0]
            kind = task.kind
            if kind >= auto0:
                queue.pop(0)
                auto_table[kind - auto0](self)
                continue
            legal = legal_table[kind](self)
            if not legal:
                queue.pop(0)
            elif len(legal) == 1 and kind in forced:
                self._apply_table[kind](self, legal[0])
            else:
                self.decision = kind
                self.decider = task.player
                self._mask = mask_of(legal, self.game.num_actions)
                return
        self.task = None
        self._queue_done()

    def _queue_done(self) -> None:
        """The queue ran out: the game is over (a game scores it here)."""
        self.decision = self._game_over
        self.decider = 0
        self._mask = None

    def _push(self, *tasks: Task) -> None:
        """Put ``tasks`` in front of the queue, in their order: they come before what waits."""
        self.queue[0:0] = tasks

    def _legal_of(self, task: Task) -> list[int]:
        """The legal actions of ``task`` were it the pending decision, the position otherwise as
        it is (whether a decision further down the queue will still have a choice)."""
        head, self.task = self.task, task
        try:
            return self._legal_lists[task.kind](self)
        finally:
            self.task = head

    def _load_queue(self, make: Callable[..., Task] = Task) -> None:
        """After loading: the saved rows of ``queue`` made tasks (by ``make``), its head pending."""
        self.queue = [make(*row) for row in self.queue]
        self.task = self.queue[0] if self.queue else None

"""The task queue (``digsite.core.tasks``) on a toy game: the head task is the pending decision,
automatic tasks run, a decision without a choice is dropped or (``FORCED``) played, a handler
that leaves its task keeps the decision pending, and the queue running out ends the game."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from digsite.core.decisions import AutomaticTasks, DecisionKinds
from digsite.core.policy import HeuristicAgent
from digsite.core.tasks import Task, TaskQueueState
from digsite.core.turn_based import mask_of

PICK, CONFIRM, GAME_OVER = range(3)
ADD = 10
WAIT, LIMIT = 0, 10


class Counting(TaskQueueState):
    """Each player in turn picks 1..3 (added to a total by an automatic task) or waits (0, the
    pick stays pending: an interruption); a confirmation follows each pick while the total is
    below ``LIMIT``, and has one action, so it plays itself."""

    DECISIONS = DecisionKinds(("pick", "1, 2 or 3, or wait"), ("confirm", "the only action"))
    AUTOMATIC = AutomaticTasks(ADD, "add")
    FORCED = frozenset((CONFIRM,))

    def __init__(self, rounds: int):
        self.game = SimpleNamespace(num_actions=4, num_players=2)
        self.total = self.waits = self.confirmed = 0
        self.decision = self.decider = 0
        self.queue = [Task(PICK, i % 2) for i in range(rounds)]
        self._run()

    def _legal_pick(self):
        return [WAIT, 1, 2, 3] if self.waits < 1 else [1, 2, 3]

    def _on_pick(self, action):
        if action == WAIT:
            self.waits += 1
            return
        self.queue.pop(0)
        self._push(Task(ADD, self.task.player, action), Task(CONFIRM, self.task.player))

    def _auto_add(self):
        self.total += self.task.a

    def _legal_confirm(self):
        return [0] if self.total < LIMIT else []

    def _on_confirm(self, action):
        self.queue.pop(0)
        self.confirmed += 1

    def winners(self):
        return [0]

    scores = view = observe = _resample_hidden = action_to_string = None
    render_spectator = check_invariants = None


def test_the_head_task_is_the_pending_decision_and_the_queue_runs_on():
    s = Counting(rounds=3)
    assert (s.decision, s.decider, s.task) == (PICK, 0, Task(PICK, 0))
    assert s.legal_actions() == [WAIT, 1, 2, 3]
    s.apply_action(WAIT)  # the decision stays at the head, with what is legal after it
    assert s.task == s.queue[0] == Task(PICK, 0) and s.legal_actions() == [1, 2, 3]
    s.apply_action(3)  # the addition runs, the confirmation plays itself
    assert (s.total, s.confirmed, s.decision, s.decider) == (3, 1, PICK, 1)
    assert s._legal_of(Task(CONFIRM, 0)) == [0] and s.task == Task(PICK, 1)
    s.apply_action(3)
    s.total = LIMIT  # the next confirmation has no action: it is dropped
    s.apply_action(3)
    assert s.confirmed == 2 and s.is_terminal() and s.task is None and not s.queue
    assert not s.legal_action_mask().any()


def test_a_legal_list_is_made_a_shared_read_only_mask():
    mask = mask_of([1, 3], 5)
    assert mask.tolist() == [0, 1, 0, 1, 0] and mask.dtype == np.int8
    assert mask_of([1, 3], 5) is mask and not mask.flags.writeable
    assert Counting(rounds=1).legal_action_mask() is mask_of([0, 1, 2, 3], 4)


def test_automatic_tasks_are_numbered_after_the_decisions_and_each_has_its_handler():
    with pytest.raises(ValueError, match="among the decision ids"):

        class Clash(Counting):
            AUTOMATIC = AutomaticTasks(1, "add")

    with pytest.raises(TypeError, match="no _auto_double"):

        class Missing(Counting):
            AUTOMATIC = AutomaticTasks(ADD, "add", "double")


def test_a_subclass_handler_is_the_one_played():
    """A variant of a game (a subclass overriding one rule, as a test's broken variant does)
    gets its own dispatch tables: its ``_legal_<name>``, ``_on_<name>`` and ``_auto_<name>``."""

    class NoWaiting(Counting):
        def _legal_pick(self):
            return [1, 2]

        def _auto_add(self):
            self.total += 10 * self.task.a

    s = NoWaiting(rounds=2)
    assert s.legal_actions() == [1, 2]
    s.apply_action(2)
    assert s.total == 20


def test_a_subclass_heuristic_decides_with_its_own_functions():
    class First(HeuristicAgent):
        DECISIONS = Counting.DECISIONS

        def _decide_pick(self, state, player, legal):
            return legal[0]

        _decide_confirm = _decide_pick

    class Last(First):
        def _decide_pick(self, state, player, legal):
            return legal[-1]

    state = Counting(rounds=1)
    assert (First().act_in(state, 0), Last().act_in(state, 0)) == (WAIT, 3)

"""The ArcheOlogic solo game as a single-agent task: ``digsite/ArcheOlogicSolo-v2``, a Gymnasium
env (:class:`digsite.envs.solo.SoloEnv`) of :class:`ArcheOlogicSolo`.

* Observation: the solo player's observation of the rules engine (``digsite.games.archeologic``:
  time, viewfinder, pending decision, clues, note sheet of answers, guess feedback, pieces entered).
* Actions: ``Discrete(120)``, the game's action table (start axis, viewfinder axis, question,
  "I think I've found it!", placements of the building being entered).
* Reward: minus the time each step spends (questions, viewfinder surcharges, 4 per guess), plus
  ``solve_bonus`` (default +20) on the step that enters the right layout.  An episode that ends
  unsolved (a wrong guess in the rulebook variant, the time limit, or an action outside the mask
  with ``illegal_action="end"``) costs on its last step the rest of the clock, as if the time had
  run out: ``-(time_limit + 1 - time spent)``.  The return of an episode is ``solve_bonus - time
  spent`` when solved and ``-(time_limit + 1)`` otherwise, so every solution beats every failure
  and a faster one beats a slower one; failing early is never a shortcut.
* Episode end: terminated when the layout is found, when a guess is wrong (rulebook variant),
  or when the game's own time limit is passed (``time_limit``, default 60: the game ends
  unsolved).  Truncated when ``max_time`` (if given) is reached first.
* ``info``: ``time`` (time spent) and ``solved``.  On the last step of an episode also
  ``quest`` (the quest number: it names the hidden layout, so it is given only once the
  episode is over), ``score``, the solo score as the rulebook counts it (the time spent: lower
  is better), and the solo title (``digsite.games.archeologic.titles``):
  ``title`` ("Master", "Seasoned", "Apprentice", or None when unsolved), and the quest's
  thresholds ``master_time`` and ``seasoned_time`` (derived from the reference solver; None
  when unsolved, since they cost the solver about 10 ms, more than a whole episode).
  ``render()`` shows the title once the game is over.

Options: ``num_clues`` (default 3, the rulebook's solo; 4 or 5 only with the variant
``solo_more_clues=True``), ``guess_variant`` ("rulebook" or "app"), ``quest``
(an int, or None for a random quest each episode), ``max_time``, ``time_limit``, ``ring``,
``solve_bonus``, ``expert`` (bool, default False: digsite's own expert mode, count clues on axes
pre-filled in the note sheet; titles then come from the reference solver on the same expert
clues), ``buildings`` (None = the shipped tiles, or a buildings JSON path / list of records, as
the game's option), and the learning aids, off by default (so the default env is the plain game)
and all computed from the player's own information only (what each gives and why:
:mod:`digsite.games.archeologic.learning_aids`):

* ``belief=True`` (the game's ``belief_features`` option) appends 604 features to the
  observation, which spell out the layout when one is left.
* ``consistent_guesses=True`` (the game's option of that name) masks a guess's entry to the
  layouts the player cannot rule out (random play then solves about 1 game in 6);
  ``informative_questions=True`` (the same) the questions whose answer the player already knows
  and the axes without another.
* ``shaping=k`` (k > 0) adds ``k`` times the change of the information potential to each step's
  reward, with potential 0 once the episode ends, so the shaping of a whole episode sums to
  ``k * log2(layouts possible at the start)``, the same for every policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...core.options import integer, number
from ...core.solo import SoloMode
from .learning_aids import information_potential
from .rules import OPTIONS, ArcheOlogicGame
from .titles import state_title

GAME_OPTIONS = {o.name: o for o in OPTIONS}
PASSED_ON = ("num_clues", "guess_variant", "quest", "ring", "time_limit", "expert", "buildings",
    "consistent_guesses", "informative_questions", "solo_more_clues")  # fmt: skip
"""The game's options this mode passes on as they are (``belief`` is ``belief_features``)."""


class ArcheOlogicSolo(SoloMode):
    options = (
        *(GAME_OPTIONS[name] for name in PASSED_ON),
        replace(GAME_OPTIONS["belief_features"], name="belief"),
        integer("max_time", None, 1, optional=True, doc="truncate the episode at this time"),
        number("solve_bonus", 20.0),
        number("shaping", 0.0, 0),
    )
    title = "ArcheOlogic solo env"

    def __init__(self, config: Mapping[str, Any]):
        super().__init__(config)
        self.max_time = config["max_time"]
        self.solve_bonus = config["solve_bonus"]
        self.shaping = config["shaping"]
        self._potential = 0.0

    def make_game(self, config: Mapping[str, Any]) -> ArcheOlogicGame:
        return ArcheOlogicGame(
            num_players=1,
            belief_features=config["belief"],
            **{name: config[name] for name in PASSED_ON},
        )

    def start(self, state) -> dict[str, Any]:
        self._potential = information_potential(state, 0) if self.shaping else 0.0
        return {"time": 0, "solved": False}

    def play(self, state, action: int) -> tuple[float, bool, dict[str, Any]]:
        before = state.spent[0]
        state.apply_action(action)
        spent = state.spent[0]
        solved = state.winner == 0
        terminated = state.is_terminal()
        if solved:
            reward = self.solve_bonus - float(spent - before)
        elif terminated:
            reward = -float(self.game.time_limit + 1 - before)
        else:
            reward = -float(spent - before)
        reward += self._shaped(state, end=terminated)
        truncated = not terminated and self.max_time is not None and spent >= self.max_time
        info = {"time": spent, "solved": solved}
        if terminated or truncated:
            self._final_info(state, info)
        return reward, truncated, info

    def give_up(self, state) -> tuple[float, dict[str, Any]]:
        """As if the time had run out."""
        before = state.spent[0]
        info = {"time": before, "solved": False}
        self._final_info(state, info)
        return -float(self.game.time_limit + 1 - before) + self._shaped(state, end=True), info

    def _final_info(self, state, info: dict) -> None:
        """The solo score, the title earned, the quest's thresholds (None when unsolved, as
        they take the reference solver about 10 ms, more than a whole episode) and the quest."""
        title, master, seasoned = state_title(state) if info["solved"] else (None, None, None)
        info.update(score=info["time"], title=title, master_time=master, seasoned_time=seasoned)
        info["quest"] = state.quest

    def _shaped(self, state, end: bool) -> float:
        """``shaping * (potential after - potential before)``; the potential of an ended
        episode is 0, so an episode's shaping sums to ``-shaping * potential at the start``."""
        if not self.shaping:
            return 0.0
        after = 0.0 if end else information_potential(state, 0)
        reward = self.shaping * (after - self._potential)
        self._potential = after
        return reward

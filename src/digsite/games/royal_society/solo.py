"""The Royal Society of Archeology solo, against the Automa, as a single-agent task:
``digsite/RoyalSocietySolo-v3``, a Gymnasium env (:class:`digsite.envs.solo.SoloEnv`) of
:class:`RoyalSocietySolo`.

* Observation: the solo player's observation of the rules engine (``digsite.games.royal_society``,
  ``num_players=1``: the 2-player board side, 5 years, the Automa's pawns, Gallery discs and Royal
  Society discs on the board).
* Actions: ``Discrete(183)``, the game's action table (set-up choices, explorer, location and
  section, location actions and their targets, optional actions).
* Reward (``reward="score"``, the default): the change of the solo score (the lower of Prestige
  and 5 x Science) at every step, divided by ``reward_scale`` (default 100); the final scoring's
  changes arrive on the last step, so an episode's return is the final score / ``reward_scale``.
  ``reward="final"``: 0 until the last step, then the final score / ``reward_scale``.  An action
  outside the mask with ``illegal_action="end"``: -1.
* Episode end: terminated when the 5th year is scored.
* ``info``: ``score``, ``prestige``, ``science`` every step; on the last step also ``title``
  (the King's honorary title from the rulebook's table: Novice below 40 ... Sir from 80).

Options: ``simplified`` (the first-game set-up), the component data options of the game
(``expeditions``, ``patrons``, ``collections``, ``studies``, ``automa``, ``society_boards``),
``reward`` and ``reward_scale``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.options import choice, number
from ...core.solo import SoloMode
from .rules import DATA_OPTIONS, OPTIONS, RoyalSocietyGame

GAME_OPTIONS = {o.name: o for o in OPTIONS}


class RoyalSocietySolo(SoloMode):
    options = (
        GAME_OPTIONS["simplified"],
        choice("reward", "score", ("score", "final"), doc="the score's changes, or the final one"),
        number("reward_scale", 100.0, 0, above=True),
        *(GAME_OPTIONS[name] for name in DATA_OPTIONS),
    )
    title = "Royal Society solo env"

    def __init__(self, config: Mapping[str, Any]):
        super().__init__(config)
        self.reward_mode = config["reward"]
        self.reward_scale = config["reward_scale"]

    def make_game(self, config: Mapping[str, Any]) -> RoyalSocietyGame:
        return RoyalSocietyGame(
            num_players=1, **{k: config[k] for k in ("simplified", *DATA_OPTIONS)}
        )

    def play(self, state, action: int) -> tuple[float, bool, dict[str, Any]]:
        before = state.scores()[0]
        state.apply_action(action)
        terminated = state.is_terminal()
        score = state.scores()[0]
        reward = score - before if self.reward_mode == "score" else (score if terminated else 0.0)
        info = self.start(state)
        if terminated:
            info["title"] = state.title()
        return reward / self.reward_scale, False, info

    def give_up(self, state) -> tuple[float, dict[str, Any]]:
        return -1.0, self.start(state) | {"title": state.title()}

    def start(self, s) -> dict[str, Any]:
        """The ``info`` of every step (a new episode's too)."""
        return {"score": s.scores()[0], "prestige": s.prestige[0], "science": s.science[0]}

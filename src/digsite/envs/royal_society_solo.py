"""``digsite/RoyalSocietySolo-v3``: The Royal Society of Archeology solo, against the Automa.

* Observation: ``Box(0, 1, (N,), float32)``, the solo player's observation of the rules engine
  (``digsite.games.royal_society``, ``num_players=1``: the 2-player board side, 5 years, the
  Automa's pawns, Gallery discs and Royal Society discs on the board).
* Actions: ``Discrete(183)``, the game's action table (set-up choices, explorer, location and
  section, location actions and their targets, optional actions); ``action_masks()`` gives the
  legal ones (for MaskablePPO).
* Reward (``reward="score"``, the default): the change of the solo score (the lower of Prestige
  and 5 x Science) at every step, divided by ``reward_scale`` (default 100); the final scoring's
  changes arrive on the last step, so an episode's return is the final score / ``reward_scale``.
  ``reward="final"``: 0 until the last step, then the final score / ``reward_scale``.
* Episode end: terminated when the 5th year is scored.  An action outside the mask never
  crashes: with ``illegal_action="end"`` (default) the episode ends at once (terminated) with
  reward -1 and ``info["illegal_action"] = True``; with ``"random"`` a uniformly drawn legal
  action is played instead (``info["illegal_action"]`` is also set).
* ``info``: ``score``, ``prestige``, ``science`` every step; on the last step also ``title``
  (the King's honorary title from the rulebook's table: Novice below 40 ... Sir from 80).

Options: ``simplified`` (the first-game set-up), the component data options of the game
(``expeditions``, ``patrons``, ``collections``, ``studies``, ``automa``, ``society_boards``),
``reward``, ``reward_scale``, ``illegal_action``, ``render_mode`` ("ansi", "human" or "rgb_array").
"""

from __future__ import annotations

from ..core.options import check_options, choice, number
from ..games.royal_society.rules import DATA_OPTIONS, OPTIONS, RoyalSocietyGame
from .solo import SOLO_OPTIONS, SoloEnv

GAME_OPTIONS = {o.name: o for o in OPTIONS}
SOLO_ENV_OPTIONS = (
    GAME_OPTIONS["simplified"],
    choice("reward", "score", ("score", "final"), doc="the score's changes, or the final one"),
    number("reward_scale", 100.0, 0, above=True),
    *SOLO_OPTIONS,
    *(GAME_OPTIONS[name] for name in DATA_OPTIONS),
)


class RoyalSocietySoloEnv(SoloEnv):
    def __init__(self, **options):
        config = check_options(SOLO_ENV_OPTIONS, options, type(self).__name__)
        game = RoyalSocietyGame(
            num_players=1,
            simplified=config["simplified"],
            **{name: config[name] for name in DATA_OPTIONS},
        )
        super().__init__(game, config["illegal_action"], config["render_mode"])
        self.reward_mode = config["reward"]
        self.reward_scale = config["reward_scale"]

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.game_state = self.game.new_initial_state(self.np_random)
        self._done = False
        return self._observation(), self._info()

    def step(self, action):
        action, info_extra = self._checked_action(action)
        state = self.game_state
        if action is None:  # unmasked, illegal_action="end"
            info = self._info() | info_extra | {"title": state.title()}
            return self._observation(), -1.0, True, False, info
        before = state.scores()[0]
        state.apply_action(action)
        terminated = state.is_terminal()
        score = state.scores()[0]
        if self.reward_mode == "score":
            reward = (score - before) / self.reward_scale
        else:
            reward = score / self.reward_scale if terminated else 0.0
        self._done = terminated
        info = self._info() | info_extra
        if terminated:
            info["title"] = state.title()
        return self._observation(), float(reward), terminated, False, info

    def _info(self) -> dict:
        s = self.game_state
        return {"score": s.scores()[0], "prestige": s.prestige[0], "science": s.science[0]}

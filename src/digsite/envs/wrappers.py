"""What ``gymnasium.make`` puts around every digsite Gymnasium env.

Gymnasium 1.x wrappers no longer pass unknown attributes through, so the ``action_masks()`` of
the env itself would be out of reach behind the wrappers ``gymnasium.make`` adds (the env
checker, the order enforcer).  Every digsite id therefore names :class:`ActionMasks` as its
last wrapper (``EnvSpec.additional_wrappers``): ``gymnasium.make(id).action_masks()`` works, as
does ``gymnasium.make(env.spec)`` (behind a wrapper of one's own: ``docs/gymnasium.md``).
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium.envs.registration import WrapperSpec


class ActionMasks(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """The env as it is, with its ``action_masks()`` on the outside."""

    def __init__(self, env: gym.Env):
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now (all False once the episode is over)."""
        return self.env.get_wrapper_attr("action_masks")()


ACTION_MASKS = WrapperSpec(ActionMasks.class_name(), f"{__name__}:{ActionMasks.__name__}", {})
"""The wrapper's spec, as ``gymnasium.register(..., additional_wrappers=...)`` takes it."""

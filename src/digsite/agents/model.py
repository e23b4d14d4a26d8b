"""A trained sb3-contrib MaskablePPO model as an agent: the ``model:PATH`` kind of
:func:`~digsite.agents.make_agent`, usable in any seat (play, records, single-seat envs)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

MODEL_PREFIX = "model:"


class ModelAgent:
    """``ModelAgent(path)``: the model's deterministic choice among the legal actions."""

    def __init__(self, path: str | Path):
        path = Path(path)
        try:
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise ValueError(
                f'a model opponent needs sb3-contrib: pip install "digsite[train]" ({path})'
            ) from None
        if not path.is_file():
            raise ValueError(f"model file {path} not found; train one with train.py")
        self.path = path
        self.model = MaskablePPO.load(path, device="cpu")

    def __call__(self, observation: np.ndarray, action_mask: np.ndarray) -> int:
        mask = np.asarray(action_mask, dtype=bool)  # a writable copy, as torch wants
        action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

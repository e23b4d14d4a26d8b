"""Text rendering shared by every env: ``"ansi"`` returns the picture, ``"human"`` prints it."""

from __future__ import annotations

from gymnasium import logger

from ..core.options import choice

RENDER_MODES = ["ansi", "human"]
RENDER_MODE = choice("render_mode", None, (None, *RENDER_MODES), doc="None: draw only when asked")
"""The ``render_mode`` option of every env."""


def render(state, render_mode: str | None) -> str | None:
    if render_mode is None:
        logger.warn("render() called without a render_mode; pass render_mode='ansi'.")
        return None
    text = state.render() if state is not None else "(not reset)"
    if render_mode == "human":
        print(text)
        return None
    return text

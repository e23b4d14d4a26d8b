"""Rendering shared by every env: ``"ansi"`` returns the text picture, ``"human"`` prints it,
``"rgb_array"`` returns it as an image (:mod:`digsite.drawing`); the spectator's picture."""

from __future__ import annotations

from gymnasium import logger

from ..core.options import choice

RENDER_MODES = ["ansi", "human", "rgb_array"]
RENDER_MODE = choice("render_mode", None, (None, *RENDER_MODES), doc="None: draw only when asked")
"""The ``render_mode`` option of every env."""
NOT_RESET = "(not reset)"


def render(state, render_mode: str | None):
    if render_mode is None:
        logger.warn("render() called without a render_mode; pass render_mode='ansi'.")
        return None
    if render_mode == "rgb_array":
        from ..drawing import page, picture  # Pillow is loaded only when a picture is asked

        return picture(state) if state is not None else page(NOT_RESET)
    text = state.render() if state is not None else NOT_RESET
    if render_mode == "human":
        print(text)
        return None
    return text

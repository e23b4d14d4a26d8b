"""Text rendering shared by every env: ``"ansi"`` returns the picture, ``"human"`` prints it."""

from __future__ import annotations

from gymnasium import logger

RENDER_MODES = ["ansi", "human"]


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode {render_mode!r} is not supported; use one of {RENDER_MODES} or None"
        )


def render(state, render_mode: str | None) -> str | None:
    if render_mode is None:
        logger.warn("render() called without a render_mode; pass render_mode='ansi'.")
        return None
    text = state.render() if state is not None else "(not reset)"
    if render_mode == "human":
        print(text)
        return None
    return text

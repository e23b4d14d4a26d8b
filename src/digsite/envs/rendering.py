"""Rendering shared by every env, the spectator's picture: ``"ansi"`` returns the text picture,
``"rgb_array"`` the board picture as an array (:mod:`digsite.drawing`), and ``"human"`` shows
the board picture in a window when there is a display and pygame (as PettingZoo's classic envs
do), or prints the text picture otherwise."""

from __future__ import annotations

import os

from gymnasium import logger

from ..core.errors import ResetNeededError
from ..core.options import choice

RENDER_MODES = ["ansi", "human", "rgb_array"]
RENDER_MODE = choice("render_mode", None, (None, *RENDER_MODES), doc="None: draw only when asked")
"""The ``render_mode`` option of every env."""
NOT_RESET = "(not reset)"
WINDOW_TITLE = "digsite"


class Renders:
    """``render()``, ``close()``, ``action_to_string()`` and ``metadata`` for an env with
    ``game_state`` and ``render_mode`` (every env of the package): the window of ``"human"`` is
    opened on the first picture, when a display and pygame are there, and closed with the env;
    before the first ``reset`` there is no game (``ResetNeededError``)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}
    _window: bool | None = None
    """Whether ``"human"`` shows its pictures in a window (found on the first picture)."""
    _screen = None

    def render(self):
        """What ``env.render()`` returns in the env's ``render_mode`` (the module docstring)."""
        state, mode = self.game_state, self.render_mode
        if mode is None:
            logger.warn("render() called without a render_mode; pass render_mode='ansi'.")
            return None
        if mode == "human" and self._window is None:
            displays = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
            self._window = any(os.environ.get(name) for name in displays) or os.name == "nt"
            if self._window:
                try:
                    import pygame  # noqa: F401
                except ImportError:
                    self._window = False
        if mode == "rgb_array" or (mode == "human" and self._window):
            from ..drawing import page, picture  # Pillow is loaded only when a picture is asked

            pixels = picture(state) if state is not None else page(NOT_RESET)
            if mode == "rgb_array":
                return pixels
            self._show(pixels)
            return None
        text = state.render() if state is not None else NOT_RESET
        if mode == "human":
            print(text)
            return None
        return text

    def _show(self, pixels) -> None:
        import pygame

        height, width = pixels.shape[:2]
        if self._screen is None or self._screen.get_size() != (width, height):
            pygame.display.init()
            pygame.display.set_caption(WINDOW_TITLE)
            self._screen = pygame.display.set_mode((width, height))
        self._screen.blit(pygame.surfarray.make_surface(pixels.swapaxes(0, 1)), (0, 0))
        pygame.event.pump()
        pygame.display.flip()

    def close(self) -> None:
        if self._screen is not None:
            import pygame

            pygame.display.quit()
            self._screen = None
        self._window = None

    def action_to_string(self, action: int) -> str:
        """Readable meaning of an action id in the current position."""
        self._require_reset("action_to_string")
        return self.game_state.action_to_string(action)

    def _require_reset(self, what: str) -> None:
        if self.game_state is None:
            raise ResetNeededError(f"call reset() before {what}(): the env has no game yet")

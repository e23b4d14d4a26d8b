"""Game-agnostic core: engine protocol, AEC adapter, single-seat Gymnasium env, registry."""

from .engine import (
    TERMINAL,
    ConfigError,
    CorruptStateError,
    Game,
    IllegalActionError,
    State,
    win_loss_returns,
)

__all__ = [
    "TERMINAL",
    "ConfigError",
    "CorruptStateError",
    "Game",
    "IllegalActionError",
    "State",
    "win_loss_returns",
]

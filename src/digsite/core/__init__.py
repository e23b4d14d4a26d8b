"""Game-agnostic core, free of PettingZoo and Gymnasium: the engine contract (``engine``), the
turn-based state base (``turn_based``) and its task queue (``tasks``), with its declared
decisions (``decisions``), actions (``actions``) and fields (``fields``), options, component
data, views, encoding helpers and the policy protocol.  The RL adapters built on it are in
:mod:`digsite.envs`."""

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

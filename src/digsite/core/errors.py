"""The errors every game raises for bad input, each naming what was wrong and what is allowed
(re-exported by :mod:`digsite.core.engine`)."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current state. The state is left untouched."""


class ConfigError(ValueError):
    """A game configuration option that is unknown or out of range."""


class CorruptStateError(ValueError):
    """A saved state (``to_dict`` output) that cannot be a position of this game."""


class ResetNeededError(AttributeError):
    """An env with no game to play: used before its first ``reset()`` (or, for the AEC env,
    read after every agent has left the finished game).  An AttributeError, as PettingZoo's
    order-enforcing wrapper raises for what is read before ``reset()``."""


def quoted(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut short to ``limit``: a message quotes a bad value, not a whole file."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."

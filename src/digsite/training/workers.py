"""SB3's ``SubprocVecEnv`` with exchanges that Ctrl-C cannot cut in two.

SB3 asks every worker in turn and reads their answers in turn.  A KeyboardInterrupt raised
after one answer is read and before the next one would put the pipes out of step: SB3's
``close`` then reads one answer from each worker and waits for ever for the one already read
(and a later question would get an old answer).  Here a Ctrl-C during an exchange is held until
the exchange ends, then raised.
"""

from __future__ import annotations

import functools
import signal
import threading
from collections.abc import Callable
from typing import Any

from stable_baselines3.common.vec_env import SubprocVecEnv

EXCHANGES = (
    "step_wait",
    "reset",
    "get_images",
    "has_attr",
    "get_attr",
    "set_attr",
    "env_method",
    "env_is_wrapped",
)
"""The methods that read every worker's answer (``close``: those of a step left unfinished)."""


def whole(exchange: Callable[..., Any]) -> Callable[..., Any]:
    """``exchange`` with SIGINT held until it returns.  Only the main thread handles signals,
    and a handler not set from Python (``getsignal`` gives None) cannot be put back: there the
    exchange runs as it is."""

    @functools.wraps(exchange)
    def held(*args: Any, **kwargs: Any) -> Any:
        main = threading.current_thread() is threading.main_thread()
        if not main or signal.getsignal(signal.SIGINT) is None:
            return exchange(*args, **kwargs)
        caught: list[int] = []
        previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
        try:
            return exchange(*args, **kwargs)
        finally:
            signal.signal(signal.SIGINT, previous)
            if caught:
                signal.raise_signal(signal.SIGINT)  # to the handler that was there

    return held


class Workers(SubprocVecEnv):
    """A ``SubprocVecEnv`` that a Ctrl-C leaves in step with its workers (see the module)."""


for _name in EXCHANGES:
    setattr(Workers, _name, whole(getattr(SubprocVecEnv, _name)))

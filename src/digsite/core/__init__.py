"""Game-agnostic core, free of PettingZoo and Gymnasium: the engine contract (``engine``), the
turn-based state base (``turn_based``) and its task queue (``tasks``), with its declared
decisions (``decisions``), actions (``actions``) and fields (``fields``), the chance stream
(``chance``), options, the game spec (``spec``), component data, views, encoding helpers and
the policy protocol.  The RL adapters built on it are in :mod:`digsite.envs`.

The names below are the kit for writing a game, digsite's own or one of yours (the page "Write
your own game"): a :class:`GameSpec`; an :class:`ActionTable` and :class:`DecisionKinds`; the
state's :class:`Field` s in :class:`StateFields`; a :class:`TurnBasedState` (with
:class:`Chance` for draws during play) and a :class:`TurnBasedGame` with its typed options
(:func:`choice`, :func:`integer`, :func:`flag`, :func:`number`); the observation's
:class:`ObservationLayout`; a :class:`HeuristicAgent`.  Pictures are drawn with
:mod:`digsite.core.canvas` (optional).
"""

from .actions import ActionTable
from .chance import Chance
from .decisions import DecisionKinds
from .encoding import ObservationLayout
from .engine import TERMINAL, Game, State, win_loss_returns
from .errors import ConfigError, CorruptStateError, IllegalActionError
from .fields import Field, StateFields, last_player, players
from .options import Option, choice, flag, integer, number
from .policy import HeuristicAgent
from .spec import GameSpec, SearchSettings
from .turn_based import TurnBasedGame, TurnBasedState, mask_of

__all__ = [
    "TERMINAL",
    "ActionTable",
    "Chance",
    "ConfigError",
    "CorruptStateError",
    "DecisionKinds",
    "Field",
    "Game",
    "GameSpec",
    "HeuristicAgent",
    "IllegalActionError",
    "ObservationLayout",
    "Option",
    "SearchSettings",
    "State",
    "StateFields",
    "TurnBasedGame",
    "TurnBasedState",
    "choice",
    "flag",
    "integer",
    "last_player",
    "mask_of",
    "number",
    "players",
    "win_loss_returns",
]

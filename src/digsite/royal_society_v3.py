from .envs.factory import make_env_functions
from .games import royal_society as _game
from .games.royal_society.rules import OPTIONS, RoyalSocietyGame

__doc__ = _game.__doc__
env, raw_env = make_env_functions(RoyalSocietyGame, OPTIONS)

__all__ = ["env", "raw_env"]

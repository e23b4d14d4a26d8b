from .envs.factory import make_env_functions
from .games import royal_society as _game
from .games.royal_society.spec import SPEC

__doc__ = _game.__doc__
env, raw_env = make_env_functions(SPEC)

__all__ = ["env", "raw_env"]

from .envs.factory import make_env_functions
from .games import medieval_realms as _game
from .games.medieval_realms.spec import SPEC

__doc__ = _game.__doc__
env, raw_env = make_env_functions(SPEC)

__all__ = ["env", "raw_env"]

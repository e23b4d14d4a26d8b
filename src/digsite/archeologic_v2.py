from .envs.factory import make_env_functions
from .games import archeologic as _game
from .games.archeologic.spec import SPEC

__doc__ = _game.__doc__
env, raw_env = make_env_functions(SPEC)

__all__ = ["env", "raw_env"]

from .envs.factory import make_env_functions
from .games import archeologic as _game
from .games.archeologic.rules import OPTIONS, ArcheOlogicGame

__doc__ = _game.__doc__
env, raw_env = make_env_functions(ArcheOlogicGame, OPTIONS)

__all__ = ["env", "raw_env"]

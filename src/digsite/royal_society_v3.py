from .envs.factory import game_module
from .games.royal_society.spec import SPEC

__doc__, env, raw_env = game_module(SPEC)
__all__ = ["env", "raw_env"]

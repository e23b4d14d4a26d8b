"""Game-specific Gymnasium envs (solo modes), registered on ``import digsite``."""

"""Shards, as every generic surface of digsite reads it: the entry point's value."""

from digsite.core import GameSpec

SPEC = GameSpec(
    name="shards",
    version=1,
    title="Shards",
    game_class="digsite_shards.rules:ShardsGame",
    modes=("2 players", "3 players", "4 players"),
    status="complete (an example game of our own design)",
    player_counts=(2, 3, 4),
    heuristic_agent="digsite_shards.heuristic:ShardsHeuristic",
    drawing="digsite_shards.drawing",
)

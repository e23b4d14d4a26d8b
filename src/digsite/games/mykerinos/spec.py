"""Mykerinos, as every generic surface reads it (:mod:`digsite.core.spec`)."""

from ...core.spec import GameSpec, SearchSettings

SPEC = GameSpec(
    name="mykerinos",
    version=1,
    title="Mykerinos",
    game_class=f"{__package__}.rules:MykerinosGame",
    modes=(
        "2 players with the neutral colour",
        "3 players",
        "4 players",
        "museum_two_rooms=4 (open-fan Museum)",
    ),
    status="complete; card faces reconstructed (the real ones are not public)",
    player_counts=(2, 3, 4),
    heuristic_agent=f"{__package__}.heuristic:MykerinosHeuristic",
    drawing=f"{__package__}.drawing",
    search=SearchSettings(iterations=50, horizon=30, margin_scale=10.0),
    test_configs=(
        {"num_players": 2},
        {"num_players": 3},
        {"num_players": 4},
        {"num_players": 3, "museum_two_rooms": 4},
    ),
)

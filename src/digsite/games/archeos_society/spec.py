"""Archeos Society, as every generic surface reads it (:mod:`digsite.core.spec`)."""

from ...core.spec import GameSpec

SPEC = GameSpec(
    name="archeos_society",
    version=2,
    title="Archeos Society",
    game_class=f"{__package__}.rules:ArcheosSocietyGame",
    modes=(
        "2-6 players (2 seasons at 2-3, 3 at 4-6)",
        "setup='chichen_itza' (first game, default), 'rapa_nui', 'ta_sekhet_maat', "
        "'tantallon_castle', 'uluru', 'ur' (scenarios)",
        "setup='random' (6 random roles, one random advanced site)",
        "setup='draft' (custom set-up: role draft and site sides chosen by the players)",
    ),
    status="complete; site tracks, tables and scenario roles reconstructed",
    player_counts=(2, 3, 4, 5, 6),
    heuristic_agent=f"{__package__}.heuristic:ArcheosSocietyHeuristic",
    drawing=f"{__package__}.drawing",
    test_configs=(
        {"num_players": 2, "setup": "chichen_itza"},
        {"num_players": 3, "setup": "rapa_nui"},
        {"num_players": 4, "setup": "ta_sekhet_maat"},
        {"num_players": 5, "setup": "tantallon_castle"},
        {"num_players": 6, "setup": "uluru"},
        {"num_players": 4, "setup": "ur"},
        {"num_players": 3, "setup": "random"},
        {"num_players": 4, "setup": "draft"},
    ),
    fuzz_games=12,
    search_games=0,  # random rollouts of ~600-900 decisions: searched in its own tests
)

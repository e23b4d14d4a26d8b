"""ArcheOlogic, as every generic surface reads it (:mod:`digsite.core.spec`)."""

from ...core.spec import GameSpec, SoloMeasure, SoloSpec


def solo_measure(game) -> SoloMeasure:
    """Solved quests, scored by their time (lower is better), with the rulebook's titles."""
    from .titles import APPRENTICE, MASTER, SEASONED

    return SoloMeasure("solved", "time", True, (MASTER, SEASONED, APPRENTICE))


SPEC = GameSpec(
    name="archeologic",
    version=2,
    title="ArcheOlogic",
    game_class=f"{__package__}.rules:ArcheOlogicGame",
    modes=(
        "solo (num_players=1, time as score)",
        "2-4 players racing on the time track",
        "guess_variant='rulebook' (wrong guess eliminates) or 'app' (per-building feedback)",
        "num_clues=3..5 (solo: the rulebook's 3, or 4-5 with solo_more_clues=True)",
        "extra_clues=[0-2 per seat] (the rulebook's extra clues for new players)",
        "expert=True (digsite's own expert clues: trap counts on axes)",
        "learning aids: belief_features=True (the exact belief in the observation), "
        "consistent_guesses=True (guesses masked to the layouts still possible)",
    ),
    status="complete; generated quests, fan-app tiles; solo titles; exact deduction agent",
    player_counts=(1, 2, 3, 4),
    gym_name="ArcheOlogic",
    heuristic_agent=f"{__package__}.heuristic:DeductionAgent",
    drawing=f"{__package__}.drawing",
    solo=SoloSpec(
        name="ArcheOlogicSolo",
        mode=f"{__package__}.solo:ArcheOlogicSolo",
        measure=f"{__name__}:solo_measure",
    ),
    test_configs=(
        {"num_players": 1},
        {"num_players": 1, "guess_variant": "app"},
        {"num_players": 2},
        {"num_players": 3, "guess_variant": "app"},
        {"num_players": 4},
        {"num_players": 2, "expert": True},
        {"num_players": 3, "extra_clues": [0, 1, 2]},
        {
            "num_players": 2,
            "guess_variant": "app",
            "belief_features": True,
            "consistent_guesses": True,
        },
    ),
)

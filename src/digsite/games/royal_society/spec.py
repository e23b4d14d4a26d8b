"""The Royal Society of Archeology, as every generic surface reads it (:mod:`digsite.core.spec`)."""

from ...core.spec import GameSpec, SearchSettings, SoloMeasure, SoloSpec


def solo_measure(game) -> SoloMeasure:
    """Solo scores against the Automa, with the titles of the game's data, best first; a title
    above the lowest is a success (a positive return)."""
    titles = tuple(name for _, name in sorted(game.rb.titles, reverse=True))
    return SoloMeasure(f"{sorted(game.rb.titles)[1][0]} or more", "score", False, titles)


SPEC = GameSpec(
    name="royal_society",
    version=3,
    title="The Royal Society of Archeology",
    game_class=f"{__package__}.rules:RoyalSocietyGame",
    modes=(
        "solo against the Automa (num_players=1)",
        "2 players mode='confrontation' (neutral blocking discs)",
        "2 players mode='competitive' (the Automa as a third society)",
        "3 players",
        "4 players",
        "simplified=True (first-game set-up)",
    ),
    status=(
        "complete in every mode; set-up choices are decisions; optional actions at any point "
        "of one's turn where they matter; most cards reconstructed (replaceable through data "
        "options)"
    ),
    player_counts=(1, 2, 3, 4),
    heuristic_agent=f"{__package__}.heuristic:RoyalSocietyHeuristic",
    drawing=f"{__package__}.drawing",
    search=SearchSettings(iterations=20, horizon=20, margin_scale=10.0, bias=1.0),
    solo=SoloSpec(
        name="RoyalSocietySolo",
        mode=f"{__package__}.solo:RoyalSocietySolo",
        measure=f"{__name__}:solo_measure",
    ),
    test_configs=(
        {"num_players": 1},
        {"num_players": 2, "mode": "confrontation"},
        {"num_players": 2, "mode": "competitive"},
        {"num_players": 3},
        {"num_players": 4},
        {"num_players": 3, "simplified": True},
    ),
    fuzz_games=12,
    search_games=2,  # solo games of ~300 decisions: a legality check more than a contest
)

"""Medieval Realms, as every generic surface reads it (:mod:`digsite.core.spec`)."""

from ...core.spec import GameSpec, SearchSettings

SPEC = GameSpec(
    name="medieval_realms",
    version=1,
    title="Medieval Realms",
    game_class=f"{__package__}.rules:MedievalRealmsGame",
    modes=("2 players (buffer Mayors)", "3 players", "4 players", "5 players (lands 9-10)"),
    status="complete; deck, land rewards and starting capital reconstructed (no public card list)",
    player_counts=(2, 3, 4, 5),
    heuristic_agent=f"{__package__}.heuristic:MedievalRealmsHeuristic",
    drawing=f"{__package__}.drawing",
    search=SearchSettings(iterations=50),
    fuzz_games=30,
)

"""The conformance suite of digsite games, public: point it at any game, digsite's own or one
of your own (a plugin, or a spec not registered at all), and it checks what every game must
keep. PettingZoo's API and seed tests; the view contract both ways (resampling what a player
cannot know changes nothing that player sees or is asked, and different views give different
observations); what follows a move and what a player reads of it; determinism; saving and
loading, and the refusal of corrupt saves; the invariants under random play; the env's and
the single-seat Gymnasium env's behaviour; OpenSpiel's ``random_sim_test`` when ``open_spiel``
is installed.  Each failure names the view field, observation piece or fact at fault.  While a
check runs, a field that the game's state writes only with ``put`` (its ``PUT``) refuses any
other write (:func:`digsite.testing.writes.refused_writes`).

It runs as ``check_game("mygame")`` (every check, every configuration the spec lists),
``python -m digsite.testing mygame`` or, in pytest, :class:`digsite.testing.plugin.Conformance`
(``docs/your-own-game.md``).  The checks are :data:`CHECKS` (:mod:`digsite.testing.checks`);
the helpers of random play are in :mod:`digsite.testing.play`.
"""

from .cases import Case, cases
from .checks import CHECKS, CheckSkipped
from .suite import ConformanceError, Result, check_game, run_check

__all__ = [
    "CHECKS",
    "Case",
    "CheckSkipped",
    "ConformanceError",
    "Result",
    "cases",
    "check_game",
    "run_check",
]

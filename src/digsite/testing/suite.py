"""Running the checks on a game: :func:`check_game`, and :func:`run_check` for one case."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from ..core.spec import GameSpec
from .cases import Case, cases
from .checks import CHECKS, CheckSkipped
from .writes import refused_writes

PASSED, SKIPPED, FAILED = "passed", "skipped", "failed"


class Result(NamedTuple):
    """One check on one case: ``passed``, ``skipped`` or ``failed``, with what it said."""

    check: str
    case: Case
    outcome: str
    message: str = ""

    def __str__(self) -> str:
        said = f": {self.message}" if self.message else ""
        return f"{self.case.id}: {self.check} {self.outcome}{said}"


class ConformanceError(AssertionError):
    """The checks a game fails (``failures``), each naming its case and what is wrong."""

    def __init__(self, failures: list[Result]):
        self.failures = failures
        games = sorted({r.case.spec.name for r in failures})
        lines = [f"{', '.join(games)}: {len(failures)} conformance check(s) failed"]
        super().__init__("\n".join([*lines, *(f"- {r}" for r in failures)]))


def run_check(name: str, case: Case) -> None:
    """Run the check ``name`` (of :data:`~digsite.testing.checks.CHECKS`) on ``case``: an
    ``AssertionError`` naming what is wrong, or :class:`CheckSkipped`."""
    if name not in CHECKS:
        raise ValueError(f"no check {name!r}; checks: {', '.join(CHECKS)}")
    with refused_writes(getattr(case.spec.load_game_class(), "state_class", object)):
        CHECKS[name](case)


def check_game(
    game: str | GameSpec,
    configs: Iterable[Mapping[str, Any]] | None = None,
    checks: Iterable[str] | None = None,
    report: Callable[[Result], Any] | None = None,
) -> list[Result]:
    """Run ``checks`` (default: every one) on ``game`` (a registered game's name, or a spec) in
    each of ``configs`` (default: those its spec lists); ``report`` is called with each result
    as it comes.  Returns every result; raises :class:`ConformanceError` listing each failure
    if any check fails (a crash of the game's code counts as a failure, and is chained)."""
    names = list(CHECKS if checks is None else checks)
    if unknown := [n for n in names if n not in CHECKS]:
        raise ValueError(f"no check {', '.join(unknown)}; checks: {', '.join(CHECKS)}")
    results, first_error = [], None
    for case in cases(game, configs):
        for name in names:
            try:
                run_check(name, case)
                result = Result(name, case, PASSED)
            except CheckSkipped as skip:
                result = Result(name, case, SKIPPED, str(skip))
            except Exception as err:  # AssertionError: a broken contract; else a crash
                said = str(err) if isinstance(err, AssertionError) else f"{err!r}"
                result = Result(name, case, FAILED, said or type(err).__name__)
                first_error = first_error or err
            results.append(result)
            if report is not None:
                report(result)
    if failures := [r for r in results if r.outcome == FAILED]:
        raise ConformanceError(failures) from first_error
    return results

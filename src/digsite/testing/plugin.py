"""The conformance suite in pytest: subclass :class:`Conformance` in a test module.

::

    from digsite.testing.plugin import Conformance

    class TestMyGame(Conformance):
        games = ["mygame"]

gives one test per check and configuration (``test_api_test[mygame-num_players2]``...), each
failing with the check's message and skipped when a library it needs is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import pytest

from ..core.spec import GameSpec
from .cases import Case, cases
from .checks import CHECKS, CheckSkipped
from .suite import run_check

CASE = "digsite_case"
"""The argument every test of :class:`Conformance` takes: a :class:`Case`."""


class Conformance:
    """Every check of :data:`~digsite.testing.checks.CHECKS` as a test method, run on each
    case of ``games`` (names or specs) in ``configs`` (default: those each spec lists)."""

    games: ClassVar[Sequence[str | GameSpec]] = ()
    configs: ClassVar[Sequence[Mapping[str, Any]] | None] = None

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        if CASE in metafunc.fixturenames:
            found = [case for game in self.games for case in cases(game, self.configs)]
            metafunc.parametrize(CASE, found, ids=[case.id for case in found])


def _test(name: str) -> Callable[[Conformance, Case], None]:
    def test(self: Conformance, digsite_case: Case) -> None:
        try:
            run_check(name, digsite_case)
        except CheckSkipped as skip:
            pytest.skip(str(skip))

    test.__name__ = test.__qualname__ = f"test_{name}"
    test.__doc__ = CHECKS[name].__doc__
    return test


for _name in CHECKS:
    setattr(Conformance, f"test_{_name}", _test(_name))

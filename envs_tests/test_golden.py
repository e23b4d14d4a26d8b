"""Golden playthroughs (``golden.py``): every configuration replays byte-identically."""

from __future__ import annotations

import json

from .golden import KINDS, config_id, path, playthrough


def test_golden_playthroughs_replay_identically(case):
    entry, config, module = case
    stored = json.loads(path(entry).read_text())
    assert stored["env"] == entry.env_id, (
        f"golden playthroughs were recorded on {stored['env']}: regenerate them for "
        f"{entry.env_id} (python -m envs_tests.golden) and say why in CHANGELOG.md"
    )
    games = stored["games"].get(config_id(config))
    assert games is not None, f"no golden playthrough of {config}: python -m envs_tests.golden"
    for kind in KINDS:
        expected = games[kind]
        got = playthrough(entry, config, kind, stored["seed"])
        first = next(
            (i for i, (a, b) in enumerate(zip(expected, got, strict=False)) if a != b),
            min(len(expected), len(got)),
        )
        assert got == expected, (
            f"the {kind} game (seed {stored['seed']}) first differs at step {first} "
            f"({len(expected)} steps recorded, {len(got)} now)"
        )

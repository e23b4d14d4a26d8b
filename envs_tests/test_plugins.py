"""Games of other distributions plug in through the ``digsite.games`` entry point group and get
every generic surface: ids, ``digsite list``, the generic env factory."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import replace
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import digsite
from digsite.games import BUILTIN, ENTRY_POINT_GROUP, PluginWarning, plugin_specs
from digsite.games.mykerinos.spec import SPEC

NOT_A_SPEC = "not a spec"
RENAMED = replace(SPEC, name="Bad-Name")
SAME_GYM_NAME = replace(SPEC, name="twin")
"""Mykerinos under another name, but with its Gymnasium ids (``digsite/Mykerinos2p-v1``)."""


def point(name: str, attribute: str) -> EntryPoint:
    return EntryPoint(name, f"{__name__}:{attribute}", ENTRY_POINT_GROUP)


def test_a_plugin_is_loaded_and_a_bad_one_is_left_out_with_a_warning_saying_why():
    with pytest.warns(PluginWarning) as caught:
        specs = plugin_specs(
            [
                point("broken", "NO_SUCH_NAME"),
                point("mykerinos", "SPEC"),  # the name is taken
                point("other", "SPEC"),  # not named after its game
                point("text", "NOT_A_SPEC"),
                point("Bad-Name", "RENAMED"),
                point("twin", "SAME_GYM_NAME"),
            ],
            BUILTIN,
        )
    assert specs == ()
    said = sorted(str(w.message) for w in caught)
    assert len(said) == 6
    assert "'Bad-Name'" in said[0] and "lower case letters" in said[0]
    assert "'broken'" in said[1] and "does not load" in said[1] and "NO_SUCH_NAME" in said[1]
    assert "'mykerinos'" in said[2] and "another game has" in said[2]
    assert "'other'" in said[3] and "named after its game" in said[3]
    assert "'text'" in said[4] and "gives str" in said[4]
    assert "'twin'" in said[5] and "digsite/mykerinos2p-v1" in said[5]
    others = [s for s in BUILTIN if s.name != "mykerinos"]
    assert plugin_specs([point("mykerinos", "SPEC")], others) == (SPEC,)


TOY_SPEC = """
from dataclasses import replace

from digsite.games.mykerinos.spec import SPEC as MYKERINOS

SPEC = replace(
    MYKERINOS, name="toy", title="Toy", gym_name="Toy", game_class="toy.rules:ToyGame"
)
"""
TOY_RULES = """
from digsite.games.mykerinos.rules import MykerinosGame

from .spec import SPEC


class ToyGame(MykerinosGame):
    spec = SPEC
"""


@pytest.fixture(scope="module")
def toy_site(tmp_path_factory):
    """A folder holding an installed distribution ``toy`` whose entry point adds the game
    ``toy`` (Mykerinos under another name), as ``pip install`` leaves one."""
    site = tmp_path_factory.mktemp("site")
    (site / "toy").mkdir()
    (site / "toy" / "__init__.py").write_text('"""Toy: Mykerinos by another name."""\n')
    (site / "toy" / "spec.py").write_text(TOY_SPEC)
    (site / "toy" / "rules.py").write_text(TOY_RULES)
    info = site / "toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\ntoy = toy.spec:SPEC\n")
    return site


def run(site, code: str) -> str:
    """``code`` run by a fresh interpreter that finds ``site`` and this digsite."""
    path = [str(site), str(Path(digsite.__file__).parents[1]), os.environ.get("PYTHONPATH", "")]
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env={**os.environ, "PYTHONPATH": os.pathsep.join(path)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_an_installed_plugin_gets_ids_the_generic_env_and_digsite_list(toy_site):
    out = run(
        toy_site,
        """
        import pettingzoo, digsite
        from digsite.games import PLUGINS
        from digsite.__main__ import list_environments
        print([s.name for s in PLUGINS])
        env = pettingzoo.make("aec", "digsite/toy-v1", num_players=2)
        env.reset(seed=0)
        print(env.unwrapped.game.name, env.unwrapped.metadata["name"])
        print(digsite.make_env("toy", num_players=3).game.num_players)
        print(list_environments())
        """,
    )
    lines = out.splitlines()
    assert lines[:3] == ["['toy']", "toy toy_v1", "3"]
    assert "digsite/toy-v1  (Toy; 2, 3, 4 players;" in out
    assert "digsite.make_env('toy', num_players=2)  # from toy" in out
    assert "from digsite import toy_v1" not in out

"""The package as a newcomer meets it: import, the command line, registration."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pettingzoo
import pytest

import digsite
from digsite.core.policy import RandomPolicy
from digsite.envs.registry import ENVIRONMENTS, SINGLE_SEAT_GYM_IDS, SOLO_GYM_IDS
from digsite.games import BUILTIN


def test_import_is_light():
    code = "import sys, digsite; print('torch' in sys.modules, 'stable_baselines3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_a_tool_without_its_extra_names_the_extra():
    """With torch and scipy hidden, ``digsite train`` and ``digsite evaluate`` say which extra
    to install, and the arena (the loop every evaluation plays through) still imports."""
    code = (
        "import sys\n"
        "for name in ('torch', 'scipy', 'stable_baselines3', 'sb3_contrib'):\n"
        "    sys.modules[name] = None\n"
        "import digsite.agents.arena\n"
        "from digsite.__main__ import main\n"
        "for argv in (['train', '--timesteps', '1'], ['evaluate', '--games', '1']):\n"
        "    try:\n        main(argv)\n    except SystemExit as err:\n        print(err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    train, evaluate = out.stdout.splitlines()
    assert train.startswith("digsite train: ") and 'pip install "digsite[train]"' in train
    assert evaluate.startswith("digsite evaluate: ") and "digsite[evaluation]" in evaluate


def test_command_line_lists_every_environment():
    """From PettingZoo's and Gymnasium's registries, with the README's status words."""
    out = subprocess.run(
        [sys.executable, "-m", "digsite", "list"], capture_output=True, text=True, check=True
    )
    for entry in ENVIRONMENTS:
        assert entry.env_id in out.stdout
        assert ", ".join(str(n) for n in entry.player_counts) in out.stdout
        assert entry.status in out.stdout
    for env_id in [*SOLO_GYM_IDS, *SINGLE_SEAT_GYM_IDS]:
        assert f"\n{env_id}  (" in out.stdout
    assert "\ndigsite/Mykerinos3p-v1  (one seat of Mykerinos, 3 players)\n" in out.stdout


def test_every_environment_is_registered():
    from pettingzoo.env_registry.registration import aec_registry

    for entry in ENVIRONMENTS:
        assert entry.env_id in aec_registry
        env = pettingzoo.make("aec", entry.env_id)
        assert env.unwrapped.game.name == entry.name


def test_single_seat_episodes_replay_under_a_seed():
    def episode(seed):
        env = digsite.single_seat_env("mykerinos", num_players=3, opponents=RandomPolicy())
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace = [obs.tobytes()]
        done = False
        while not done:
            legal = np.flatnonzero(env.action_masks())
            obs, reward, done, _, info = env.step(int(legal[rng.integers(len(legal))]))
            trace.append(obs.tobytes())
        return trace, reward

    assert episode(5) == episode(5)


def test_superseded_versions_name_their_successor():
    """``from digsite import mykerinos_v0`` after a bump gives an env() that names the new
    version, as PettingZoo's own superseded envs do."""
    from pettingzoo.utils.deprecated_module import DeprecatedEnv

    for entry in BUILTIN:
        for old in range(entry.version):
            with pytest.raises(DeprecatedEnv, match=entry.module_name):
                getattr(digsite, f"{entry.name}_v{old}").env()
    with pytest.raises(AttributeError):
        digsite.mykerinos_v99  # noqa: B018


LAYERS = {
    "core": {"agents", "envs", "games", "gymnasium", "pettingzoo"},
    "games": {"agents", "envs", "gymnasium", "pettingzoo"},
    "agents": {"evaluation", "training", "rllib"},
    "evaluation": {"training", "rllib"},
}
"""What each layer must not import: the engine contract and the games know nothing of RL
libraries, adapters or agents; ``envs`` and ``agents`` build on them; the tools (evaluation,
training, RLlib) build on the agents, evaluation on nothing of training's."""


def _imported(path) -> set[str]:
    """Every package name in the imports of a module (relative ones by their parts)."""
    import ast

    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names.update((node.module or "").split("."))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names.update(alias.name.split("."))
    return names


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layers_import_only_what_they_build_on(layer):
    from pathlib import Path

    root = Path(digsite.__file__).parent / layer
    paths = sorted(root.rglob("*.py"))
    assert paths, f"no modules under {root}"
    for path in paths:
        forbidden = _imported(path) & LAYERS[layer]
        assert not forbidden, f"{path.relative_to(root.parent)} imports {sorted(forbidden)}"


def test_single_seat_opponents_by_kind_as_the_scripts_name_them():
    from digsite.agents import make_agent
    from digsite.core.errors import ConfigError

    env = digsite.single_seat_env("mykerinos", num_players=3, opponents="heuristic")
    assert {type(o).__name__ for o in env.opponents} == {"MykerinosHeuristic"}
    env = digsite.single_seat_env("mykerinos", num_players=2, opponents=["random", "heuristic"])
    assert [type(o).__name__ for o in env.opponents] == ["RandomPolicy", "MykerinosHeuristic"]
    env.reset(seed=0)
    with pytest.raises(ConfigError, match="opponents: unknown agent kind 'smart'; kinds: random"):
        digsite.single_seat_env("mykerinos", num_players=3, opponents="smart")
    with pytest.raises(ValueError, match="unknown digsite game 'catan'"):
        make_agent("random", "catan")

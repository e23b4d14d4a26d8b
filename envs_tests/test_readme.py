"""The README tells the truth: every ```python block and every command of every ```sh block
runs as written, in order, in one temporary folder (so an evaluation finds the model its
training wrote), with only the budget flags (``BUDGETS``) made small.  The few commands left
out are in ``SKIPPED`` with the reason.  Its game table shows each game's registry status, and
its example of ``make train``'s tables has the columns ``digsite evaluate`` prints."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()

BUDGETS = {
    "--timesteps": "64",
    "--imitation-steps": "300",
    "--eval-every": "32",
    "--eval-episodes": "2",
    "--games": "2",
    "--iterations": "1",
    "--mcts-iterations": "2",
    "--seconds": "0.05",
    "--repeats": "1",
}
"""Flags whose values are budgets, and the small values the test gives them."""

SKIPPED = {
    "make": "make train and make test create .venv and install the package (minutes; CI runs "
    "make test itself)",
    "pip": "installs into the environment running the tests (make's set-up runs the same install)",
    "training_scripts/train_rllib.py": "starts a Ray instance (tens of seconds at the least); "
    "envs_tests/test_rllib.py runs the same tool with a tiny budget",
}
"""Commands not run, by the word that picks them out, and why."""

STDIN = {"play": "quit\n"}
"""What a person would type into an interactive command (the README's ``digsite play``)."""


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def commands() -> list[list[str]]:
    """Every command of the README's sh blocks, as words (continuations joined, comments
    dropped)."""
    found = []
    for block in blocks("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words:
                found.append(words)
    return found


def skip_reason(words: list[str]) -> str | None:
    return next((why for word, why in SKIPPED.items() if word in words), None)


def with_budgets(words: list[str]) -> list[str]:
    return [
        BUDGETS[words[i - 1]] if i and words[i - 1] in BUDGETS else word
        for i, word in enumerate(words)
    ]


def runnable(words: list[str]) -> list[str]:
    """The command for this interpreter: ``python`` is ``sys.executable``, ``digsite`` is
    ``python -m digsite`` (the package under test, even without its console script)."""
    program, *rest = with_budgets(words)
    if program in ("python", "python3"):
        return [sys.executable, *rest]
    if program == "digsite":
        return [sys.executable, "-m", "digsite", *rest]
    raise AssertionError(f"README command {shlex.join(words)!r}: unknown program {program!r}")


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """A temporary folder with the repository's scripts, as the README's commands expect."""
    folder = tmp_path_factory.mktemp("readme")
    (folder / "training_scripts").symlink_to(ROOT / "training_scripts")
    return folder


def environment() -> dict[str, str]:
    source = str(ROOT / "src")
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (source, path) if p)}


def test_readme_python_blocks_run(folder, monkeypatch):
    monkeypatch.chdir(folder)
    python = blocks("python")
    assert len(python) >= 3
    for block in python:
        exec(compile(block, "README.md", "exec"), {})


CONSUMERS = ("--from-run", "--model", "replay", "export")
"""Words of a command that reads what the commands before it wrote (a run, a record)."""


def chains() -> list[list[list[str]]]:
    """The README's commands in independent chains, each in the README's order: a command that
    reads what an earlier one wrote (``CONSUMERS``) joins the chain of the command before it;
    any other starts a chain.  Chains run side by side (pytest-xdist), each in its folder."""
    found: list[list[list[str]]] = []
    for words in commands():
        if skip_reason(words):
            continue
        if found and any(word in CONSUMERS for word in words):
            found[-1].append(words)
        else:
            found.append([words])
    return found


def test_readme_commands_are_mostly_run():
    found = commands()
    assert len(found) >= 15
    skipped = [words for words in found if skip_reason(words)]
    assert len(skipped) <= 6, "keep the skipped list short"
    assert sum(map(len, chains())) == len(found) - len(skipped)


@pytest.mark.parametrize(
    "chain", chains(), ids=lambda chain: " ".join(chain[0][:4])[:60].replace(" ", "_")
)
def test_readme_commands_run(chain, tmp_path):
    """Every command, in its chain's order (a command's outputs are the next ones' inputs)."""
    (tmp_path / "training_scripts").symlink_to(ROOT / "training_scripts")
    for words in chain:
        command = runnable(words)
        stdin = next((text for word, text in STDIN.items() if word in words[:2]), None)
        done = subprocess.run(
            command,
            cwd=tmp_path,
            env=environment(),
            input=stdin or "",
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{shlex.join(words)}\n{done.stdout[-2000:]}{done.stderr}"


def test_readme_game_table_shows_each_registry_status():
    from digsite.games import BUILTIN

    rows = [line for line in README.splitlines() if line.startswith("| ") and "`digsite/" in line]
    for entry in BUILTIN:
        (row,) = [line for line in rows if f"`{entry.env_id}`" in line]
        assert row.rstrip(" |").rsplit("|", 1)[1].strip() == entry.status


def test_readme_make_train_tables_have_the_printed_columns():
    """The README's example of ``make train``'s output has the columns evaluate prints."""
    pytest.importorskip("pandas")
    from digsite.evaluation import tables
    from digsite.evaluation.stats import Tally

    tally = Tally("MaskablePPO", [1.0, -1.0], [20.0, 10.0])
    header = tables.text(tables.frame([tally.row()])).splitlines()[0].split()
    example = README.split("the second against the rules-based heuristic player):")[1]
    example = example.split("```")[1]
    printed = [line.split() for line in example.splitlines() if line.lstrip().startswith("agent")]
    assert len(printed) == 2 and all(line == header for line in printed)


def test_readme_gymnasium_table_has_each_games_ids():
    """The README's table of Gymnasium ids: each game's name in them, its player counts of one
    seat, its version and its solo id, as the specs declare them."""
    from digsite.games import BUILTIN

    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in README.splitlines()
        if line.startswith("| ")
    ]
    for entry in BUILTIN:
        (row,) = [r for r in rows if len(r) == 5 and r[0] == entry.title and r[1][:1] == "`"]
        low, high = entry.single_seat_counts[0], entry.single_seat_counts[-1]
        assert entry.single_seat_counts == tuple(range(low, high + 1))
        name, solo = f"`{entry.gym_name}`", f"`{entry.solo_id}`" if entry.solo_id else ""
        assert row == [entry.title, name, f"{low}-{high}", str(entry.version), solo]

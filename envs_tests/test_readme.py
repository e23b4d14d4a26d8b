"""The README and the documentation pages tell the truth: every ```python block and every
command of every ```sh block runs as written, in order, in a temporary folder (so an evaluation
finds the model its training wrote), with only the budget flags (``BUDGETS``) made small.  The
few commands left out are in ``SKIPPED`` with the reason, the pages not run in ``NOT_RUN``.
The tables fit 100 columns; the game tables show each game's ids and registry status, and the
example of ``make train``'s tables has the columns ``digsite evaluate`` prints."""

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
DOCS = ROOT / "docs"

NOT_RUN = {
    "your-own-game.md": "its commands play the example game once installed: make example runs "
    "examples/shards/tests/test_tools.py, which runs each of them",
}
"""Documentation pages whose blocks are not run here, and why."""
DOCUMENTS = {
    "README.md": README,
    **{
        f"docs/{page.name}": page.read_text()
        for page in sorted(DOCS.glob("*.md"))
        if page.name not in NOT_RUN
    },
}
"""Every document whose blocks run, by its path in the repository."""

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

PYTHON_BUDGETS = {r"\.learn\([\d_]+\)": ".learn(256)", r"n_eval_episodes=\d+": "n_eval_episodes=2"}
"""The budgets of the Python examples, and the small ones the test gives them (the code is
the same: one rollout, two evaluation games)."""

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


def blocks(language: str, text: str = README) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def commands(text: str) -> list[list[str]]:
    """Every command of a document's sh blocks, as words (continuations joined, comments
    dropped)."""
    found = []
    for block in blocks("sh", text):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words:
                found.append(words)
    return found


def all_commands() -> list[list[str]]:
    return [words for text in DOCUMENTS.values() for words in commands(text)]


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


def test_readme_has_the_three_examples():
    python = blocks("python")
    assert len(python) == 3
    for block, library in zip(python, ("pettingzoo", "gymnasium", "sb3"), strict=True):
        assert len(block.strip().splitlines()) <= 13, f"the {library} example is not short"


@pytest.mark.parametrize(
    "document", [name for name in DOCUMENTS if blocks("python", DOCUMENTS[name])]
)
def test_python_blocks_run(document, folder, monkeypatch):
    monkeypatch.chdir(folder)
    for block in blocks("python", DOCUMENTS[document]):
        for budget, small in PYTHON_BUDGETS.items():
            block = re.sub(budget, small, block)
        exec(compile(block, document, "exec"), {})


CONSUMERS = ("--from-run", "--model", "replay", "export")
"""Words of a command that reads what the commands before it wrote (a run, a record)."""


def chains() -> list[list[list[str]]]:
    """The commands in independent chains, each in its document's order: a command that reads
    what an earlier one wrote (``CONSUMERS``) joins the chain of the command before it in its
    document; any other starts a chain.  Chains run side by side (pytest-xdist), each in its
    folder."""
    found: list[list[list[str]]] = []
    for text in DOCUMENTS.values():
        first = len(found)
        for words in commands(text):
            if skip_reason(words):
                continue
            if len(found) > first and any(word in CONSUMERS for word in words):
                found[-1].append(words)
            else:
                found.append([words])
    return found


def test_commands_are_mostly_run():
    found = all_commands()
    assert len(found) >= 30
    assert len(commands(README)) >= 4
    skipped = [words for words in found if skip_reason(words)]
    assert len(skipped) <= 6, "keep the skipped list short"
    assert sum(map(len, chains())) == len(found) - len(skipped)


def test_the_pages_not_run_are_few_and_exist():
    assert len(NOT_RUN) <= 2 and all((DOCS / page).is_file() for page in NOT_RUN)


@pytest.mark.parametrize(
    "chain", chains(), ids=lambda chain: " ".join(chain[0][:4])[:60].replace(" ", "_")
)
def test_commands_run(chain, tmp_path):
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
            timeout=900,  # a shared machine under load (the recipes with --imitate take minutes)
        )
        assert done.returncode == 0, f"{shlex.join(words)}\n{done.stdout[-2000:]}{done.stderr}"


def table_rows(text: str) -> list[list[str]]:
    return [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in text.splitlines()
        if line.startswith("| ")
    ]


WIDE_TABLES = {
    "docs/architecture.md": "envs_tests/test_layering.py reads its table of layers, a row a layer",
}
"""Documents whose tables may be wider, and why."""


def test_tables_fit_100_columns():
    pages = {f"docs/{page.name}": page.read_text() for page in DOCS.glob("*.md")}
    for name, text in {**DOCUMENTS, **pages}.items():
        if name in WIDE_TABLES:
            continue
        wide = [line for line in text.splitlines() if line.startswith("|") and len(line) > 100]
        assert not wide, f"{name}: a table wider than 100 columns: {wide[0][:60]}..."


def players(counts: tuple[int, ...]) -> str:
    low, high = counts[0], counts[-1]
    assert counts == tuple(range(low, high + 1))
    return f"{low}-{high}"


def test_readme_game_table_has_each_games_ids():
    from digsite.games import BUILTIN

    rows = [row for row in table_rows(README) if len(row) == 4]
    for entry in BUILTIN:
        (row,) = [row for row in rows if row[0] == entry.title]
        solo = entry.solo_id or ""
        assert row == [entry.title, players(entry.player_counts), entry.env_id, solo]


def test_games_page_shows_each_registry_status():
    """``docs/games.md``: one item a game, with its ids and the status ``digsite list`` says."""
    from digsite.games import BUILTIN

    items = [" ".join(item.split()) for item in DOCUMENTS["docs/games.md"].split("\n- ")[1:]]
    for entry in BUILTIN:
        (item,) = [
            item for item in items if item.startswith(f"**{entry.title}** (`{entry.env_id}`")
        ]
        assert f"{players(entry.player_counts)} players" in item
        assert f"Status: {entry.status}." in item
        assert entry.solo_id is None or f"`{entry.solo_id}`" in item


def test_make_train_tables_have_the_printed_columns():
    """The example of ``make train``'s output (docs/training.md) has the columns evaluate
    prints."""
    pytest.importorskip("pandas")
    from digsite.evaluation import tables
    from digsite.evaluation.stats import Tally

    tally = Tally("MaskablePPO", [1.0, -1.0], [20.0, 10.0])
    header = tables.text(tables.frame([tally.row()])).splitlines()[0].split()
    page = DOCUMENTS["docs/training.md"]
    example = page.split("the second against the rules-based heuristic player):")[1]
    example = example.split("```")[1]
    printed = [line.split() for line in example.splitlines() if line.lstrip().startswith("agent")]
    assert len(printed) == 2 and all(line == header for line in printed)


def test_gymnasium_table_has_each_games_ids():
    """The table of Gymnasium ids (docs/gymnasium.md): each game's name in them, its player
    counts of one seat, its version and its solo id, as the specs declare them."""
    from digsite.games import BUILTIN

    rows = table_rows(DOCUMENTS["docs/gymnasium.md"])
    for entry in BUILTIN:
        (row,) = [r for r in rows if len(r) == 5 and r[0] == entry.title and r[1][:1] == "`"]
        name, solo = f"`{entry.gym_name}`", f"`{entry.solo_id}`" if entry.solo_id else ""
        counts = players(entry.single_seat_counts)
        assert row == [entry.title, name, counts, str(entry.version), solo]

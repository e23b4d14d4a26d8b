"""A person plays one seat of a game in the terminal, against any baseline agents.

    digsite play mykerinos --num-players 2 --seat 0 --opponents heuristic
    digsite play royal_society --num-players 3 --opponents heuristic,mcts --record game.json
    digsite play mykerinos --num-players 2 --opponents model:runs/mykerinos/model.zip

The person sees their seat's picture only (``state.render(seat)``) and each opponent's move as
their seat sees it (``State.action_seen_by``); how they answer: ``docs/play.md``, "Play a seat
yourself".  Everything is checked before the first move (the game and its options, the seat,
the opponents, that the record's folder takes files), so a mistake costs no game; if the record
still cannot be written at the end, it is kept in a temporary file, named, rather than lost.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import json
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents.arena import play_game
from .commandline import check_writable
from .core.engine import Game
from .envs.registry import entry, make_game
from .records import check_seed, finished, save, step_of

HELP = (
    "Answer with the number of a move, or with a piece of its text that only that move has "
    "(case does not matter). 'board' shows the whole table, 'help' shows this and the rules, "
    "'quit' leaves the game."
)
QUIT, HELP_WORD, BOARD_WORD = "quit", "help", "board"
WHOLE_BEYOND = 0.5
"""The share of a picture's lines beyond which a change is shown as the whole picture."""
DOCS = "https://digsite-rl.github.io/digsite/games/{name}.html"
"""The documentation page of a game of the package."""
SUMMARY_HEADING = "Rules summary"
KEPT_PREFIX = "digsite-game-"
"""The name of the temporary file that keeps a record its own path refused."""


class Quit(Exception):
    """The person left the game."""


def parse_move(answer: str, texts: Sequence[str]) -> tuple[int | None, str]:
    """The index of the move ``answer`` names among ``texts`` (numbered from 1 on screen), or
    None and what was wrong."""
    answer = answer.strip()
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(texts):
            return number - 1, ""
        return None, f"there is no move {number}: moves are numbered 1 to {len(texts)}"
    if not answer:
        return None, "type the number of a move, or a piece of its text"
    piece = answer.casefold()
    matches = [i for i, text in enumerate(texts) if piece in text.casefold()]
    if len(matches) == 1:
        return matches[0], ""
    exact = [i for i in matches if texts[i].casefold() == piece]
    if len(exact) == 1:
        return exact[0], ""
    if not matches:
        return None, f"no legal move reads {answer!r}"
    shown = ", ".join(f"{i + 1} ({texts[i]})" for i in matches[:6])
    more = f" and {len(matches) - 6} more" if len(matches) > 6 else ""
    return None, f"{answer!r} fits {len(matches)} moves: {shown}{more}; be more precise"


@dataclass
class Table:
    """A game about to start, every argument checked: an agent and a name per seat (None and
    ``"person"`` in the person's), and where the record goes."""

    engine: Game
    seat: int
    agents: list[Any]
    names: list[str]
    seed: int
    record: str | None
    confirm_forced: bool = False


def set_table(
    game: str,
    *,
    seat: int = 0,
    opponents: Sequence[str] = ("heuristic",),
    seed: int = 0,
    record: str | None = None,
    confirm_forced: bool = False,
    **config: Any,
) -> Table:
    """``game`` set up for a person in ``seat`` against ``opponents`` (one kind for all other
    seats, or one per other seat, in seat order); a ValueError (a ``ConfigError`` for the
    game's options) names what is wrong before any move is asked."""
    from .agents import make_agent

    engine = make_game(game, **config)
    n = engine.num_players
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist: seats are 0..{n - 1}")
    seed = check_seed(seed)  # the game's record must be able to hold it
    others = [p for p in range(n) if p != seat]
    kinds = list(opponents) * len(others) if len(opponents) == 1 else list(opponents)
    if len(kinds) != len(others):
        raise ValueError(f"{len(others)} opponents to seat, {len(kinds)} given: {opponents}")
    if record is not None:
        check_writable(record, "the record")
    agents: list[Any] = [None] * n
    names = ["person"] * n
    for p, kind in zip(others, kinds, strict=True):
        agents[p], names[p] = make_agent(kind, game, seed=seed + p, **engine.config), kind
    return Table(engine, seat, agents, names, seed, record, confirm_forced)


def play(
    game: str,
    *,
    ask: Callable[[str], str] = input,
    say: Callable[[str], Any] = print,
    **table: Any,
) -> dict[str, Any] | None:
    """Play ``game`` with a person answering ``ask``, the seat, opponents, seed, record and
    game options ``table`` as :func:`set_table` takes them; returns the finished game's record,
    or None if the person quit."""
    return play_at(set_table(game, **table), ask, say)


def play_at(
    table: Table, ask: Callable[[str], str] = input, say: Callable[[str], Any] = print
) -> dict[str, Any] | None:
    """Play the game set up at ``table``, the person answering ``ask``; returns the finished
    game's record, or None if the person quit."""
    engine, seat, names = table.engine, table.seat, table.names
    agents = list(table.agents)
    agents[seat] = Person(ask, say, rules_of(entry(engine.name)), table.confirm_forced)
    say(f"{entry(engine.name).title}: you are player {seat}. {HELP}")
    steps: list[dict[str, Any]] = []

    def played(state, action: int) -> None:
        steps.append(step_of(state, action))
        player = state.current_player()
        if player != seat:  # as the person's seat sees it: a secret move is not named
            say(f"player {player} ({names[player]}): {state.action_seen_by(action, seat)}")

    try:
        state = play_game(engine, agents, table.seed, played)
    except Quit:
        say("You left the game.")
        return None
    say(state.render(seat))
    scores = ", ".join(f"player {p}: {s:g}" for p, s in enumerate(state.scores()))
    outcome = "you won" if state.returns()[seat] > 0 else "you did not win"
    say(f"The game is over: {scores}; {outcome}.")
    result = finished(state, names, table.seed, steps)
    if table.record is not None:
        keep(result, table.record, say)
    return result


def keep(result: dict[str, Any], path: str, say: Callable[[str], Any]) -> None:
    """Write the record to ``path``; if that fails after all (checked before the game, the
    folder may have gone since), into a temporary file, or else show it: never lose a game."""
    try:
        save(result, path)
    except OSError as err:
        problem = f"The game's record could not be written to {path} ({err.strerror or err})"
    else:
        say(f"The game's record is in {path} (digsite replay {path}).")
        return
    try:
        handle, kept = tempfile.mkstemp(prefix=KEPT_PREFIX, suffix=".json")
        os.close(handle)
        save(result, kept)
    except OSError:
        say(f"{problem}; here it is, to save as a .json file:")
        say(json.dumps(result))
        return
    say(f"{problem}; it is in {kept} instead (digsite replay {kept}).")


@dataclass(eq=False)
class Person:
    """The person at the terminal as an agent: shown what changed at their seat and the legal
    moves, asked for one."""

    ask: Callable[[str], str]
    say: Callable[[str], Any]
    rules: str = ""
    confirm_forced: bool = False
    seen: str | None = field(default=None, init=False)
    """The seat's picture as the person last saw it."""

    def act_in(self, state, player: int) -> int:
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        if len(legal) == 1 and not self.confirm_forced:
            self.say(f"you: {texts[0]} (the only move)")
            return legal[0]
        picture = state.render(player)
        self.say(changes(self.seen, picture))
        self.seen = picture
        self.say("\n".join(f"{i + 1:>3}. {text}" for i, text in enumerate(texts)))
        while True:
            try:
                answer = self.ask("your move> ")
            except EOFError:
                raise Quit from None
            word = answer.strip().casefold()
            if word == QUIT:
                raise Quit
            if word in (HELP_WORD, BOARD_WORD):
                self.say(f"{HELP}\n{self.rules}" if word == HELP_WORD else picture)
                continue
            index, problem = parse_move(answer, texts)
            if index is not None:
                return legal[index]
            self.say(problem)


def changes(before: str | None, after: str) -> str:
    """What the person is shown of ``after``: its lines that differ from ``before``, or the
    whole picture the first time or when most of it changed."""
    lines = after.splitlines()
    if before is None:
        return after
    matcher = difflib.SequenceMatcher(None, before.splitlines(), lines, autojunk=False)
    changed = [
        line
        for tag, _, _, start, end in matcher.get_opcodes()
        if tag in ("replace", "insert")
        for line in lines[start:end]
    ]
    if len(changed) > WHOLE_BEYOND * len(lines):
        return after
    shown = "\n".join(changed) if changed else "(nothing you see has changed)"
    return f"changed at your seat ('board' shows the whole table):\n{shown}"


def rules_of(spec) -> str:
    """The rules summary of a game's documentation page (its package's docstring: the section
    so named, or its first paragraph), and where the whole page is."""
    page = inspect.getdoc(importlib.import_module(spec.package)) or ""
    lines = page.splitlines()
    heading = next((i for i, line in enumerate(lines) if line.strip() == SUMMARY_HEADING), None)
    if heading is None:
        summary = page.split("\n\n")[0]
    else:
        body = lines[heading + 2 :]  # after the heading's underline
        underlines = [{mark} for mark in "=-~^"]  # a reStructuredText heading's next line
        end = next((i for i in range(1, len(body)) if set(body[i].strip()) in underlines), None)
        summary = "\n".join(body[: end - 1 if end else None]).strip()
    builtin = spec.package.startswith(__package__ + ".games.")
    where = DOCS.format(name=spec.name) if builtin else f"python -m pydoc {spec.package}"
    return f"{summary}\n\nThe whole documentation page of {spec.title}: {where}"

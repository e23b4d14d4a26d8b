"""A person at the terminal (``digsite play``), driven by scripted answers."""

from __future__ import annotations

import subprocess
import sys

import pytest

from digsite.games import BUILTIN
from digsite.play import BOARD_WORD, DOCS, HELP, changes, parse_move, play, rules_of
from digsite.records import replay

TEXTS = [
    "A: start a new excavation",
    "B: extend an excavation",
    "C: pass",
    "Museum 3-room of wing 1",
]


@pytest.mark.parametrize(
    ("answer", "index"),
    [("1", 0), (" 3 ", 2), ("pass", 2), ("EXTEND", 1), ("museum", 3), ("a: start", 0)],
)
def test_a_move_is_a_number_or_an_unambiguous_piece_of_its_text(answer, index):
    assert parse_move(answer, TEXTS) == (index, "")


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ("0", "no move 0: moves are numbered 1 to 4"),
        ("9", "no move 9"),
        ("excavation", "fits 2 moves: 1 (A: start a new excavation), 2 (B: extend"),
        ("dig", "no legal move reads 'dig'"),
        ("", "type the number of a move"),
    ],
)
def test_a_bad_answer_is_explained(answer, problem):
    index, said = parse_move(answer, TEXTS)
    assert index is None and problem in said


class Person:
    """Scripted answers (then always the first move), and everything the game says."""

    def __init__(self, answers=()):
        self.answers = list(answers)
        self.asked = 0
        self.said: list[str] = []

    def ask(self, prompt: str) -> str:
        self.asked += 1
        return self.answers.pop(0) if self.answers else "1"

    def say(self, text: str) -> None:
        self.said.append(text)


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda e: e.name)
def test_a_person_plays_a_whole_game_seeing_only_their_seat(entry, tmp_path):
    config = entry.configs()[0]
    seat = config["num_players"] - 1
    person = Person(["help", "no such move", "1"])
    path = tmp_path / "game.json"
    record = play(
        entry.name,
        seat=seat,
        opponents=["random"],
        seed=4,
        record=str(path),
        ask=person.ask,
        say=person.say,
        **config,
    )
    assert record is not None and person.asked >= 3
    assert any("no legal move reads" in s for s in person.said)
    (told,) = [s for s in person.said if s.startswith(HELP)]  # with the rules and their page
    assert told == f"{HELP}\n{rules_of(entry)}" and DOCS.format(name=entry.name) in told
    assert "Rules summary" not in told and len(told.splitlines()) > 5
    assert not any("spectator" in s.casefold() for s in person.said)
    assert replay(record).returns() == record["returns"]
    assert path.exists() and record["agents"][seat] == "person"
    moves = sum(step["player"] == seat for step in record["steps"])
    forced = sum(s.startswith("you: ") and s.endswith("(the only move)") for s in person.said)
    assert moves == person.asked - 2 + forced  # every answer but 'help' and the bad one moved


def test_after_a_move_only_what_changed_is_shown_and_board_shows_it_whole():
    before = "title\nrow 1: . .\nrow 2: . .\nrow 3: . .\nscore 0"
    after = "title\nrow 1: . .\nrow 2: x .\nrow 3: . .\nscore 1"
    assert changes(None, after) == after
    assert changes(before, after).splitlines()[1:] == ["row 2: x .", "score 1"]
    assert changes(before, before).endswith("(nothing you see has changed)")
    assert changes("a\nb\nc", "x\ny\nc") == "x\ny\nc"  # most of it changed: all of it
    person = Person([BOARD_WORD, "1", BOARD_WORD, "quit"])
    play("mykerinos", num_players=2, opponents=["random"], ask=person.ask, say=person.say)
    pictures = [s for s in person.said if s.startswith("Mykerinos, 2 players: what player 0")]
    shown = [s for s in person.said if s.startswith("changed at your seat")]
    assert len(pictures) == 3 and shown  # the first picture, then 'board' twice


@pytest.mark.parametrize("confirm", [False, True])
def test_an_only_move_is_played_at_once_unless_asked_to_confirm(confirm):
    """Medieval Realms' set-up leaves a player a single legal placement at times."""
    person = Person()
    play(
        "medieval_realms",
        num_players=2,
        opponents=["random"],
        seed=4,
        confirm_forced=confirm,
        ask=person.ask,
        say=person.say,
    )
    forced = [s for s in person.said if s.startswith("you: ") and s.endswith("(the only move)")]
    assert bool(forced) is not confirm


def test_quit_leaves_without_a_record():
    person = Person(["quit"])
    assert play("mykerinos", num_players=2, ask=person.ask, say=person.say) is None
    assert person.said[-1] == "You left the game."


def test_seats_and_opponents_are_checked():
    with pytest.raises(ValueError, match="seats are 0..1"):
        play("mykerinos", num_players=2, seat=2)
    with pytest.raises(ValueError, match="2 opponents to seat, 3 given"):
        play("mykerinos", num_players=3, opponents=["random", "random", "random"])


def test_the_command_plays_from_typed_input(tmp_path):
    path = tmp_path / "game.json"
    command = [sys.executable, "-m", "digsite", "play", "mykerinos", "--game-option"]
    out = subprocess.run(  # two players, the game's default
        [*command, "museum_two_rooms=5", "--seed", "1", "--record", str(path)],
        input="help\nzzz\n" + "1\n" * 400,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "no legal move reads 'zzz'" in out.stdout
    assert "The game is over" in out.stdout
    replayed = subprocess.run(
        [sys.executable, "-m", "digsite", "replay", str(path)], capture_output=True, text=True
    )
    assert replayed.returncode == 0, replayed.stderr


def test_a_trained_model_can_be_an_opponent(tmp_path):
    sb3_contrib = pytest.importorskip("sb3_contrib")
    import digsite

    env = digsite.single_seat_env("mykerinos", num_players=2)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, seed=0, device="cpu")
    model.save(tmp_path / "model.zip")
    person = Person()
    record = play(
        "mykerinos",
        num_players=2,
        opponents=[f"model:{tmp_path / 'model.zip'}"],
        ask=person.ask,
        say=person.say,
    )
    assert record["agents"] == ["person", f"model:{tmp_path / 'model.zip'}"]
    assert replay(record).is_terminal()
    with pytest.raises(ValueError, match="model file .* not found"):
        play("mykerinos", num_players=2, opponents=["model:nowhere.zip"])


def test_the_opponents_moves_are_told_as_the_seat_sees_them():
    """Medieval Realms: the leaders the others place behind their walls are told without where
    they go; their open moves (the set-up tokens, cards, bids) by name."""
    person = Person()
    play(
        "medieval_realms",
        seat=0,
        opponents=["random"],
        seed=2,
        ask=person.ask,
        say=person.say,
        num_players=3,
    )
    told = [s for s in person.said if s.startswith(("player 1 (random): ", "player 2 (random): "))]
    assert any(s.endswith("placed behind the wall") for s in told)
    assert not any("Management square" in s or " on land " in s for s in told)
    assert any("extra tokens:" in s for s in told)


# The tests of a record that cannot be written, and of Ctrl-C (appended, with their imports).
import json  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

from digsite.commandline import INTERRUPTED, reported  # noqa: E402


def test_a_record_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    person = Person()
    for path, problem in [(tmp_path / "missing" / "game.json", "no folder"), (tmp_path, "folder")]:
        with pytest.raises(ValueError, match=problem):
            play("mykerinos", num_players=2, record=str(path), ask=person.ask, say=person.say)
    assert person.asked == 0 and person.said == []


class Vanishing(Person):
    """A person whose record folder is removed while they play."""

    def __init__(self, folder):
        super().__init__()
        self.folder = folder

    def ask(self, prompt: str) -> str:
        if self.folder.exists():
            shutil.rmtree(self.folder)
        return super().ask(prompt)


def played_into(folder):
    """A game recorded into ``folder``, which vanishes while it is played."""
    person = Vanishing(folder)
    return person, play(
        "mykerinos",
        num_players=2,
        opponents=["random"],
        record=str(folder / "game.json"),
        ask=person.ask,
        say=person.say,
    )


def test_a_record_that_fails_at_the_end_is_kept_elsewhere(tmp_path, monkeypatch):
    folder, kept = tmp_path / "records", tmp_path / "kept"
    folder.mkdir()
    kept.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(kept))
    person, record = played_into(folder)
    (saved,) = kept.iterdir()
    assert f"could not be written to {folder / 'game.json'}" in person.said[-1]
    assert f"it is in {saved} instead" in person.said[-1]
    assert json.loads(saved.read_text()) == record and replay(record).is_terminal()


def test_a_record_that_cannot_be_kept_anywhere_is_shown(tmp_path, monkeypatch):
    def no_temporary_file(**kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", no_temporary_file)
    folder = tmp_path / "records"
    folder.mkdir()
    person, record = played_into(folder)
    assert "here it is" in person.said[-2] and json.loads(person.said[-1]) == record


def test_ctrl_c_during_the_game_is_one_line(capsys):
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as exit_info, reported("digsite play"):
        play("mykerinos", num_players=2, opponents=["random"], ask=interrupt, say=print)
    assert exit_info.value.code == INTERRUPTED
    assert capsys.readouterr().err.splitlines() == ["digsite play: interrupted"]

"""Every digsite game as an OpenSpiel game.

``import digsite.openspiel`` registers each game with OpenSpiel (the ``openspiel`` extra; an
example in ``docs/openspiel.md``).  The names are ``python_digsite_<game>`` (``GAME_NAMES``).
Parameters: ``players`` and each option of the game (``Game.options``); an option whose default
depends on others or is a shipped data file is a string, ``""`` for its default, otherwise the
option's value as JSON, a list as ``"[0 1 2]"`` (OpenSpiel's game strings keep no commas), or the
plain string (``{"players": 2, "mode": "competitive"}``, ``{"quest": "17"}``,
``{"extra_clues": "[0 1 2]"}``, or a data file's path).  :func:`load_game` writes these from
digsite keyword options.  A value the game does not allow raises the game's ``ConfigError``.

**Chance.** A digsite engine draws all of a game's chance from the seed of its set-up (``Game.
new_initial_state(rng)``; later draws come from the state's chance stream, seeded from it:
:mod:`digsite.core.chance`), so the OpenSpiel game starts with :data:`SEED_BYTES` explicit
chance nodes, each a uniform byte of that seed; the deal is then the one the digsite env gives
with ``env.reset(seed=seed)``.  The game type is ``EXPLICIT_STOCHASTIC``, so states
serialize, and search can tell chance from players.

**Information.** ``information_state_string(player)`` is the player's view (``State.view``) as
canonical JSON; the information state and observation tensors are the env's observation, which
encodes that view completely, so the two kinds coincide.  The utility is ``GENERAL_SUM``: with
two players a game is zero-sum except ArcheOlogic's, where nobody may find the site (-1 to both),
and with more players a win is not constant-sum.  ``resample_from_infostate`` is the engine's
``resample_hidden``.  Returns are the env's (``docs/contract.md``; the Royal Society and
ArcheOlogic solo games: +1 won, -1 lost).
A player index outside ``0..players - 1`` (information strings and tensors, observers,
``resample_from_infostate``, ``action_to_string``) raises ``ValueError`` naming the players, and
a chance outcome other than a seed byte raises ``IllegalActionError`` and changes nothing.

**Saving and loading.**  ``state.serialize()`` is a state's saved form: JSON naming the game, its
env version and configuration, with the history (the seed's bytes first), the move number and the
engine's ``to_dict``.  ``game.deserialize_state(text)`` and :func:`deserialize_game_and_state`
read it back and check all of it: at most :data:`MAX_SAVED_CHARS` characters of JSON, the same
game, version and configuration, the position rebuilt by the game's ``state_from_dict`` and
reached again by replaying the history, the move number that of the history.  Anything else raises
``CorruptStateError`` naming what is wrong.  Nothing on this path is unpickled or evaluated, so
it is safe for a string from anyone.  ``pickle.dumps`` of a state stores the same JSON.  A state
drawn by ``resample_from_infostate`` is not the one its history reaches, so it has no saved form
(``serialize`` raises ``ValueError``; ``clone`` works).

**What is not safe.**  ``pyspiel.deserialize_game_and_state`` (and ``DeserializeState`` from
OpenSpiel's C++) unpickles the ``__dict__=`` part of its string before any digsite code sees it,
so a crafted string runs any code it carries (``docs/safety.md``): never give it, nor
``pickle.loads``, a string you did not make; read states with :func:`deserialize_game_and_state`.
For the strings OpenSpiel makes of a digsite state (``pyspiel.serialize_game_and_state``,
``random_sim_test(serialize=True)``), the pickled part is only the saved JSON above, read back
with the same checks, and the ``history=`` and ``move_number=`` lines must agree with it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as err:  # pragma: no cover - only without the extra
    raise ImportError(
        'digsite.openspiel needs open_spiel: pip install "digsite[openspiel]"'
    ) from err

from .core.engine import TERMINAL, CorruptStateError, Game, IllegalActionError, State, check_player
from .core.errors import quoted
from .core.files import FileRefused, parse_json
from .core.spec import GameSpec
from .envs import registry

SEED_BYTES = 4
"""Chance nodes at the start: the bytes of the set-up's seed, most significant first."""
BYTE_OUTCOMES = 256
PLAYERS = "players"
DEFAULT = ""
"""The string value of an option that means "the game's default"."""
MIN_UTILITY, MAX_UTILITY = -1.0, 1.0
SAVE_FORMAT = "digsite-openspiel-state"
"""The ``format`` field of a saved state, telling it from other JSON."""
SAVED_FIELDS = ("format", "game", "version", "config", "history", "move_number", "state")
MAX_SAVED_CHARS = 1 << 21
"""The longest saved state read (2 MiB): a position takes a few kilobytes and each move of the
history at most 6 characters, so even Archeos Society's 30000-move bound fits."""
PICKLED_FORMS = ("history=", "# Automatically generated by OpenSpiel", "[Meta]")
"""How OpenSpiel's own serializations of a Python state begin (its pickled form)."""


def parameters(game_class: type[Game]) -> dict[str, Any]:
    """OpenSpiel's parameter specification of a game: ``players`` and its options."""
    return {
        _key(option.name): option.default
        if isinstance(option.default, (bool, int, float, str)) and option.file is None
        else DEFAULT
        for option in game_class.options
    }


def _key(name: str) -> str:
    return PLAYERS if name == "num_players" else name


def config_of(game_class: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """The digsite configuration of OpenSpiel ``params`` (see the module docstring)."""
    config = {}
    for option in game_class.options:
        value = params.get(_key(option.name))
        if isinstance(value, str) and not isinstance(option.default, str):
            if value == DEFAULT:
                continue
            value = _parse(value)
        config[option.name] = value
    return config


def _parse(text: str) -> Any:
    if text.startswith("[") and text.endswith("]"):
        return [_parse(item) for item in text[1:-1].split()]
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text  # a plain string: a mode's name, a data file's path


def _format(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(_format(item) for item in value) + "]"
    return json.dumps(value)


def params_of(game_class: type[Game], config: dict[str, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters of a digsite configuration (the inverse of :func:`config_of`)."""
    spec = parameters(game_class)
    return {
        _key(name): _format(value)
        if isinstance(spec.get(_key(name)), str) and not isinstance(value, str)
        else value
        for name, value in config.items()
    }


def load_game(name: str, **config: Any) -> pyspiel.Game:
    """The OpenSpiel game of digsite game ``name`` with digsite keyword options:
    ``load_game("royal_society", num_players=2, mode="competitive")``."""
    game_class = registry.entry(name).load_game_class()  # a ValueError naming the games
    return pyspiel.load_game(GAME_NAMES[name], params_of(game_class, config))


@dataclass(slots=True, eq=False)
class _Play:
    """What the adapter keeps of one play: the digsite game, every move since the start (the
    seed's bytes first) and the engine's state once the seed is drawn.  It is a state's only
    attribute, so OpenSpiel's clone (a deep copy of the attributes) copies it with the engine's
    ``clone``, and OpenSpiel's pickled serialization carries nothing but its saved JSON."""

    game: Game
    history: list[int] = field(default_factory=list)
    state: State | None = None
    resampled: bool = False
    """Drawn by ``resample_from_infostate``: no longer the position its history reaches."""

    def __deepcopy__(self, memo: dict) -> _Play:
        state = None if self.state is None else self.state.clone()
        return replace(self, history=list(self.history), state=state)

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return _Pending, (self.saved_text(),)

    def saved_text(self) -> str:
        if self.resampled:
            raise ValueError(
                "this state was drawn by resample_from_infostate: its history does not lead to "
                "it, so it has no saved form; save the state it was drawn from"
            )
        saved = {
            "format": SAVE_FORMAT,
            "game": self.game.name,
            "version": registry.entry(self.game.name).version,
            "config": self.game.config,
            "history": self.history,
            "move_number": len(self.history),
            "state": None if self.state is None else self.state.to_dict(),
        }
        return json.dumps(saved, separators=(",", ":"))


class _Pending(str):
    """A saved state as OpenSpiel's pickled serialization carries it: the text alone, checked
    only once it is given to the state being loaded (``DigsiteState.__setattr__``), which knows
    its game and OpenSpiel's history."""

    __slots__ = ()


def _check_chance_outcome(action: int) -> None:
    if not 0 <= action < BYTE_OUTCOMES:
        raise IllegalActionError(
            f"chance outcome {action} is not one of this chance node's outcomes: a byte of the "
            f"set-up's seed, 0..{BYTE_OUTCOMES - 1}"
        )


def _corrupt(problem: str) -> CorruptStateError:
    return CorruptStateError(f"saved state: {problem}")


def _json_object(text: Any) -> dict[str, Any]:
    """The JSON object of a saved state, refused if too long, not JSON or OpenSpiel's pickled
    form (never unpickled: it could run code)."""
    if not isinstance(text, str):
        raise CorruptStateError(f"a saved state is a string, not {type(text).__name__}")
    if len(text) > MAX_SAVED_CHARS:
        raise _corrupt(f"{len(text)} characters, more than the {MAX_SAVED_CHARS} allowed")
    if text.lstrip().startswith(PICKLED_FORMS):
        raise _corrupt(
            "this is OpenSpiel's pickled form, which digsite never unpickles (it could run any "
            "code); save states with state.serialize() or "
            "digsite.openspiel.serialize_game_and_state"
        )
    try:
        data = parse_json(text)
    except FileRefused as why:
        raise _corrupt(str(why)) from None
    if not isinstance(data, dict):
        raise _corrupt(f"a JSON object, not {type(data).__name__}")
    return data


def _plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples become lists), to compare with saved data."""
    return json.loads(json.dumps(value))


def _checked_fields(data: dict[str, Any], game: Game) -> tuple[list[int], Any]:
    """The history and the engine's data of a saved state of ``game``, every other field
    checked (the caller rebuilds the position and replays the history)."""
    missing = [name for name in SAVED_FIELDS if name not in data]
    unknown = sorted(set(data) - set(SAVED_FIELDS))
    if missing or unknown:
        raise _corrupt(
            f"fields missing {missing}, unknown {unknown}; its fields are {', '.join(SAVED_FIELDS)}"
        )
    if data["format"] != SAVE_FORMAT:
        raise _corrupt(f"format {quoted(data['format'])}, not {SAVE_FORMAT!r}")
    if data["game"] != game.name:
        raise _corrupt(f"a state of {quoted(data['game'])}, not of this game, {game.name!r}")
    version = registry.entry(game.name).version
    if type(data["version"]) is not int or data["version"] != version:  # (JSON's: no bool)
        raise _corrupt(
            f"{game.name} version {quoted(data['version'])}, this game is version {version}"
        )
    config, ours = data["config"], _plain(game.config)
    if not isinstance(config, dict):
        raise _corrupt(f"config is an object, not {type(config).__name__}")
    for name in sorted(set(config) | set(ours)):
        if name not in config or name not in ours or config[name] != ours[name]:
            there, here = (quoted(o[name]) if name in o else "absent" for o in (config, ours))
            raise _corrupt(f"option {name!r} is {there} there, {here} in this game")
    history, move_number = data["history"], data["move_number"]
    limit = SEED_BYTES + game.max_game_length
    if not isinstance(history, list) or len(history) > limit:
        raise _corrupt(f"history is a list of at most {limit} moves")
    top = max(BYTE_OUTCOMES, game.num_actions)
    for index, action in enumerate(history):
        if type(action) is not int or not 0 <= action < top:
            raise _corrupt(f"history[{index}] = {quoted(action)} is not an action (0..{top - 1})")
    if type(move_number) is not int or move_number < 0:
        raise _corrupt(f"move_number {quoted(move_number)} is not a non-negative integer")
    if move_number != len(history):
        raise _corrupt(f"move_number {move_number}, but its history has {len(history)} moves")
    drawing = len(history) < SEED_BYTES
    if (data["state"] is None) != drawing or not (drawing or isinstance(data["state"], dict)):
        raise _corrupt(
            f"'state' is null while the seed is drawn (the first {SEED_BYTES} moves), then an "
            "object (the engine's to_dict)"
        )
    return history, data["state"]


class DigsiteGame(pyspiel.Game):
    """One digsite game as an OpenSpiel game; ``entry`` is set by :func:`register_all`."""

    entry: GameSpec
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None):
        game_class = self.entry.load_game_class()
        full = {**parameters(game_class), **(params or {})}
        g = self.digsite_game = game_class.from_config(**config_of(game_class, full))
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_actions,
            max_chance_outcomes=BYTE_OUTCOMES,
            num_players=g.num_players,
            min_utility=MIN_UTILITY,
            max_utility=MAX_UTILITY,
            max_game_length=g.max_game_length,
        )
        super().__init__(self.game_type, info, full)

    def new_initial_state(self) -> DigsiteState:
        return DigsiteState(self)

    def deserialize_state(self, text: str) -> DigsiteState:
        """The state saved by ``DigsiteState.serialize``, every field checked and nothing
        unpickled (see the module docstring); ``CorruptStateError`` names what is wrong."""
        return self._state_from(_json_object(text))

    def _state_from(self, data: dict[str, Any]) -> DigsiteState:
        """The state saved as ``data``, checked: its history replayed must reach the saved
        position, rebuilt by the game's own ``state_from_dict`` (``CorruptStateError``)."""
        game, state = self.digsite_game, self.new_initial_state()
        history, position = _checked_fields(data, game)
        saved = None if position is None else _plain(game.state_from_dict(position).to_dict())
        for index, action in enumerate(history):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise _corrupt(
                    f"history[{index}] = {action} cannot be played there: {err}"
                ) from None
        reached = None if state.digsite_state is None else _plain(state.digsite_state.to_dict())
        if reached != saved:
            fields = sorted(k for k in saved if saved.get(k) != reached.get(k)) if saved else []
            raise _corrupt(f"its position is not the one its history reaches (fields {fields})")
        return state

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def make_py_observer(self, iig_obs_type=None, params=None) -> DigsiteObserver:
        return DigsiteObserver(self.digsite_game, iig_obs_type, params)


class DigsiteState(pyspiel.State):
    """A digsite position behind OpenSpiel's state protocol (chance first: the seed's bytes)."""

    def __init__(self, game: DigsiteGame):
        super().__init__(game)
        self._play = _Play(game.digsite_game)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_play" and not isinstance(value, _Play):  # OpenSpiel's pickled form, loading
            if not isinstance(value, _Pending):
                raise _corrupt("the pickled part holds no digsite state")
            value = self._loaded(value)
        super().__setattr__(name, value)

    def _loaded(self, text: str) -> _Play:
        """The play saved in ``text``, checked as ``deserialize_state`` checks it, and against
        the history and move number OpenSpiel has already read into this state."""
        loaded = self.get_game()._state_from(_json_object(text))
        told = [(int(move.player), move.action) for move in self.full_history()]
        moves = [(int(move.player), move.action) for move in loaded.full_history()]
        if told != moves or self.move_number() != len(moves):
            raise _corrupt("OpenSpiel's history= and move_number= lines disagree with its history")
        return loaded._play

    def __deepcopy__(self, memo: dict) -> DigsiteState:
        return self.clone()

    def __reduce__(self) -> tuple[Callable[[str], DigsiteState], tuple[str]]:
        """Pickled as the saved JSON (see the module docstring), not OpenSpiel's pickled form."""
        return _state_from_text, (self.serialize(),)

    @property
    def digsite_state(self) -> State | None:
        """The digsite engine's state (None while the seed is being drawn)."""
        return self._play.state

    def _player(self, player: int | None) -> int:
        """``player`` (the one to move if None), or ``ValueError`` naming the players."""
        return check_player(
            self.current_player() if player is None else player, self._play.game.num_players
        )

    # -- chance: the set-up's seed -------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / BYTE_OUTCOMES) for byte in range(BYTE_OUTCOMES)]

    # -- play ----------------------------------------------------------------------------------
    def current_player(self) -> int:
        state = self._play.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = state.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if player == TERMINAL else player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._play.state
        return state.legal_actions() if player == state.current_player() else []

    def _apply_action(self, action: int) -> None:
        """At a chance node a byte of the seed (``IllegalActionError`` for any other outcome),
        else the engine's move.  A refused action changes nothing."""
        play = self._play
        if play.state is not None:
            play.state.apply_action(action)
        else:
            _check_chance_outcome(action)
            if len(play.history) == SEED_BYTES - 1:
                seed = int.from_bytes(bytes([*play.history, action]), "big")
                play.state = play.game.new_initial_state(np.random.default_rng(seed))
        play.history.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            _check_chance_outcome(action)
            return f"seed byte {action}"
        check_player(player, self._play.game.num_players)
        if self._play.state is None:
            raise ValueError(f"player {player} has no action while the seed is drawn")
        return self._play.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._play.state is not None and self._play.state.is_terminal()

    def returns(self) -> list[float]:
        if self._play.state is None:
            return [0.0] * self._play.game.num_players
        return self._play.state.returns()

    def __str__(self) -> str:
        if self._play.state is None:
            return f"drawing the seed: {len(self._play.history)} of {SEED_BYTES} bytes"
        return self._play.state.render_spectator()

    # -- saving --------------------------------------------------------------------------------
    def serialize(self) -> str:
        """The saved form: JSON, read back by ``game.deserialize_state`` (module docstring)."""
        return self._play.saved_text()

    # -- information ---------------------------------------------------------------------------
    def information_state_string(self, player: int | None = None) -> str:
        player = self._player(player)
        if self._play.state is None:
            return ""  # nothing is known before the set-up
        return json.dumps(self._play.state.view(player), separators=(",", ":"))

    observation_string = information_state_string

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return super().information_state_tensor(self._player(player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return super().observation_tensor(self._player(player))

    def resample_from_infostate(self, player_id: int, probability_sampler) -> DigsiteState:
        """A state ``player_id`` cannot tell from this one: the engine's ``resample_hidden``,
        seeded from ``probability_sampler`` (OpenSpiel's uniform draws)."""
        player = self._player(player_id)
        other = self.clone()
        if self._play.state is not None:
            seed = [int(probability_sampler() * 2**32) for _ in range(SEED_BYTES)]
            rng = np.random.default_rng(seed)
            other._play.state = self._play.state.resample_hidden(player, rng)
            other._play.resampled = True
        return other


def serialize_game_and_state(game: DigsiteGame, state: DigsiteState) -> str:
    """``state``'s saved form, as :func:`deserialize_game_and_state` reads it: the counterpart
    of ``pyspiel.serialize_game_and_state`` that nothing unpickles (the JSON of
    ``state.serialize()``, which names the game and its configuration)."""
    if state.get_game() != game:
        raise ValueError(f"the state is a state of {state.get_game()}, not of {game}")
    return state.serialize()


def deserialize_game_and_state(text: str) -> tuple[DigsiteGame, DigsiteState]:
    """The game and state of a saved state (``state.serialize()``): safe for a string from
    anyone, unlike ``pyspiel.deserialize_game_and_state`` (see the module docstring).
    ``CorruptStateError`` names what is wrong."""
    data = _json_object(text)
    name, config = data.get("game"), data.get("config")
    if not isinstance(name, str) or name not in GAME_NAMES:
        raise _corrupt(f"game {quoted(name)} is not a digsite game; games: {', '.join(GAME_NAMES)}")
    if not isinstance(config, dict):
        raise _corrupt(f"config is an object, not {type(config).__name__}")
    try:
        game = load_game(name, **config)
    except (ValueError, TypeError, pyspiel.SpielError) as err:
        raise _corrupt(f"its config cannot make a {name} game: {err}") from None
    return game, game._state_from(data)


def _state_from_text(text: str) -> DigsiteState:
    """A pickled state back (``DigsiteState.__reduce__``): the saved JSON, checked."""
    return deserialize_game_and_state(text)[1]


class DigsiteObserver:
    """The env's observation as OpenSpiel's observer (information state and observation alike:
    the observation already encodes everything the player knows), with its named pieces."""

    def __init__(self, game: Game, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"digsite observers take no parameters, not {params}")
        if iig_obs_type is not None and not (
            iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "digsite observes one player's information (public and that player's private "
                f"information), not {iig_obs_type}"
            )
        self.num_players = game.num_players
        self.tensor = np.zeros(game.observation_size, dtype=np.float32)
        pieces = game.observation_piece_names()
        self.dict = {n: self.tensor[p] for n, p in pieces} or {"observation": self.tensor}

    def set_from(self, state: DigsiteState, player: int) -> None:
        player = check_player(player, self.num_players)
        if state.digsite_state is None:
            self.tensor.fill(0.0)
        else:
            state.digsite_state.observe(player, self.tensor)

    def string_from(self, state: DigsiteState, player: int) -> str:
        return state.information_state_string(check_player(player, self.num_players))


GAME_NAMES: dict[str, str] = {}
"""The OpenSpiel name of every digsite game, by digsite name."""


def register_all() -> None:
    """Register every digsite game with OpenSpiel (done once, on import)."""
    for entry in registry.ENVIRONMENTS:
        if entry.name in GAME_NAMES:
            continue
        game_class = entry.load_game_class()
        game_type = pyspiel.GameType(
            short_name=f"python_digsite_{entry.name}",
            long_name=f"digsite {entry.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=max(game_class.player_counts),
            min_num_players=min(game_class.player_counts),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=parameters(game_class),
        )
        adapter = {"entry": entry, "game_type": game_type}
        pyspiel.register_game(
            game_type, type(f"Digsite{game_class.__name__}", (DigsiteGame,), adapter)
        )
        GAME_NAMES[entry.name] = game_type.short_name


register_all()

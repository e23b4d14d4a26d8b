"""Every digsite game as an OpenSpiel game.

``import digsite.openspiel`` registers each game with OpenSpiel (the ``openspiel`` extra,
``pip install "digsite[openspiel]"``, installs ``open_spiel``)::

    import pyspiel
    import digsite.openspiel

    game = pyspiel.load_game("python_digsite_mykerinos", {"players": 3})
    state = game.new_initial_state()

    game = digsite.openspiel.load_game("royal_society", num_players=2, mode="competitive")

The names are ``python_digsite_<game>`` (``GAME_NAMES``).  Parameters: ``players`` and each
option of the game (``Game.options``); an option whose default depends on others or is a shipped
data file is a string, ``""`` for its default, otherwise the option's value as JSON, a list as
``"[0 1 2]"`` (OpenSpiel's game strings keep no commas), or the plain string
(``{"players": 2, "mode": "competitive"}``, ``{"quest": "17"}``, ``{"extra_clues": "[0 1 2]"}``,
or a data file's path).  :func:`load_game` writes these from digsite keyword options.  A value
the game does not allow raises the game's ``ConfigError``.

**Chance.** A digsite engine draws all of a game's chance from the seed of its set-up (``Game.
new_initial_state(rng)``; later draws come from seeds kept in the state), so the OpenSpiel game
starts with :data:`SEED_BYTES` explicit chance nodes, each a uniform byte of that seed; the deal
is then the one the digsite env gives with ``env.reset(seed=seed)``.  The game type is
``EXPLICIT_STOCHASTIC``, so states serialize, and search can tell chance from players.

**Information.** ``information_state_string(player)`` is the player's view (``State.view``:
everything the player knows under the rules, with perfect memory) as canonical JSON; the
information state and observation tensors are the env's observation, which encodes that view
completely, so the two kinds coincide.  The utility is ``GENERAL_SUM``: with two players a
game is zero-sum except ArcheOlogic's, where nobody may find the site (-1 to both), and with
more players a win is not constant-sum.  ``resample_from_infostate`` is the engine's
``resample_hidden``.  Returns are the env's: +1 to each winner, -1 to the others (0 for all
when all share the win); the Royal Society and ArcheOlogic solo games: +1 won, -1 lost.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as err:  # pragma: no cover - only without the extra
    raise ImportError(
        'digsite.openspiel needs open_spiel: pip install "digsite[openspiel]"'
    ) from err

from .core.engine import TERMINAL, Game, State
from .envs.registry import ENVIRONMENTS, EnvEntry

SEED_BYTES = 4
"""Chance nodes at the start: the bytes of the set-up's seed, most significant first."""
BYTE_OUTCOMES = 256
PLAYERS = "players"
DEFAULT = ""
"""The string value of an option that means "the game's default"."""
MIN_UTILITY, MAX_UTILITY = -1.0, 1.0


def short_name(entry: EnvEntry) -> str:
    return f"python_digsite_{entry.name}"


def parameters(game_class: type[Game]) -> dict[str, Any]:
    """OpenSpiel's parameter specification of a game: ``players`` and its options."""
    spec: dict[str, Any] = {}
    for option in game_class.options:
        default = option.default
        scalar = isinstance(default, (bool, int, float, str)) and option.file is None
        spec[PLAYERS if option.name == "num_players" else option.name] = (
            default if scalar else DEFAULT
        )
    return spec


def config_of(game_class: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """The digsite configuration of OpenSpiel ``params`` (see the module docstring)."""
    config = {}
    for option in game_class.options:
        value = params.get(PLAYERS if option.name == "num_players" else option.name)
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
    params = {}
    for name, value in config.items():
        key = PLAYERS if name == "num_players" else name
        if isinstance(spec.get(key), str) and not isinstance(value, str):
            value = _format(value)
        params[key] = value
    return params


def load_game(name: str, **config: Any) -> pyspiel.Game:
    """The OpenSpiel game of digsite game ``name`` with digsite keyword options:
    ``load_game("royal_society", num_players=2, mode="competitive")``."""
    entry = next((e for e in ENVIRONMENTS if e.name == name), None)
    if entry is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(GAME_NAMES)}")
    return pyspiel.load_game(GAME_NAMES[name], params_of(entry.load_game_class(), config))


class _Position:
    """The digsite state inside an OpenSpiel state.  OpenSpiel clones a Python state by deep
    copying its attributes and serializes it by pickling them: a position is copied with the
    engine's ``clone`` and pickled as its saved form (``to_dict``), checked again on loading."""

    __slots__ = ("state",)

    def __init__(self, state: State):
        self.state = state

    def __deepcopy__(self, memo: dict) -> _Position:
        return _Position(self.state.clone())

    def __reduce__(self):
        game = self.state.game
        return _restore, (type(game), game.config, json.dumps(self.state.to_dict()))


def _restore(game_class: type[Game], config: dict[str, Any], data: str) -> _Position:
    return _Position(game_class.from_config(**config).state_from_dict(json.loads(data)))


class DigsiteGame(pyspiel.Game):
    """One digsite game as an OpenSpiel game; ``entry`` is set by :func:`register_all`."""

    entry: EnvEntry
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None):
        game_class = self.entry.load_game_class()
        full = {**parameters(game_class), **(params or {})}
        self.digsite_game = game_class.from_config(**config_of(game_class, full))
        g = self.digsite_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_actions,
            max_chance_outcomes=BYTE_OUTCOMES,
            num_players=g.num_players,
            min_utility=MIN_UTILITY,
            max_utility=MAX_UTILITY,
            utility_sum=None,
            max_game_length=g.max_game_length,
        )
        super().__init__(self.game_type, info, full)

    def new_initial_state(self) -> DigsiteState:
        return DigsiteState(self)

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES

    def make_py_observer(self, iig_obs_type=None, params=None) -> DigsiteObserver:
        return DigsiteObserver(self.digsite_game, iig_obs_type, params)


class DigsiteState(pyspiel.State):
    """A digsite position behind OpenSpiel's state protocol (chance first: the seed's bytes)."""

    def __init__(self, game: DigsiteGame):
        super().__init__(game)
        self._game = game.digsite_game
        self._seed = 0
        self._seed_bytes = 0
        self._position: _Position | None = None

    @property
    def digsite_state(self) -> State | None:
        """The digsite engine's state (None while the seed is being drawn)."""
        return None if self._position is None else self._position.state

    # -- chance: the set-up's seed -------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self._position is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / BYTE_OUTCOMES) for byte in range(BYTE_OUTCOMES)]

    # -- play ----------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self._position is None:
            return pyspiel.PlayerId.CHANCE
        player = self._position.state.current_player()
        return pyspiel.PlayerId.TERMINAL if player == TERMINAL else player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._position.state
        return state.legal_actions() if player == state.current_player() else []

    def _apply_action(self, action: int) -> None:
        if self._position is None:
            self._seed = self._seed * BYTE_OUTCOMES + action
            self._seed_bytes += 1
            if self._seed_bytes == SEED_BYTES:
                rng = np.random.default_rng(self._seed)
                self._position = _Position(self._game.new_initial_state(rng))
        else:
            self._position.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return self._position.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._position is not None and self._position.state.is_terminal()

    def returns(self) -> list[float]:
        if self._position is None:
            return [0.0] * self._game.num_players
        return self._position.state.returns()

    def __str__(self) -> str:
        if self._position is None:
            return f"drawing the seed: {self._seed_bytes} of {SEED_BYTES} bytes"
        return self._position.state.render_spectator()

    # -- information ---------------------------------------------------------------------------
    def information_state_string(self, player: int | None = None) -> str:
        return _view_string(self, self.current_player() if player is None else player)

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> DigsiteState:
        """A state ``player_id`` cannot tell from this one: the engine's ``resample_hidden``,
        seeded from ``probability_sampler`` (OpenSpiel's uniform draws)."""
        other = self.clone()
        if self._position is not None:
            seed = [int(probability_sampler() * 2**32) for _ in range(SEED_BYTES)]
            rng = np.random.default_rng(seed)
            other._position = _Position(self._position.state.resample_hidden(player_id, rng))
        return other


def _view_string(state: DigsiteState, player: int) -> str:
    if state._position is None:
        return ""  # nothing is known before the set-up
    return json.dumps(state._position.state.view(player), separators=(",", ":"))


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
        self.tensor = np.zeros(game.observation_size, dtype=np.float32)
        pieces = game.observation_piece_names() or [
            ("observation", slice(0, game.observation_size))
        ]
        self.dict = {name: self.tensor[piece] for name, piece in pieces}

    def set_from(self, state: DigsiteState, player: int) -> None:
        if state._position is None:
            self.tensor.fill(0.0)
        else:
            state._position.state.observe(player, self.tensor)

    def string_from(self, state: DigsiteState, player: int) -> str:
        return _view_string(state, player)


GAME_NAMES: dict[str, str] = {}
"""The OpenSpiel name of every digsite game, by digsite name."""


def _game_type(entry: EnvEntry) -> pyspiel.GameType:
    game_class = entry.load_game_class()
    return pyspiel.GameType(
        short_name=short_name(entry),
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


def register_all() -> None:
    """Register every digsite game with OpenSpiel (done once, on import)."""
    for entry in ENVIRONMENTS:
        if entry.name in GAME_NAMES:
            continue
        game_type = _game_type(entry)
        game_class = type(
            f"Digsite{entry.load_game_class().__name__}",
            (DigsiteGame,),
            {"entry": entry, "game_type": game_type},
        )
        pyspiel.register_game(game_type, game_class)
        GAME_NAMES[entry.name] = game_type.short_name


register_all()

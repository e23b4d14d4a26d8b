"""The command-line pieces every tool shares, defined once for the ``digsite`` subcommands and
the scripts in ``training_scripts/``: game and solo-env options, agent kinds, and the error that
names the extra to install when a tool's libraries are missing.

Each tool keeps its options in a light module (``add_arguments(parser)`` and
``check(parser, args)``) that imports no RL library, so ``digsite --help`` works on a bare
install; the tool itself (``run(args)``) imports its libraries when it runs.

A user's mistake ends a command with one line naming it, never a traceback: a bad argument or
option, found before the work starts, exits with status 2 (:class:`Parser`); a bad file, a
missing extra or a file that cannot be written, found while running, exits with status 1; Ctrl-C
says "interrupted" and exits with status 130 (:func:`reported`).  Any other exception is a bug
and keeps its traceback; ``DIGSITE_TRACEBACK=1`` shows the user errors' tracebacks too.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from .agents import AGENT_KINDS, ROLLOUTS, make_agent
from .agents.model import MODEL_PREFIX, PPO, pretrained_path
from .core.engine import Game, IllegalActionError
from .core.files import RUN_LIMIT, read_json
from .core.spec import load
from .envs.registry import ENVIRONMENTS, SINGLE_SEAT_GYM_IDS, SOLO_GYM_IDS, entry, make_game

GAMES = tuple(e.name for e in ENVIRONMENTS)
AGENT_CHOICES = (
    f"{', '.join(AGENT_KINDS)} (a shipped pretrained policy) or {MODEL_PREFIX}PATH (a model.zip "
    "of digsite train, or a policy file of digsite export)"
)

SELF_PLAY = "self-play"
"""The ``--opponents`` kind of ``digsite train`` that plays snapshots of the learner."""

USAGE_ERROR = 2
"""Exit status of a bad argument or option (argparse's own)."""
FAILED = 1
"""Exit status of a user error found while running: a bad file, a missing extra."""
INTERRUPTED = 130
"""Exit status after Ctrl-C: 128 + SIGINT, as a shell reports a program it interrupted."""
TRACEBACK_VARIABLE = "DIGSITE_TRACEBACK"
"""Set (non-empty) in the environment, user errors show their traceback too: for debugging."""
USER_ERRORS = (ValueError, OSError, ImportError)
"""What a user can fix: an option or file the rules refuse (``ConfigError``, ``RecordError``,
``CorruptStateError`` and the data files' errors are ValueErrors), a file that cannot be read or
written, a missing extra (:func:`extra_missing`); but see :func:`is_user_error`."""
BUGS = (IllegalActionError,)
"""User errors' subclasses that are bugs on the command line: an agent's illegal move."""
PACKAGE = __name__.partition(".")[0]
TORCH_THREADS = 1
"""Small MLP, small batches: one thread is as fast as two and leaves a core for the envs."""
MAX_SEED = 2**32 - 1
"""The largest ``--seed``: what numpy's legacy seeding (under SB3 and torch) accepts."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {one_line(message)} (see --help)\n")


def one_line(text: str) -> str:
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())


def describe(err: BaseException) -> str:
    """What went wrong, in words: a file error names the file and the reason."""
    if isinstance(err, OSError) and err.strerror:
        files = " -> ".join(str(name) for name in (err.filename, err.filename2) if name is not None)
        return f"{files}: {err.strerror}" if files else err.strerror
    return one_line(str(err)) or type(err).__name__


def is_user_error(err: BaseException) -> bool:
    """Whether ``err`` is the user's to fix (one line) rather than a bug (a traceback): an
    illegal move is a bug, and so is an import that fails inside this package (a missing
    library is not)."""
    if isinstance(err, BUGS) or not isinstance(err, USER_ERRORS):
        return False
    return not isinstance(err, ImportError) or (err.name or "").partition(".")[0] != PACKAGE


@contextlib.contextmanager
def reported(prog: str) -> Iterator[None]:
    """Ends the program with one line on stderr for a user error (status 1) or Ctrl-C (status
    130); a bug keeps its traceback."""
    try:
        yield
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        raise SystemExit(INTERRUPTED) from None
    except USER_ERRORS as err:
        if not is_user_error(err) or os.environ.get(TRACEBACK_VARIABLE):
            raise
        raise SystemExit(f"{prog}: error: {describe(err)}") from None


def check_writable(path: str | Path, what: str) -> None:
    """A ValueError unless a file can be written at ``path`` (its folder exists and takes new
    files, and it is not a folder): checked before the work whose result it keeps."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise ValueError(f"{what} {str(path)!r} is a folder; give a file name")
    if not folder.is_dir():
        raise ValueError(f"cannot write {what} {str(path)!r}: there is no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK | os.X_OK) or (
        target.exists() and not os.access(target, os.W_OK)
    ):
        raise ValueError(f"cannot write {what} {str(path)!r}: permission denied")


def _whole_number(low: int, high: float, what: str) -> Callable[[str], int]:
    """The argparse type of an integer ``low``..``high``, refused as not ``what``."""

    def number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        return value

    return number


seed_number = _whole_number(0, MAX_SEED, f"a seed: an integer 0..{MAX_SEED}")
positive_number = _whole_number(1, math.inf, "a whole number of at least 1")


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows an option's default unless it is None or empty, or its help already names it."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default in (None, []) or "default" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)


def key_value(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as JSON when it parses (``quest=3``, ``expert=true``),
    else kept as a string (``setup=ur``)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def option_words(flag: str, options: dict[str, Any]) -> list[str]:
    """``options`` as repeated ``flag KEY=VALUE`` words that :func:`key_value` reads back."""
    words = []
    for key, value in options.items():
        words += [flag, f"{key}={value if isinstance(value, str) else json.dumps(value)}"]
    return words


def missing(*modules: str) -> list[str]:
    return [name for name in modules if importlib.util.find_spec(name) is None]


def extra_missing(extra: str, err: ImportError) -> ImportError:
    """The error a tool raises when a library of its extra is not installed."""
    return ImportError(
        f"{err.name or err} is not installed; this digsite tool needs the {extra!r} extra: "
        f'pip install "digsite[{extra}]"',
        name=err.name or extra,
    )


def hidden_layers(text: str) -> list[int]:
    """Comma-separated positive layer widths (``128,128``): a network's hidden layers."""
    try:
        sizes = [int(size) for size in text.split(",")]
    except ValueError:
        sizes = []
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of sizes")
    return sizes


DEFAULT_GAME, DEFAULT_PLAYERS = "mykerinos", 2
"""What ``--game`` and ``--num-players`` default to (unless ``--from-run`` says otherwise)."""


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    add = parser.add_argument
    add("--game", choices=GAMES, help=f"the game (default: {DEFAULT_GAME})")
    add("--num-players", type=int, help=f"players in each game (default: {DEFAULT_PLAYERS})")
    add_options(parser, "--game", "setup=ur, mode=competitive, ...")


def add_options(parser: argparse.ArgumentParser, owner: str, example: str = "") -> None:
    parser.add_argument(
        f"{owner}-option",
        type=key_value,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=f"an option of the {owner} (repeatable)" + (f": {example}" if example else ""),
    )


def add_search_arguments(parser: argparse.ArgumentParser) -> None:
    """IS-MCTS's budget and rollouts, left to the game's spec (``search``) unless given."""
    parser.add_argument("--mcts-iterations", type=int, help="IS-MCTS budget (default: the game's)")
    parser.add_argument(
        "--mcts-rollout",
        choices=ROLLOUTS,
        help="IS-MCTS rollouts: the heuristic guiding the search (the default where the game "
        "has one) or random",
    )


def check_search(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.mcts_iterations is not None and args.mcts_iterations < 1:
        parser.error("--mcts-iterations must be positive")


def add_env_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """``--env`` (a Gymnasium id: a solo env, or one seat of a game, which stands for its
    ``--game`` and ``--num-players``) and its repeatable ``--env-option KEY=VALUE``."""
    ids = [*SOLO_GYM_IDS, *SINGLE_SEAT_GYM_IDS]
    parser.add_argument("--env", choices=ids, help=what, metavar="ID")
    add_options(parser, "--env")


def add_hyperparameters(parser: argparse.ArgumentParser, defaults: dict[str, Any]) -> None:
    """One option per hyperparameter of ``defaults``, typed by its default: ``--n-steps`` for
    ``n_steps``, ``--lambda`` for ``lambda_`` (a Python keyword's name)."""
    for key, default in defaults.items():
        flag = "--" + key.rstrip("_").replace("_", "-")
        parser.add_argument(
            flag, dest=key, type=type(default), default=default, help="PPO hyperparameter"
        )


def check_game(
    parser: argparse.ArgumentParser, args: argparse.Namespace, kinds: Sequence[str] = ()
) -> None:
    """Fill the default game and player count and ``args.game_options`` (a dict), checked by
    building the game once; then the agent ``kinds`` the command plays (:func:`check_agents`)."""
    args.game = args.game or DEFAULT_GAME
    args.num_players = DEFAULT_PLAYERS if args.num_players is None else args.num_players
    args.game_options = dict(args.game_option)
    try:
        make_game(args.game, num_players=args.num_players, **args.game_options)
    except (TypeError, ValueError) as err:
        taken = f" does not take {args.game_options}" if args.game_options else ""
        parser.error(f"{args.game}{taken}: {err}")
    check_agents(parser, args, kinds)


def check_env(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Fill ``args.env_options`` (a dict), checked by making the solo env once; a solo env takes
    no ``--game-option``.  A one-seat id becomes its ``--game`` and ``--num-players`` (its
    ``--env-option`` the game's options), which play the same seat with the command's opponents."""
    if args.env_option and args.env is None:
        parser.error("--env-option goes with --env")
    if args.env in SINGLE_SEAT_GYM_IDS:  # one seat: the game's seat, as --game would play it
        if args.game is not None or args.num_players is not None:
            parser.error(f"{args.env} is one seat of a game: leave out --game and --num-players")
        from .envs.single_seat import options as seat_options

        args.game, args.num_players = SINGLE_SEAT_GYM_IDS[args.env]
        seat = {option.name for option in seat_options(args.num_players)}
        if taken := sorted(seat & dict(args.env_option).keys()):
            parser.error(
                f"--env-option {taken[0]}: the command plays the seat itself (see --opponents); "
                f"{args.env} takes its game's options here"
            )
        args.game_option += args.env_option
        args.env_option, args.env = [], None
    if args.env is not None and args.game_option:
        parser.error("--game-option goes with --game; a solo --env takes --env-option")
    args.env_options = dict(args.env_option)
    if args.env is not None:
        try:
            solo_engine(args.env, args.env_options)
        except (TypeError, ValueError) as err:
            parser.error(f"{args.env} does not take {args.env_options}: {err}")


def solo_engine(env_id: str, options: dict[str, Any]) -> Game:
    """The game a solo Gymnasium env plays, configured as the env with ``options`` has it."""
    import gymnasium as gym

    with gym.make(env_id, **options) as env:  # closed on leaving
        return env.unwrapped.game


def agent_kind(text: str) -> str:
    """An agent kind of :func:`digsite.agents.make_agent`; a model file must exist."""
    text = text.strip()
    if text in AGENT_KINDS:
        return text
    if text.startswith(MODEL_PREFIX):
        path = Path(text[len(MODEL_PREFIX) :])
        if not path.is_file():
            raise argparse.ArgumentTypeError(f"model file {str(path)!r} not found")
        return text
    raise argparse.ArgumentTypeError(f"unknown agent kind {text!r}; kinds: {AGENT_CHOICES}")


def agent_for(kind: str, engine: Game, seed: int, args: argparse.Namespace) -> Any:
    """The agent ``kind`` for the game ``engine`` (whose configuration picks a ``ppo``), with
    the search options of ``args``."""
    search = (args.mcts_iterations, args.mcts_rollout)
    return make_agent(kind, engine.name, seed, *search, **engine.config)


def default_eval_opponents(opponents: str) -> str:
    """Whom a run is evaluated against by default: the first kind of its opponents that is
    not self-play, else random."""
    return next((kind for kind in opponents.split(",") if kind != SELF_PLAY), "random")


def agent_kinds(text: str) -> list[str]:
    kinds = [agent_kind(kind) for kind in text.split(",") if kind.strip()]
    if not kinds:
        raise argparse.ArgumentTypeError(f"no agent kind in {text!r}; kinds: {AGENT_CHOICES}")
    return kinds


def check_agents(
    parser: argparse.ArgumentParser, args: argparse.Namespace, kinds: list[str]
) -> None:
    """A parser error for an agent kind that ``args.game`` lacks: the heuristic player, or a
    pretrained policy for ``args.num_players`` and ``args.game_options`` (or for the game of
    the solo ``args.env``)."""
    if "heuristic" in kinds and entry(args.game).heuristic_agent is None:
        parser.error(f"{args.game} has no heuristic player yet")
    if PPO in kinds:
        if getattr(args, "env", None) is not None:  # a solo env's policy is its game's
            # (league and train-rllib take no --env)
            config = solo_engine(args.env, args.env_options).config
        else:
            config = {"num_players": args.num_players, **args.game_options}
        try:
            pretrained_path(args.game, **config)
        except ValueError as err:
            parser.error(str(err))


def recorded_options(args: argparse.Namespace) -> dict[str, Any]:
    """``args`` as a ``run.json`` records them: paths as text, without the raw
    ``--game-option`` / ``--env-option`` pairs (held as dicts)."""
    return {
        key: str(value) if isinstance(value, Path) else value
        for key, value in vars(args).items()
        if key not in ("env_option", "game_option")
    }


def load_run(path: Path) -> dict[str, Any]:
    """The ``run.json`` of a training run folder (or the file itself); a clear error if it is
    not one.  The file is untrusted: read as :func:`digsite.core.files.read_json` reads."""
    file = path / "run.json" if path.is_dir() else path
    try:
        record = read_json(file, "the run.json", RUN_LIMIT, ValueError)
    except ValueError as err:
        raise ValueError(f"{path} is not a training run: {err}") from None
    if not isinstance(record, dict) or not ("game" in record and "env" in record):
        raise ValueError(f"{file} is not the run.json of digsite train (no game or env)")
    return record


def add_from_run(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--from-run",
        type=Path,
        metavar="RUN_DIR",
        help="take the game, players, game options (or solo env and its options) and "
        "opponents of this training run's run.json",
    )


def apply_run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Any]:
    """Fill the game (or env) options ``args`` left out from ``--from-run``'s run.json; an
    option given on the command line must agree with the run's.  Returns the run record."""
    try:
        run = load_run(args.from_run)
    except ValueError as err:
        parser.error(str(err))
    for key in ("game", "num_players", "env"):
        value, given = run.get(key), getattr(args, key, None)
        if value is None:
            continue
        if given is not None and given != value:
            flag = "--" + key.replace("_", "-")
            parser.error(f"{args.from_run} trained with {flag} {value}, not {given}")
        setattr(args, key, value)
    if run.get("env"):
        args.env_option = [*(run.get("env_options") or {}).items(), *args.env_option]
    else:
        args.game_option = [*(run.get("game_options") or {}).items(), *args.game_option]
    return run


@dataclass(frozen=True)
class Command:
    """A tool of the ``digsite`` command line: its light ``add_arguments(parser)`` and
    ``check(parser, args) -> args``, and its ``run(args)``, imported only to run (each as
    ``"module:function"``)."""

    name: str
    help: str
    add_arguments: str
    check: str
    run: str

    def parser(self, parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
        load(self.add_arguments)(parser)
        return parser

    def __call__(self, parser: argparse.ArgumentParser, args: argparse.Namespace) -> Any:
        return self.run_checked(self.checked(parser, args))

    def checked(self, parser: argparse.ArgumentParser, args: argparse.Namespace):
        """``args`` checked by the tool, and the checks every tool shares: a ``--seed`` out of
        0..:data:`MAX_SEED` (numpy and SB3 would refuse it later, with a traceback)."""
        args = load(self.check)(parser, args)
        seed = getattr(args, "seed", None)
        if isinstance(seed, int) and not 0 <= seed <= MAX_SEED:
            parser.error(f"--seed must be an integer 0..{MAX_SEED}, not {seed}")
        return args

    def run_checked(self, args: argparse.Namespace) -> Any:
        """Run the tool on checked options; a missing library of its extra ends the program
        with the message naming the extra."""
        try:
            run = load(self.run)
        except ImportError as err:
            if not is_user_error(err):
                raise
            raise SystemExit(f"digsite {self.name}: error: {describe(err)}") from None
        return run(args)


TOOLS = "digsite.training.options"
COMMANDS = (
    Command(
        "train",
        "train MaskablePPO on one seat of a game, or on a solo env",
        f"{TOOLS}:add_arguments",
        f"{TOOLS}:check",
        "digsite.training.train:run",
    ),
    Command(
        "export",
        "a trained model as a small policy file, with a card of its training and evaluation",
        f"{TOOLS}:add_export_arguments",
        f"{TOOLS}:check_export",
        "digsite.training.export:run",
    ),
    Command(
        "evaluate",
        "play agents (a model, baselines) against opponents: tables and plots",
        "digsite.evaluation.options:add_evaluate_arguments",
        "digsite.evaluation.options:check_evaluate",
        "digsite.evaluation.evaluate:run",
    ),
    Command(
        "league",
        "a round-robin league of agents with ratings and win-rate tables",
        "digsite.evaluation.options:add_league_arguments",
        "digsite.evaluation.options:check_league",
        "digsite.evaluation.league:run",
    ),
    Command(
        "benchmark",
        "steps per second of every env, against PettingZoo's connect four",
        "digsite.benchmark:add_arguments",
        "digsite.benchmark:check",
        "digsite.benchmark:run",
    ),
    Command(
        "train-rllib",
        "train PPO with Ray RLlib, every seat played by learned policies",
        "digsite.rllib.options:add_arguments",
        "digsite.rllib.options:check",
        "digsite.rllib.train:run",
    ),
)
"""The tools; ``digsite NAME`` and ``training_scripts/`` run them with the same options."""


def command(name: str) -> Command:
    return next(c for c in COMMANDS if c.name == name)


def parse_args(name: str, argv: list[str] | None = None, prog: str | None = None):
    """The checked options of the tool ``name`` (parser errors exit with one line)."""
    tool = command(name)
    parser = tool.parser(Parser(prog=prog, description=tool.help, formatter_class=HelpFormatter))
    return tool.checked(parser, parser.parse_args(argv))


def main(name: str, argv: list[str] | None = None, prog: str | None = None) -> Any:
    """Parse ``argv`` and run the tool ``name``: what a script in ``training_scripts/`` calls.
    A user error or Ctrl-C ends it with one line (:func:`reported`)."""
    with reported(prog or f"digsite {name}"):
        return command(name).run_checked(parse_args(name, argv, prog))

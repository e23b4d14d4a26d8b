"""Train MaskablePPO (sb3-contrib) on one seat of a digsite game against fixed or learned opponents.

The learner plays ``digsite.single_seat_env(game, num_players=N)``: its seat is drawn at random
each episode, the other seats are played by the opponents inside ``step()``, and the only reward
is the end-of-game +1 (win) / 0 (win shared by everybody) / -1 (loss).  Illegal moves are masked
out through the env's ``action_masks()`` (also across SubprocVecEnv workers).

    python training_scripts/train.py --game mykerinos --num-players 2 --timesteps 30000 \\
        --out runs/mykerinos

writes ``runs/mykerinos/model.zip`` and ``runs/mykerinos/run.json``.  The solo games are plain
Gymnasium envs and are trained on directly, with the env's own reward:

    python training_scripts/train.py --env digsite/ArcheOlogicSolo-v1 --timesteps 100000 \
        --env-option guess_variant=app --out runs/archeologic-solo

Evaluate the model with ``training_scripts/evaluate.py``.  The options (``--help`` lists them
with their defaults):

``--env``, ``--env-option KEY=VALUE``
    A solo Gymnasium id (``python -m digsite list`` names them) instead of ``--game`` /
    ``--num-players`` / ``--opponents``; each ``--env-option`` is passed to ``gymnasium.make``
    (the value read as JSON when it parses, else as a string).

``--game-option KEY=VALUE``
    An option of the ``--game`` (``setup=ur``, ``mode=competitive``, ``museum_two_rooms=4``;
    the value read as JSON when it parses), checked by building the game before training.
    ``evaluate.py`` takes the same options and needs them to rebuild the env.

``--opponents``
    ``random`` (uniform over legal moves), ``heuristic`` (the game's rules-based player),
    ``mcts`` (information-set MCTS, ``--mcts-iterations`` per move, random rollouts or the
    game's heuristic with ``--mcts-rollout heuristic``: slow, tens of moves a second),
    ``model:<path to a model.zip>`` (a saved MaskablePPO model playing its masked most likely
    move from its own seat's observation) or ``self-play`` (see below).
    ``--stochastic-opponents`` makes model and self-play opponents sample their moves instead.
``self-play``
    Every ``--snapshot-every`` learner steps the current model is saved as
    ``<out>/pool/snapshot_<steps>.zip`` (old snapshots there are deleted when a run starts) and
    added to the pool of every env.  At each episode start each opponent seat is drawn, on its
    own, from the pool: the random agent (the pool's first member, standing in for the untrained
    learner) and the newest snapshots, ``--pool-size`` members at most, the ``i``-th oldest with
    weight ``i + 1`` (linear in recency: the newest is likeliest, older ones still come back).
    ``run.json`` counts the games each member played.  A snapshot is a full model.zip, so it is
    also a valid ``model:`` opponent and ``evaluate.py --model``.
``--n-envs``, ``--vec dummy|subproc``
    Parallel envs (default 4) in one process (``dummy``) or one process each (``subproc``; on
    two cores the envs are too fast for that to pay).
``--eval-every N``, ``--eval-episodes``, ``--eval-opponents``
    Every ``N`` steps (0 = never) ``MaskableEvalCallback`` plays ``--eval-episodes`` masked,
    deterministic games on a separate env against ``--eval-opponents`` (default: the training
    opponents; random for self-play) and saves the best model as ``<out>/best_model.zip``
    (evaluations in ``<out>/eval/evaluations.npz`` and in ``run.json``).
``--checkpoint-every N``
    Every ``N`` steps (0 = never) ``CheckpointCallback`` saves
    ``<out>/checkpoints/model_<steps>_steps.zip``.
``--plot``
    ``<out>/learning_curve.png``: the training episodes' returns (from the Monitor logs in
    ``<out>/monitor``) and the evaluations, if any (needs ``matplotlib`` and ``pandas``).
``--progress``, ``--tensorboard``
    SB3's progress bar (needs ``tqdm`` and ``rich``) and TensorBoard logs in ``<out>/tb`` (needs
    ``tensorboard``); without those packages the run goes on without them and says so.
``--n-steps``, ``--batch-size``, ``--learning-rate``, ...
    The PPO hyperparameters (defaults in ``PPO_KWARGS``).

Steps are learner decisions, counted over all envs.  Evaluations and checkpoints come every
``N // n_envs`` steps of the vectorized env (``N`` steps when ``n_envs`` divides ``N``), snapshots
at the first step at or after each multiple of ``N``.  ``run.json`` records every option, the
env or game and opponents, the timesteps, the wall time of training, the mean return of the last
100 training games, the evaluations, the self-play pool, the versions and the seed.

A run is reproducible from ``--seed``: the same options on the same machine and library versions
give the same model and the same ``run.json`` apart from the wall time (env ``i`` is reset with
seed ``seed + i``; the opponents and the pool draws have their own generators derived from it).
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import sys
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import sb3_contrib
import stable_baselines3
import torch
from cli import add_env_options, add_game_options, env_options, game_options, missing
from opponents import RANDOM, ModelOpponent, SelfPlayPool, load_policy
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.callbacks import MaskableEvalCallback
from stable_baselines3.common.callbacks import BaseCallback, CheckpointCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.utils import set_random_seed
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecEnv

import digsite
from digsite.agents import ROLLOUTS, make_agent
from digsite.envs.registry import ENVIRONMENTS, entry

TORCH_THREADS = 1
"""Small MLP, small batches: one thread is as fast as two and leaves a core for the envs."""

PPO_KWARGS: dict[str, Any] = {
    "n_steps": 512,  # per env: 2048 transitions (~100 games of 2-player Mykerinos) per update
    "batch_size": 256,
    "n_epochs": 10,
    "learning_rate": 3e-4,
    "gamma": 0.995,  # sparse terminal reward; episodes are tens of learner decisions long
    "gae_lambda": 0.95,
    "clip_range": 0.2,
    "ent_coef": 0.01,  # keeps exploring among the many legal moves
    "vf_coef": 0.5,
    "max_grad_norm": 0.5,
}
NET_ARCH = [256, 256]
FIXED_OPPONENTS = ("random", "heuristic", "mcts")
SELF_PLAY = "self-play"
MODEL_PREFIX = "model:"
TRAINING, EVALUATION = 0, 1
"""Streams of :func:`derived_seed`."""


# -- options ----------------------------------------------------------------------------------
def opponents_option(text: str, self_play: bool = True) -> str:
    """Check an ``--opponents`` value (``--eval-opponents`` with ``self_play=False``)."""
    if text in FIXED_OPPONENTS or (self_play and text == SELF_PLAY):
        return text
    if text.startswith(MODEL_PREFIX):
        if not Path(text[len(MODEL_PREFIX) :]).is_file():
            raise argparse.ArgumentTypeError(f"no model file {text[len(MODEL_PREFIX) :]!r}")
        return text
    kinds = [*FIXED_OPPONENTS, *([SELF_PLAY] if self_play else []), "model:<path>"]
    raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(kinds)}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Train MaskablePPO on one seat of a digsite game (see the module docstring).",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    add = parser.add_argument
    add("--game", default="mykerinos", choices=[e.name for e in ENVIRONMENTS])
    add("--num-players", type=int, default=2, help="players in each game")
    add_game_options(parser)
    add_env_options(parser, "train on this solo Gymnasium env instead of a seat of --game")
    add("--timesteps", type=int, default=30_000, help="learner decisions to train")
    add("--seed", type=int, default=0, help="seeds torch, numpy, the envs and the opponents")
    add("--out", type=Path, default=Path("runs/mykerinos"), help="directory for the outputs")
    add(
        "--opponents",
        type=opponents_option,
        default="random",
        help="random, heuristic, mcts, model:<path to a model.zip> or self-play",
    )
    add(
        "--stochastic-opponents",
        action="store_true",
        help="model and self-play opponents sample their moves instead of the most likely one",
    )
    add("--mcts-iterations", type=int, default=100, help="IS-MCTS budget per opponent move")
    add("--mcts-rollout", choices=ROLLOUTS, default="random", help="IS-MCTS rollout policy")
    add("--snapshot-every", type=int, default=5_000, help="self-play: steps between snapshots")
    add("--pool-size", type=int, default=10, help="self-play: members kept in the pool")
    add("--n-envs", type=int, default=4, help="parallel training envs")
    add("--vec", choices=("dummy", "subproc"), default="dummy", help="vectorized env class")
    add("--eval-every", type=int, default=0, help="steps between evaluations (0: none)")
    add("--eval-episodes", type=int, default=50, help="games per evaluation")
    add(
        "--eval-opponents",
        type=functools.partial(opponents_option, self_play=False),
        default=None,
        help="opponents of the evaluation games; None: the training opponents (random for "
        "self-play)",
    )
    add("--checkpoint-every", type=int, default=0, help="steps between checkpoints (0: none)")
    add(
        "--plot",
        action="store_true",
        help="write <out>/learning_curve.png (needs matplotlib, pandas)",
    )
    add("--progress", action="store_true", help="show SB3's progress bar (needs tqdm and rich)")
    add("--tensorboard", action="store_true", help="TensorBoard logs in <out>/tb")
    add("--verbose", type=int, default=0, choices=(0, 1, 2), help="SB3 verbosity")
    for key, default in PPO_KWARGS.items():
        add(
            "--" + key.replace("_", "-"),
            type=type(default),
            default=default,
            help="PPO hyperparameter",
        )
    args = parser.parse_args(argv)
    args.env_options = env_options(parser, args)
    if args.env is not None:
        if args.opponents != "random" or args.eval_opponents not in (None, "random"):
            parser.error("a solo --env has no opponents; leave out --opponents")
        if args.game_option:
            parser.error("--game-option goes with --game; a solo --env takes --env-option")
        args.game_options = {}
        try:
            gym.make(args.env, **args.env_options).close()
        except (TypeError, ValueError) as err:
            parser.error(f"{args.env} does not take {args.env_options}: {err}")
    else:
        args.game_options = game_options(parser, args)
    if args.eval_opponents is None:
        args.eval_opponents = "random" if args.opponents == SELF_PLAY else args.opponents
    for kind in (args.opponents, args.eval_opponents):
        if kind == "heuristic" and entry(args.game).heuristic_agent is None:
            parser.error(f"{args.game} has no heuristic player yet")
    if min(args.n_envs, args.timesteps, args.pool_size) < 1:
        parser.error("--n-envs, --timesteps and --pool-size must be positive")
    return args


# -- environments -----------------------------------------------------------------------------
def derived_seed(seed: int, stream: int, rank: int) -> int:
    """An independent seed for env ``rank`` of ``stream`` (training or evaluation)."""
    return int(np.random.SeedSequence([seed, stream, rank]).generate_state(1)[0])


def make_opponents(args: argparse.Namespace, kind: str, seed: int, env: gym.Env):
    """The agent playing every opponent seat (None: the env's default random agent)."""
    if kind.startswith(MODEL_PREFIX):
        rng = np.random.default_rng(seed) if args.stochastic_opponents else None
        return ModelOpponent(load_policy(kind[len(MODEL_PREFIX) :], env), rng)
    if kind == "random":
        return None
    return make_agent(kind, args.game, seed, args.mcts_iterations, args.mcts_rollout)


def build_env(args: argparse.Namespace, kind: str, stream: int, rank: int) -> gym.Env:
    """One monitored single-seat env whose opponents are ``kind``; runs in the worker process."""
    torch.set_num_threads(TORCH_THREADS)  # model opponents in SubprocVecEnv workers
    log = str(args.out / "monitor" / f"{rank}") if stream == TRAINING else None
    if args.env is not None:
        return Monitor(gym.make(args.env, **args.env_options), log)
    seed = derived_seed(args.seed, stream, rank)
    env = digsite.single_seat_env(args.game, num_players=args.num_players, **args.game_options)
    if kind == SELF_PLAY:
        return Monitor(SelfPlayPool(env, args.pool_size, args.stochastic_opponents, seed), log)
    agent = make_opponents(args, kind, seed, env)
    if agent is not None:
        env.opponents = [agent] * args.num_players
    return Monitor(env, log)


def make_vec_env(args: argparse.Namespace) -> VecEnv:
    """``--n-envs`` training envs; env ``i`` is reset with seed ``seed + i``."""
    factories = [
        functools.partial(build_env, args, args.opponents, TRAINING, rank)
        for rank in range(args.n_envs)
    ]
    env = SubprocVecEnv(factories) if args.vec == "subproc" else DummyVecEnv(factories)
    env.seed(args.seed)
    return env


def make_eval_env(args: argparse.Namespace) -> VecEnv:
    env = DummyVecEnv([functools.partial(build_env, args, args.eval_opponents, EVALUATION, 0)])
    env.seed(derived_seed(args.seed, EVALUATION, 0))
    return env


# -- callbacks --------------------------------------------------------------------------------
class SnapshotCallback(BaseCallback):
    """Every ``every`` steps, save the model into ``directory`` and add it to each env's pool."""

    def __init__(self, every: int, directory: Path):
        super().__init__()
        self.every = every
        self.directory = directory
        self.next_snapshot = every
        self.snapshots: list[Path] = []

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_snapshot:
            path = self.directory / f"snapshot_{self.num_timesteps}.zip"
            self.model.save(path)
            self.training_env.env_method("add_snapshot", str(path))
            self.snapshots.append(path)
            self.next_snapshot = (self.num_timesteps // self.every + 1) * self.every
        return True


def vec_steps(steps: int, n_envs: int) -> int:
    return max(steps // n_envs, 1)


def make_callbacks(args: argparse.Namespace) -> list[BaseCallback]:
    callbacks: list[BaseCallback] = []
    if args.opponents == SELF_PLAY and args.snapshot_every > 0:
        pool = args.out / "pool"
        pool.mkdir(parents=True, exist_ok=True)
        for old in pool.glob("snapshot_*.zip"):
            old.unlink()
        callbacks.append(SnapshotCallback(args.snapshot_every, pool))
    if args.eval_every > 0:
        callbacks.append(
            MaskableEvalCallback(
                make_eval_env(args),
                n_eval_episodes=args.eval_episodes,
                eval_freq=vec_steps(args.eval_every, args.n_envs),
                log_path=str(args.out / "eval"),
                best_model_save_path=str(args.out),
                deterministic=True,
                verbose=1,
            )
        )
    if args.checkpoint_every > 0:
        callbacks.append(
            CheckpointCallback(
                save_freq=vec_steps(args.checkpoint_every, args.n_envs),
                save_path=str(args.out / "checkpoints"),
                name_prefix="model",
            )
        )
    return callbacks


# -- optional features ------------------------------------------------------------------------
def progress_bar(args: argparse.Namespace) -> bool:
    if not args.progress:
        return False
    if absent := missing("tqdm", "rich"):
        print(
            f"--progress needs {' and '.join(absent)} (pip install tqdm rich); "
            "training without a progress bar",
            file=sys.stderr,
        )
        return False
    return True


def tensorboard_dir(args: argparse.Namespace) -> str | None:
    if not args.tensorboard:
        return None
    if missing("tensorboard"):
        print(
            "--tensorboard needs the tensorboard package (pip install tensorboard); "
            "training without TensorBoard logs",
            file=sys.stderr,
        )
        return None
    return str(args.out / "tb")


# -- training ---------------------------------------------------------------------------------
def make_model(args: argparse.Namespace, env: VecEnv) -> MaskablePPO:
    return MaskablePPO(
        "MlpPolicy",
        env,
        policy_kwargs={"net_arch": NET_ARCH},
        seed=args.seed,
        device="cpu",
        verbose=args.verbose,
        tensorboard_log=tensorboard_dir(args),
        **{key: getattr(args, key) for key in PPO_KWARGS},
    )


def mean_recent_return(model: MaskablePPO) -> float | None:
    """Mean return of the last (up to 100) training episodes, from the Monitor wrappers."""
    returns = [episode["r"] for episode in model.ep_info_buffer or []]
    return float(np.mean(returns)) if returns else None


def find(callbacks: list[BaseCallback], kind: type[BaseCallback]) -> Any:
    return next((callback for callback in callbacks if isinstance(callback, kind)), None)


def evaluations(callbacks: list[BaseCallback], solo: bool) -> list[dict[str, Any]] | None:
    """Each evaluation's timestep, mean reward and (for games against opponents, whose reward is
    +1 / 0 / -1) win rate, if evaluation was on."""
    callback = find(callbacks, MaskableEvalCallback)
    if callback is None:
        return None
    return [
        {
            "timesteps": int(steps),
            "mean_reward": float(np.mean(rewards)),
            "win_rate": None if solo else float(np.mean(np.asarray(rewards) > 0)),
        }
        for steps, rewards in zip(
            callback.evaluations_timesteps, callback.evaluations_results, strict=True
        )
    ]


def snapshots(callbacks: list[BaseCallback]) -> list[Path]:
    callback = find(callbacks, SnapshotCallback)
    return [] if callback is None else callback.snapshots


def pool_games(env: VecEnv, snapshots: list[Path]) -> dict[str, int]:
    """Self-play: games each pool member played in an opponent seat, summed over the envs."""
    total: Counter[str] = sum((Counter(games) for games in env.get_attr("games")), Counter())
    return {name: total[name] for name in [RANDOM, *(path.name for path in snapshots)]}


def options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        key: str(value) if isinstance(value, Path) else value
        for key, value in vars(args).items()
        if key not in ("env_option", "game_option")  # the raw pairs; held as dicts
    }


def run_record(
    args: argparse.Namespace,
    model: MaskablePPO,
    wall_time: float,
    callbacks: list[BaseCallback],
    games_per_member: dict[str, int] | None,
) -> dict[str, Any]:
    self_play = args.opponents == SELF_PLAY
    solo = args.env is not None
    return {
        "env": args.env,
        "env_options": args.env_options if solo else None,
        "game": None if solo else args.game,
        "num_players": None if solo else args.num_players,
        "game_options": None if solo else args.game_options,
        "seed": args.seed,
        "opponents": None if solo else args.opponents,
        "eval_opponents": args.eval_opponents if args.eval_every > 0 and not solo else None,
        "timesteps_requested": args.timesteps,
        "timesteps_trained": int(model.num_timesteps),
        "wall_time_s": round(wall_time, 2),
        "steps_per_s": round(model.num_timesteps / wall_time, 1),
        "mean_return_last_100_episodes": mean_recent_return(model),
        "evaluations": evaluations(callbacks, solo),
        "self_play_snapshots": [str(p) for p in snapshots(callbacks)] if self_play else None,
        "self_play_games_per_member": games_per_member,
        "algorithm": "MaskablePPO",
        "policy": "MlpPolicy",
        "net_arch": NET_ARCH,
        "n_envs": args.n_envs,
        "vec_env": args.vec,
        "hyperparameters": {key: getattr(args, key) for key in PPO_KWARGS},
        "torch_threads": TORCH_THREADS,
        "options": options(args),
        "versions": {
            "digsite": digsite.__version__,
            "stable_baselines3": stable_baselines3.__version__,
            "sb3_contrib": sb3_contrib.__version__,
            "torch": torch.__version__,
            "gymnasium": gym.__version__,
            "numpy": np.__version__,
            "python": platform.python_version(),
        },
    }


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, save ``model.zip`` and ``run.json`` in ``args.out``, and return the run record."""
    torch.set_num_threads(TORCH_THREADS)
    set_random_seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for old_log in (args.out / "monitor").glob("*.monitor.csv"):
        old_log.unlink()  # a previous run's episodes are not this run's
    env = make_vec_env(args)
    try:
        model = make_model(args, env)
        callbacks = make_callbacks(args)
        start = time.perf_counter()
        with warnings.catch_warnings():
            # The eval env is a DummyVecEnv; SB3 warns when the training env is not.
            warnings.filterwarnings("ignore", "Training and eval env are not of the same type")
            model.learn(args.timesteps, callback=callbacks, progress_bar=progress_bar(args))
        wall_time = time.perf_counter() - start
        games_per_member = (
            pool_games(env, snapshots(callbacks)) if args.opponents == SELF_PLAY else None
        )
    finally:
        env.close()

    model.save(args.out / "model.zip")
    record = run_record(args, model, wall_time, callbacks, games_per_member)
    (args.out / "run.json").write_text(json.dumps(record, indent=2) + "\n")
    if args.plot:
        plot_learning_curve(args.out, record)
    return record


def plot_learning_curve(out: Path, record: dict[str, Any]) -> Path | None:
    """``<out>/learning_curve.png``: training episode returns (a moving mean over 100 episodes,
    from the Monitor logs) against steps, and the evaluations' mean rewards."""
    if missing("matplotlib", "pandas"):
        print(
            "--plot needs matplotlib and pandas (pip install matplotlib pandas); no plot",
            file=sys.stderr,
        )
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from stable_baselines3.common.results_plotter import load_results, ts2xy, window_func

    steps, returns = ts2xy(load_results(str(out / "monitor")), "timesteps")
    figure, axes = plt.subplots(figsize=(7, 4))
    if len(returns) >= 100:
        steps, returns = window_func(steps, returns, 100, np.mean)
    axes.plot(steps, returns, label="training episodes (mean of 100)")
    for evaluation in record["evaluations"] or ():
        axes.plot(evaluation["timesteps"], evaluation["mean_reward"], "o", color="C1")
    if record["evaluations"]:
        axes.plot([], [], "o", color="C1", label="evaluations (masked, deterministic)")
    subject = record["env"] or f"{record['game']}, {record['num_players']} players"
    opponents = "" if record["env"] else f" vs {record['opponents']}"
    axes.set(title=f"MaskablePPO on {subject}{opponents}", xlabel="learner steps", ylabel="return")
    axes.legend()
    figure.tight_layout()
    path = out / "learning_curve.png"
    figure.savefig(path, dpi=100)
    plt.close(figure)
    return path


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    record = train(args)
    recent = record["mean_return_last_100_episodes"]
    recent_text = "n/a" if recent is None else f"{recent:+.3f}"
    subject = args.env or f"{args.game} ({args.num_players} players) against {args.opponents}"
    subject += "" if args.env else " opponents"
    print(
        f"trained MaskablePPO on {subject}: {record['timesteps_trained']} steps in "
        f"{record['wall_time_s']:.1f} s ({record['steps_per_s']:.0f} steps/s), mean return of "
        f"last 100 episodes {recent_text}; saved {args.out / 'model.zip'}"
    )
    if record["evaluations"]:
        best = max(e["mean_reward"] for e in record["evaluations"])
        print(f"best evaluation mean reward {best:+.3f}; saved {args.out / 'best_model.zip'}")
    return record


if __name__ == "__main__":
    main()

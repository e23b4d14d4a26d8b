"""One MaskablePPO training run (:mod:`digsite.training` documents it)."""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import signal
import sys
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from .. import __version__, commandline, single_seat_env
from ..agents import RandomPolicy, make_agent
from ..agents.model import MODEL_PREFIX, PPO, pretrained_agent
from ..commandline import SELF_PLAY, TORCH_THREADS, extra_missing, missing
from .options import PPO_KWARGS, command_line

try:
    import sb3_contrib
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.callbacks import MaskableEvalCallback
    from stable_baselines3.common.callbacks import BaseCallback, CheckpointCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.utils import get_system_info, set_random_seed
    from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv
except ImportError as err:
    raise extra_missing("train", err) from err

from . import progress
from .imitation import imitate
from .opponents import RANDOM, OpponentPool, model_opponent
from .progress import ProgressBar, mean_recent_return
from .shaping import ScoreShaping
from .workers import Workers

TRAINING, EVALUATION, IMITATION = 0, 1, 2
"""Streams of :func:`derived_seed`."""


# -- environments -----------------------------------------------------------------------------
def derived_seed(seed: int, stream: int, rank: int) -> int:
    """An independent seed for env ``rank`` of ``stream`` (training or evaluation)."""
    return int(np.random.SeedSequence([seed, stream, rank]).generate_state(1)[0])


def make_opponents(args: argparse.Namespace, kind: str, seed: int, env: gym.Env):
    """The agent playing every opponent seat (None: the env's default random agent)."""
    if kind == "random":
        return None
    if kind != PPO and not kind.startswith(MODEL_PREFIX):
        return make_agent(kind, args.game, seed, args.mcts_iterations, args.mcts_rollout)
    rng = np.random.default_rng(seed) if args.stochastic_opponents else None
    if kind == PPO:
        return pretrained_agent(args.game, rng, **env.unwrapped.game.config)
    return model_opponent(kind[len(MODEL_PREFIX) :], env, rng)


def build_env(args: argparse.Namespace, kind: str, stream: int, rank: int) -> gym.Env:
    """One monitored single-seat env whose opponents are ``kind`` (its training reward shaped
    with ``--score-shaping``); runs in the worker process."""
    torch.set_num_threads(TORCH_THREADS)  # model opponents in SubprocVecEnv workers
    if multiprocessing.parent_process() is not None:  # a SubprocVecEnv worker
        # Ctrl-C reaches every process of the terminal's group: the main process stops the run,
        # saves the model and closes the workers, which must outlive the interrupt to be closed.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    log = str(args.out / "monitor" / f"{rank}") if stream == TRAINING else None
    env = Monitor(opponents_env(args, kind, derived_seed(args.seed, stream, rank)), log)
    if stream == TRAINING and args.score_shaping:
        return ScoreShaping(env, args.score_shaping, args.gamma)
    return env


def opponents_env(args: argparse.Namespace, kind: str, seed: int) -> gym.Env:
    """The solo ``--env``, or a single-seat env of ``--game`` whose opponents are ``kind``."""
    if args.env is not None:
        return gym.make(args.env, **args.env_options)
    env = single_seat_env(args.game, num_players=args.num_players, **args.game_options)
    kinds = kind.split(",")
    if kinds == [kind] and kind != SELF_PLAY:
        agent = make_opponents(args, kind, seed, env)
        if agent is not None:
            env.opponents = [agent] * args.num_players
        return env
    others = [name for name in kinds if name != SELF_PLAY]
    fixed = {name: make_opponents(args, name, seed, env) or RandomPolicy() for name in others}
    return OpponentPool(
        env, fixed, SELF_PLAY in kinds, args.pool_size, args.stochastic_opponents, seed
    )


def make_vec_env(args: argparse.Namespace) -> VecEnv:
    """``--n-envs`` training envs; env ``i`` is reset with seed ``seed + i``."""
    build = functools.partial(build_env, args, args.opponents, TRAINING)
    factories = [functools.partial(build, rank) for rank in range(args.n_envs)]
    env = Workers(factories) if args.vec == "subproc" else DummyVecEnv(factories)
    env.seed(args.seed)
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


def make_callbacks(args: argparse.Namespace) -> list[BaseCallback]:
    callbacks: list[BaseCallback] = []
    if SELF_PLAY in args.opponents.split(",") and args.snapshot_every > 0:
        pool = args.out / "pool"
        pool.mkdir(parents=True, exist_ok=True)
        for old in pool.glob("snapshot_*.zip"):
            old.unlink()
        callbacks.append(SnapshotCallback(args.snapshot_every, pool))
    if args.eval_every > 0:
        env = DummyVecEnv([functools.partial(build_env, args, args.eval_opponents, EVALUATION, 0)])
        env.seed(derived_seed(args.seed, EVALUATION, 0))
        callbacks.append(
            MaskableEvalCallback(
                env,
                n_eval_episodes=args.eval_episodes,
                eval_freq=max(args.eval_every // args.n_envs, 1),
                log_path=str(args.out / "eval"),
                best_model_save_path=str(args.out),
                deterministic=True,
                verbose=1,
            )
        )
    if args.checkpoint_every > 0:
        callbacks.append(
            CheckpointCallback(
                save_freq=max(args.checkpoint_every // args.n_envs, 1),
                save_path=str(args.out / "checkpoints"),
                name_prefix="model",
            )
        )
    return callbacks


# -- training ---------------------------------------------------------------------------------
def make_model(args: argparse.Namespace, env: VecEnv) -> MaskablePPO:
    tensorboard = args.tensorboard
    if tensorboard and missing("tensorboard"):
        print(
            "--tensorboard needs the tensorboard package (pip install tensorboard); "
            "training without TensorBoard logs",
            file=sys.stderr,
        )
        tensorboard = False
    return MaskablePPO(
        "MlpPolicy",
        env,
        policy_kwargs={"net_arch": args.net_arch},
        seed=args.seed,
        device="cpu",
        verbose=args.verbose,
        tensorboard_log=str(args.out / "tb") if tensorboard else None,
        **{key: getattr(args, key) for key in PPO_KWARGS},
    )


def evaluations(callbacks: list[BaseCallback], solo: bool) -> list[dict[str, Any]] | None:
    """Each evaluation's timestep, mean reward and (for games against opponents, whose reward is
    +1 / 0 / -1) win rate, if evaluation was on."""
    callback = next((c for c in callbacks if isinstance(c, MaskableEvalCallback)), None)
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
    return next((c.snapshots for c in callbacks if isinstance(c, SnapshotCallback)), [])


def pool_games(
    env: VecEnv, args: argparse.Namespace, snapshots: list[Path]
) -> dict[str, int] | None:
    """A mix or self-play: the games each opponent (each kind of the mix, each member of the
    self-play pool) played in an opponent seat, summed over the envs; else None."""
    kinds = args.opponents.split(",")
    if len(kinds) == 1 and SELF_PLAY not in kinds:
        return None
    total: Counter[str] = sum((Counter(games) for games in env.get_attr("games")), Counter())
    names = [kind for kind in kinds if kind != SELF_PLAY]
    if SELF_PLAY in kinds:
        names += [RANDOM, *(path.name for path in snapshots)]
    return {name: total[name] for name in dict.fromkeys(names)}


def run_record(
    args: argparse.Namespace,
    model: MaskablePPO,
    wall_time: float,
    callbacks: list[BaseCallback],
    games_per_member: dict[str, int] | None,
    imitation: dict[str, Any] | None = None,
    interrupted: bool = False,
) -> dict[str, Any]:
    self_play = SELF_PLAY in args.opponents.split(",")
    solo = args.env is not None
    return {
        "command": command_line(commandline.recorded_options(args)),
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
        "interrupted": interrupted,
        "wall_time_s": round(wall_time, 2),
        "steps_per_s": round(model.num_timesteps / wall_time, 1),
        "mean_return_last_100_episodes": mean_recent_return(model),
        "evaluations": evaluations(callbacks, solo),
        "imitation": imitation,
        "self_play_snapshots": [str(p) for p in snapshots(callbacks)] if self_play else None,
        "self_play_games_per_member": games_per_member,
        "algorithm": "MaskablePPO",
        "policy": "MlpPolicy",
        "net_arch": args.net_arch,
        "n_envs": args.n_envs,
        "vec_env": args.vec,
        "hyperparameters": {key: getattr(args, key) for key in PPO_KWARGS},
        "torch_threads": TORCH_THREADS,
        "options": commandline.recorded_options(args),
        "versions": {
            "digsite": __version__,
            "sb3_contrib": sb3_contrib.__version__,
            **get_system_info(print_info=False)[0],  # SB3's report: OS, Python, PyTorch, GPU...
        },
    }


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, save ``model.zip`` and ``run.json`` in ``args.out``, and return the run record.
    A run stopped by Ctrl-C (KeyboardInterrupt) saves the model it reached, its record saying
    ``"interrupted": true``."""
    torch.set_num_threads(TORCH_THREADS)
    set_random_seed(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for old_log in (args.out / "monitor").glob("*.monitor.csv"):
        old_log.unlink()  # a previous run's episodes are not this run's
    env = make_vec_env(args)
    try:
        model = make_model(args, env)
        callbacks = make_callbacks(args)
        shown = progress.callback(args.progress, args.timesteps)
        start = time.perf_counter()
        imitation, interrupted = None, False
        try:
            if args.imitate:
                imitation = imitate_first(model, args)
            with warnings.catch_warnings():
                # The eval env is a DummyVecEnv; SB3 warns when the training env is not.
                warnings.filterwarnings("ignore", "Training and eval env are not of the same type")
                warnings.filterwarnings("ignore", "rich is experimental")  # SB3's bar: tqdm.rich
                model.learn(args.timesteps, callback=[*callbacks, *filter(None, [shown])])
        except KeyboardInterrupt:
            interrupted = True
            if isinstance(shown, ProgressBar):
                shown.close()
        wall_time = time.perf_counter() - start
        games_per_member = pool_games(env, args, snapshots(callbacks))
    finally:
        env.close()

    model.save(args.out / "model.zip")
    record = run_record(args, model, wall_time, callbacks, games_per_member, imitation, interrupted)
    (args.out / "run.json").write_text(json.dumps(record, indent=2) + "\n")
    if args.plot:
        plot_learning_curve(args.out, record)
    return record


def imitate_first(model: MaskablePPO, args: argparse.Namespace) -> dict[str, Any]:
    """``--imitate``: teach the model the agent's moves (a line per chunk unless ``--progress
    none``), print a summary; the imitation record."""
    report = None if args.progress == "none" else functools.partial(print, flush=True)
    imitation = imitate(
        model, args, functools.partial(derived_seed, args.seed, IMITATION), report=report
    )
    print(
        f"imitated {args.imitate}: {imitation['decisions']} decisions of "
        f"{imitation['games']} games in {imitation['wall_time_s']:.0f} s; agreement with "
        f"its choices {imitation['agreement_first_chunk']:.2f} on the first chunk, "
        f"{imitation['agreement_last_chunk']:.2f} on the last",
        flush=True,
    )
    return imitation


def plot_learning_curve(out: Path, record: dict[str, Any]) -> None:
    """``<out>/learning_curve.png``: training episode returns (a moving mean over 100 episodes,
    from the Monitor logs) against steps, and the evaluations' mean rewards."""
    if missing("matplotlib", "pandas"):
        print(
            "--plot needs matplotlib and pandas (pip install matplotlib pandas); no plot",
            file=sys.stderr,
        )
        return
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
    figure.savefig(out / "learning_curve.png", dpi=100)
    plt.close(figure)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Train with checked options (:mod:`.options`), print a summary; the run record.  A run
    stopped by Ctrl-C says what it saved, then raises KeyboardInterrupt again (the command ends
    with status 130)."""
    record = train(args)
    recent = record["mean_return_last_100_episodes"]
    recent_text = "n/a" if recent is None else f"{recent:+.3f}"
    subject = args.env or f"{args.game} ({args.num_players} players) against {args.opponents}"
    subject += "" if args.env else " opponents"
    steps = f"{record['timesteps_trained']:,}"
    if record["interrupted"]:
        steps += f" of {args.timesteps:,} (stopped by Ctrl-C)"
    print(
        f"trained MaskablePPO on {subject}: {steps} steps in "
        f"{record['wall_time_s']:.1f} s ({record['steps_per_s']:.0f} steps/s), mean return of "
        f"last 100 episodes {recent_text}; saved {args.out / 'model.zip'}",
        flush=True,
    )
    if record["evaluations"]:
        best = max(e["mean_reward"] for e in record["evaluations"])
        print(f"best evaluation mean reward {best:+.3f}; saved {args.out / 'best_model.zip'}")
    if record["interrupted"]:
        raise KeyboardInterrupt
    return record

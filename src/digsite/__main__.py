"""Command line (``digsite`` or ``python -m digsite``): ``list`` prints the environments and
how to make them; ``record`` plays a game with baseline agents and writes its record;
``replay`` checks that a record reproduces (see :mod:`digsite.records`); ``play`` lets a person
play one seat in the terminal (:mod:`digsite.play`).  The tools (``train``, ``evaluate``,
``league``, ``benchmark``, ``train-rllib``; :data:`digsite.commandline.COMMANDS`) take the
same options as their scripts in ``training_scripts/``; ``digsite TOOL --help`` lists them,
and a tool whose extra is not installed says which to install."""

from __future__ import annotations

import argparse
import sys

from .commandline import AGENT_CHOICES, COMMANDS, HelpFormatter, key_value
from .envs.registry import ENVIRONMENTS, entry

NAMESPACE = "digsite/"


def list_environments() -> str:
    """Every digsite id in PettingZoo's and Gymnasium's registries, with what our registry
    says of its game (players, status, modes) and how to make it."""
    import gymnasium

    try:
        from pettingzoo.env_registry.registration import aec_registry
    except ImportError:  # an older PettingZoo without a registry: our own list
        aec_ids = [e.env_id for e in ENVIRONMENTS]
    else:
        aec_ids = [env_id for env_id in aec_registry if env_id.startswith(NAMESPACE)]
    lines = []
    for env_id in aec_ids:
        game = entry(env_id[len(NAMESPACE) :].rpartition("-v")[0])
        players = ", ".join(str(n) for n in game.player_counts)
        lines.append(f"{env_id}  ({game.title}; {players} players; {game.status})")
        lines.append(f"    modes: {'; '.join(game.modes)}")
        example = game.configs()[0]
        args = ", ".join(f"{k}={v!r}" for k, v in example.items())
        lines.append(f"    pettingzoo.make('aec', '{env_id}', {args})")
        module = game.module_name
        lines.append(f"    from digsite import {module}; {module}.env({args})")
        lines.append(f"    digsite.single_seat_env('{game.name}', {args})  # Gymnasium, vs random")
    for env_id in gymnasium.registry:
        if env_id.startswith(NAMESPACE):
            lines.append(f"{env_id}  (Gymnasium single-agent)")
            lines.append(f"    import digsite, gymnasium; gymnasium.make('{env_id}')")
    return "\n".join(lines)


def record_command(args: argparse.Namespace) -> None:
    from .agents import make_agent
    from .records import play, save

    kinds = args.agents.split(",")
    config = {"num_players": len(kinds), **dict(args.option)}
    agents = [make_agent(k, args.game, seed=args.seed + i, **config) for i, k in enumerate(kinds)]
    record = play(args.game, agents, names=kinds, seed=args.seed, **config)
    save(record, args.out)
    print(f"{args.out}: {len(record['steps'])} steps, returns {record['returns']}")


def play_command(args: argparse.Namespace) -> None:
    from .play import play

    config = {"num_players": args.num_players, **dict(args.option)}
    play(
        args.game,
        seat=args.seat,
        opponents=args.opponents.split(","),
        seed=args.seed,
        record=args.record,
        **config,
    )


def replay_command(args: argparse.Namespace) -> None:
    from .records import RecordError, load, replay

    try:
        record = load(args.record)
        replay(record)
        if args.html:
            from .viewer import page

            with open(args.html, "w", encoding="utf-8") as out:
                out.write(page(record))
    except RecordError as err:
        sys.exit(f"{args.record}: {err}")
    print(
        f"{args.record}: {record['env']} {record['config']}, seed {record['seed']}: "
        f"{len(record['steps'])} steps reproduce; returns {record['returns']}, "
        f"scores {record['scores']}" + (f"; viewer page {args.html}" if args.html else "")
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="digsite", description="digsite environments")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the available environments")
    record = sub.add_parser("record", help="play a game with baseline agents, write its record")
    record.add_argument("game", help="a game name, e.g. mykerinos")
    record.add_argument(
        "--agents", required=True, help="one agent kind per seat: random, heuristic, mcts or ppo"
    )
    record.add_argument("--seed", type=int, default=0)
    record.add_argument(
        "--option", type=key_value, action="append", default=[], help="a game option key=value"
    )
    record.add_argument("--out", default="game.json")
    replay = sub.add_parser("replay", help="check that a game record reproduces")
    replay.add_argument("record", help="a record file")
    replay.add_argument("--html", help="also write the replay viewer page (one HTML file) here")
    person = sub.add_parser("play", help="play one seat in the terminal against agents")
    person.add_argument("game", help="a game name, e.g. mykerinos")
    person.add_argument("--num-players", type=int, required=True)
    person.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    person.add_argument(
        "--opponents",
        default="heuristic",
        help=f"one agent kind for every other seat, or one per seat: {AGENT_CHOICES}",
    )
    person.add_argument("--seed", type=int, default=0)
    person.add_argument("--record", help="write the finished game's record here")
    person.add_argument(
        "--option", type=key_value, action="append", default=[], help="a game option key=value"
    )
    tools = {
        tool.name: tool.parser(
            sub.add_parser(
                tool.name,
                help=tool.help,
                description=tool.help,
                formatter_class=HelpFormatter,
            )
        )
        for tool in COMMANDS
    }
    args = parser.parse_args(argv)
    commands = {"record": record_command, "replay": replay_command, "play": play_command}
    if args.command == "list":
        print(list_environments())
    elif args.command in tools:
        next(t for t in COMMANDS if t.name == args.command)(tools[args.command], args)
    else:
        commands[args.command](args)


if __name__ == "__main__":
    main()

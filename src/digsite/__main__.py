"""Command line (``digsite`` or ``python -m digsite``): ``list`` prints the environments and
how to make them; ``record`` plays a game with baseline agents and writes its record;
``replay`` checks that a record reproduces (see :mod:`digsite.records`); ``play`` lets a person
play one seat in the terminal (:mod:`digsite.play`).  The tools (``train``, ``evaluate``,
``league``, ``benchmark``, ``train-rllib``; :data:`digsite.commandline.COMMANDS`) take the
same options as their scripts in ``training_scripts/``; ``digsite TOOL --help`` lists them,
and a tool whose extra is not installed says which to install.

A user's mistake or Ctrl-C ends a command with one line on stderr, never a traceback
(:mod:`digsite.commandline`)."""

from __future__ import annotations

import argparse
import sys

import gymnasium
from pettingzoo.env_registry.registration import aec_registry

from . import commandline as cli
from .envs.registry import ENVIRONMENTS, SINGLE_SEAT_GYM_IDS, entry, make_game
from .games import BUILTIN

NAMESPACE = "digsite/"
PROG = "digsite"


def list_environments() -> str:
    """Every digsite id in PettingZoo's and Gymnasium's registries, with what our registry
    says of its game (players, status, modes) and how to make it."""
    lines = []
    for env_id in (env_id for env_id in aec_registry if env_id.startswith(NAMESPACE)):
        game = entry(env_id[len(NAMESPACE) :].rpartition("-v")[0])
        players = ", ".join(str(n) for n in game.player_counts)
        lines.append(f"{env_id}  ({game.title}; {players} players; {game.status})")
        lines.append(f"    modes: {'; '.join(game.modes)}")
        args = ", ".join(f"{k}={v!r}" for k, v in game.configs()[0].items())
        lines.append(f"    pettingzoo.make('aec', '{env_id}', {args})")
        if game in BUILTIN:
            module = game.module_name
            lines.append(f"    from digsite import {module}; {module}.env({args})")
        else:
            lines.append(f"    digsite.make_env('{game.name}', {args})  # from {game.package}")
        if game.single_seat_counts:
            seat_id = game.single_seat_id(game.single_seat_counts[0])
            lines.append(f"    gymnasium.make('{seat_id}')  # Gymnasium: one seat, vs random")
    lines.append(
        "Gymnasium single-agent ids: import digsite, gymnasium; gymnasium.make(id, **options)\n"
        "(a seat's options: seat, opponents, illegal_action, render_mode and its game's)"
    )
    described = {game.solo_id: f"{game.title} solo" for game in reversed(ENVIRONMENTS)}
    described |= {
        seat_id: f"one seat of {entry(name).title}, {num_players} players"
        for seat_id, (name, num_players) in SINGLE_SEAT_GYM_IDS.items()
    }
    for env_id in gymnasium.registry:
        if env_id.startswith(NAMESPACE):
            lines.append(f"{env_id}  ({described.get(env_id, 'Gymnasium single-agent')})")
    return "\n".join(lines)


def record_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from .agents import make_agent
    from .records import play, save

    kinds = args.agents
    config = {"num_players": len(kinds), **dict(args.option)}
    try:
        make_game(args.game, **config)
    except ValueError as err:
        parser.error(f"{args.game} with {len(kinds)} players (one per --agents kind): {err}")
    try:
        cli.check_writable(args.out, "the record")
        agents = [
            make_agent(k, args.game, seed=args.seed + i, **config) for i, k in enumerate(kinds)
        ]
    except ValueError as err:
        parser.error(str(err))
    record = play(args.game, agents, names=kinds, seed=args.seed, **config)
    save(record, args.out)
    print(f"{args.out}: {len(record['steps'])} steps, returns {record['returns']}")


def play_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from .play import play_at, set_table

    config = dict(args.option)
    if args.num_players is not None:
        config["num_players"] = args.num_players
    try:
        table = set_table(
            args.game,
            seat=args.seat,
            opponents=args.opponents,
            seed=args.seed,
            record=args.record,
            confirm_forced=args.confirm_forced,
            **config,
        )
    except ValueError as err:
        parser.error(str(err))
    play_at(table, ask=input)  # looked up now, so that a test can stand in for the person


def replay_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    from .records import load, replay, replay_states

    if args.html:
        try:
            cli.check_writable(args.html, "the viewer page")
        except ValueError as err:
            parser.error(f"--html: {err}")
    try:
        record = load(args.record)
        states = replay_states(record) if args.html else replay(record)  # both check it all
    except (ValueError, OSError) as err:  # a RecordError, or a file its config names: status 1
        said = cli.describe(err)
        sys.exit(
            f"{PROG} replay: error: " + (said if args.record in said else f"{args.record}: {said}")
        )
    if args.html:
        from .viewer import default_jobs, page

        with open(args.html, "w", encoding="utf-8") as out:
            out.write(page(record, jobs=args.jobs or default_jobs(), states=states))
    print(
        f"{args.record}: {record['env']} {record['config']}, seed {record['seed']}: "
        f"{len(record['steps'])} steps reproduce; returns {record['returns']}, "
        f"scores {record['scores']}" + (f"; viewer page {args.html}" if args.html else "")
    )


def game_option(parser: argparse.ArgumentParser) -> None:
    """``--game-option KEY=VALUE``, as the other commands name it (``--option`` is its old
    name, still understood)."""
    parser.add_argument(
        "--game-option",
        "--option",
        dest="option",
        type=cli.key_value,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable)",
    )


def parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    parser = cli.Parser(prog=PROG, description="digsite environments")
    sub = parser.add_subparsers(dest="command", required=True)
    played = argparse.ArgumentParser(add_help=False)  # the GAME of record and play
    played.add_argument(
        "game", choices=cli.GAMES, metavar="GAME", help=f"one of {', '.join(cli.GAMES)}"
    )
    sub.add_parser("list", help="list the available environments")
    record = sub.add_parser(
        "record", help="play a game with baseline agents, write its record", parents=[played]
    )
    record.add_argument(
        "--agents",
        type=cli.agent_kinds,
        required=True,
        help=f"one agent kind per seat, comma-separated: {cli.AGENT_CHOICES}",
    )
    record.add_argument("--seed", type=cli.seed_number, default=0)
    game_option(record)
    record.add_argument("--out", default="game.json")
    replay = sub.add_parser("replay", help="check that a game record reproduces")
    replay.add_argument("record", help="a record file")
    replay.add_argument("--html", help="also write the replay viewer page (one HTML file) here")
    replay.add_argument(
        "--jobs",
        type=cli.positive_number,
        help="processes drawing the page's pictures (default: one per idle CPU; the same page)",
    )
    person = sub.add_parser(
        "play", help="play one seat in the terminal against agents", parents=[played]
    )
    person.add_argument(
        "--num-players", type=int, help="players in the game (default: the game's default)"
    )
    person.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    person.add_argument(
        "--opponents",
        type=cli.agent_kinds,
        default="heuristic",
        help=f"one agent kind for every other seat, or one per seat: {cli.AGENT_CHOICES}",
    )
    person.add_argument("--seed", type=cli.seed_number, default=0)
    person.add_argument("--record", help="write the finished game's record here")
    person.add_argument("--confirm-forced", action="store_true", help="ask for your only move too")
    game_option(person)
    for tool in cli.COMMANDS:
        tool.parser(
            sub.add_parser(
                tool.name, help=tool.help, description=tool.help, formatter_class=cli.HelpFormatter
            )
        )
    return parser, sub.choices


def main(argv: list[str] | None = None) -> None:
    """Run ``digsite`` on ``argv``; a user error or Ctrl-C ends it with one line on stderr
    (:func:`digsite.commandline.reported`)."""
    with cli.reported(PROG):
        parser, commands = parsers()
        args = parser.parse_args(argv)
    with cli.reported(f"{PROG} {args.command}"):
        run = {"record": record_command, "replay": replay_command, "play": play_command}
        if args.command == "list":
            print(list_environments())
        else:
            (run.get(args.command) or cli.command(args.command))(commands[args.command], args)


if __name__ == "__main__":
    main()

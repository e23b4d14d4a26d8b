"""Command line: ``python -m digsite list`` prints the environments and how to make them."""

from __future__ import annotations

import argparse

from .envs.registry import ENVIRONMENTS, SOLO_GYM_IDS


def list_environments() -> str:
    lines = []
    for entry in ENVIRONMENTS:
        players = ", ".join(str(n) for n in entry.player_counts)
        lines.append(f"{entry.env_id}  ({entry.title}; {players} players; {entry.status})")
        lines.append(f"    modes: {'; '.join(entry.modes)}")
        example = entry.configs()[0]
        args = ", ".join(f"{k}={v!r}" for k, v in example.items())
        lines.append(f"    pettingzoo.make('aec', '{entry.env_id}', {args})")
        module = entry.module_name
        lines.append(f"    from digsite import {module}; {module}.env({args})")
        lines.append(f"    digsite.single_seat_env('{entry.name}', {args})  # Gymnasium, vs random")
    for env_id in SOLO_GYM_IDS:
        lines.append(f"{env_id}  (Gymnasium single-agent)")
        lines.append(f"    import digsite, gymnasium; gymnasium.make('{env_id}')")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="digsite", description="digsite environments")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the available environments")
    args = parser.parse_args(argv)
    if args.command == "list":
        print(list_environments())


if __name__ == "__main__":
    main()

"""``python -m digsite.testing GAME [--check NAME ...]``: the conformance suite on a game,
one line per check and configuration; exit status 1 if one fails."""

from __future__ import annotations

import argparse
import sys

from . import CHECKS, ConformanceError, check_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m digsite.testing", description=__doc__)
    parser.add_argument("game", help="a registered game's name")
    parser.add_argument("--check", action="append", choices=list(CHECKS), help="only this check")
    args = parser.parse_args(argv)
    try:
        check_game(args.game, checks=args.check, report=lambda result: print(result, flush=True))
    except ConformanceError as err:
        sys.exit(str(err))
    except ValueError as err:  # an unknown game
        parser.error(str(err))


if __name__ == "__main__":
    main()

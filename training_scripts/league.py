"""A round-robin league of agents, with ratings and win-rate tables.

A thin entry point: ``digsite league`` takes the same options (``--help`` lists them); the code
and its documentation are in ``digsite.evaluation.league``.
"""

from digsite.commandline import main

if __name__ == "__main__":
    main("league", prog="league.py")

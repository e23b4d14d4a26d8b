"""Steps per second of every env, against PettingZoo's connect four.

A thin entry point: ``digsite benchmark`` takes the same options (``--help`` lists them); the code
and its documentation are in ``digsite.benchmark``.
"""

from digsite.commandline import main

if __name__ == "__main__":
    main("benchmark", prog="benchmark.py")

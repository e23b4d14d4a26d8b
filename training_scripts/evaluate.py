"""Evaluate a model and baseline agents against opponents.

A thin entry point: ``digsite evaluate`` takes the same options (``--help`` lists them); the code
and its documentation are in ``digsite.evaluation.evaluate``.
"""

from digsite.commandline import main

if __name__ == "__main__":
    main("evaluate", prog="evaluate.py")

"""Evaluate a model and baseline agents against opponents.

A thin entry point: ``digsite evaluate`` takes the same options (``--help`` lists them); the code
and its documentation are in ``digsite.evaluation.evaluate``.
"""

from digsite.evaluation.evaluate import main

if __name__ == "__main__":
    main(prog="evaluate.py")

"""Train MaskablePPO on one seat of a game, or on a solo env.

A thin entry point: ``digsite train`` takes the same options (``--help`` lists them); the code
and its documentation are in ``digsite.training``.
"""

from digsite.commandline import main

if __name__ == "__main__":
    main("train", prog="train.py")

"""Train PPO with Ray RLlib, every seat played by learned policies.

A thin entry point: ``digsite train-rllib`` takes the same options (``--help`` lists them); the code
and its documentation are in ``digsite.rllib``.
"""

from digsite.commandline import main

if __name__ == "__main__":
    main("train-rllib", prog="train_rllib.py")

"""PPO with Ray RLlib on a multi-player digsite game, every seat played by learned policies:
``digsite train-rllib`` (or ``training_scripts/train_rllib.py``), the distributed path for
runs that outgrow ``digsite train``'s single process.  Needs the ``rllib`` extra.  The user's
guide is ``docs/training.md``; ``digsite train-rllib --help`` lists every option.

The env and each policy's masked module are :mod:`.env`'s.  RLlib's env pre-check is off because
it steps unmasked random actions.

Determinism: ``--seed`` seeds RLlib (torch, numpy, each env runner's envs) and the evaluation
games; a new process also needs ``PYTHONHASHSEED=0`` (passed on to Ray's workers; ``run.json``
records it) and 0 or 1 env runners, for the reasons ``docs/training.md`` gives.

The modules: :mod:`.options` (the command's options, light), :mod:`.env` (the RLlib env, the
masked module, policies and acting outside RLlib), :mod:`.train` (the run).
"""

"""PPO with Ray RLlib on a multi-player digsite game, every seat played by learned policies:
``digsite train-rllib`` (or ``training_scripts/train_rllib.py``), the distributed path for
runs that outgrow ``digsite train``'s single process.  Needs the ``rllib`` extra.  The user's
guide is ``docs/training.md``; ``digsite train-rllib --help`` lists every option.

The PettingZoo AEC env is wrapped in RLlib's ``PettingZooEnv`` and each policy is
:class:`~digsite.rllib.env.MaskedPPOModule` (RLlib's default PPO networks, ``log(mask)`` added to
the logits).  The env raises ``ValueError`` on an illegal move, so a masking bug stops the run,
and RLlib's env pre-check is off because it steps unmasked random actions.

Determinism: ``--seed`` seeds RLlib (torch, numpy, each env runner's envs) and the evaluation
games, which repeats a run within one process.  RLlib's multi-agent episodes iterate over sets
of agent ids, ordered by Python's string hashing, so a new process repeats a run only with
``PYTHONHASHSEED=0`` (passed on to Ray's workers; ``run.json`` records it) and 0 or 1 env
runners: RLlib does not promise the order in which several runners' samples are merged.

The modules: :mod:`.options` (the command's options, light), :mod:`.env` (the RLlib env, the
masked module, policies and acting outside RLlib), :mod:`.train` (the run).
"""

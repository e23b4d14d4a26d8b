"""Training MaskablePPO (sb3-contrib) on one seat of a digsite game against fixed or learned
opponents, or on a solo Gymnasium env: ``digsite train`` (or ``training_scripts/train.py``).
Needs the ``train`` extra.  The user's guide is ``docs/training.md``; ``digsite train --help``
lists every option with its default.

The learner plays ``digsite.single_seat_env(game, num_players=N)`` (its seat drawn at random
each episode; :mod:`digsite.envs.single_seat`).  Steps are learner decisions, counted over all
envs; env ``i`` is reset with seed ``seed + i`` and the opponents and pool draws have generators
derived from the seed, so the same options on the same machine and library versions give the
same model.

The modules: :mod:`.options` (the commands' options, light), :mod:`.train` (the run),
:mod:`.opponents` (model opponents, mixes and the self-play pool), :mod:`.imitation`,
:mod:`.shaping`, :mod:`.progress` (what a run shows while it runs), :mod:`.export`.
"""

"""PPO with Ray RLlib on a multi-player digsite game, every seat played by learned policies:
``digsite train-rllib`` (or ``training_scripts/train_rllib.py``, the same options).

This is the distributed path, for runs that outgrow ``digsite train``'s single process: RLlib's env
runners play the games (locally or across a Ray cluster) and its learner updates the policies.
It needs the ``rllib`` extra (``pip install -e ".[rllib]"``: ``ray[rllib]`` 2.50 or later; tested
with 2.60.0).

    digsite train-rllib --game mykerinos --num-players 2 --iterations 20 \\
        --out runs/mykerinos-rllib

writes the RLlib checkpoint ``runs/mykerinos-rllib/checkpoint/`` and ``run.json``, and prints a
one-line summary.  Every registered game works with any of its player counts from 2 up (the
solo games are trained with ``digsite train --env``).

How the game reaches RLlib (:mod:`digsite.rllib.env`): the PettingZoo AEC env is wrapped in
RLlib's ``PettingZooEnv`` (only the player to move observes; at the end every player gets its
+1 / 0 / -1), and each policy is :class:`~digsite.rllib.env.MaskedPPOModule`, RLlib's default
PPO networks with ``log(mask)`` added to the logits, so no policy ever picks an illegal move
(the env raises ``ValueError`` if one does: a masking bug stops the run instead of going
unnoticed).  RLlib's env pre-check is off for the same reason: it steps unmasked random
actions.

The options (``--help`` lists them with their defaults):

``--policies shared|per-seat``
    The self-play scheme.  ``shared``: one policy (RLModule ``shared``) plays every seat and
    learns from all of them (parameter sharing; the usual choice for symmetric games).
    ``per-seat``: one policy per seat (RLModules ``player_0`` ... ``player_{n-1}``), each
    learning against the others as they learn; use it when seats differ (first player, the
    2-player neutral colour) or to get several distinct opponents out of one run.
``--game-option KEY=VALUE``
    A game option (``museum_two_rooms=4``, ``guess_variant=app``, ``expert=true``; the value is
    read as JSON when it parses), checked by building the game before Ray starts.
``--iterations``
    ``Algorithm.train()`` calls; each samples ``--train-batch-size`` env steps (moves of all
    players together), then runs ``--num-epochs`` passes of ``--minibatch-size`` updates.
``--num-env-runners``, ``--envs-per-runner``, ``--num-cpus``, ``--address``
    Sampling parallelism.  The default (0 runners) samples in the driver process; ``N`` starts
    ``N`` Ray actors.  ``--num-cpus`` bounds a local Ray instance; ``--address`` joins a running
    Ray cluster instead (``auto`` or ``host:port``), whose nodes need digsite and the ``rllib``
    extra installed; the adapter module is shipped to them by value.
``--eval-games``, ``--eval-opponents random|heuristic|mcts``
    After training, the policies restored from the checkpoint play their seats greedily (most
    likely legal move) against digsite's baseline players (uniformly random by default, the
    game's rules-based ``heuristic``, or information-set ``mcts``, with the game's search
    settings unless ``--mcts-iterations`` or ``--mcts-rollout`` say otherwise),
    ``--eval-games`` games in all, the learner's seat rotating; the wins and mean returns per
    seat go into ``run.json`` and the summary (0 games: no evaluation).
``--train-batch-size``, ``--minibatch-size``, ``--num-epochs``, ``--lr``, ...
    PPO hyperparameters (defaults in ``PPO_DEFAULTS``); ``--hidden`` sets the MLP layer sizes.

``run.json`` records every option, the module ids, the versions, the total wall time and, per
iteration: env steps so far, episodes finished in the iteration, the mean episode return (the sum
over seats: 0 in a zero-sum game, so also per seat and per module), the mean episode length and
each module's policy entropy.  The episode means are RLlib's own (in Ray 2.60, over the episodes
finished in that iteration; see RLlib's ``metrics_num_episodes_for_smoothing``).  A progress
line per iteration goes to stderr.  The checkpoint restores with
``ray.rllib.algorithms.algorithm.Algorithm.from_checkpoint(path)`` (to train on), and one policy
alone with ``digsite.rllib.env.load_module(path, module_id)`` (``RLModule.from_checkpoint`` on
``path/learner_group/learner/rl_module/<module_id>``); ``digsite.rllib.env.module_action``
plays it, and ``digsite.rllib.env.SeatModules`` makes trained modules an agent of
:mod:`digsite.agents.arena`.

Determinism: ``--seed`` goes to RLlib (``config.debugging(seed=...)``), which seeds torch, numpy
and each env runner's envs from it, and to the evaluation games.  Within one process the same
options repeat a run exactly (the tests check it).  In a new process the games sampled are the
same, but RLlib's multi-agent episodes iterate over sets of agent ids, whose order follows
Python's string hashing, so the training batches (and so the weights) differ unless the hash
seed is fixed too: ``PYTHONHASHSEED=0 digsite train-rllib ...`` repeats
exactly, with 0 or 1 env runners (the variable is passed on to Ray's workers; ``run.json``
records it).  With several env runners RLlib does not promise the order in which their samples
are merged, and nothing is promised across machines, library versions or thread counts.

The modules: :mod:`.options` (the command's options, light), :mod:`.env` (the RLlib env, the
masked module, policies and acting outside RLlib), :mod:`.train` (the run).
"""

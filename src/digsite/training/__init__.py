"""Training MaskablePPO (sb3-contrib) on one seat of a digsite game against fixed or learned
opponents, or on a solo Gymnasium env: ``digsite train`` (or ``training_scripts/train.py``,
the same options).  Needs the ``train`` extra (``pip install "digsite[train]"``).

The learner plays ``digsite.single_seat_env(game, num_players=N)``: its seat is drawn at random
each episode, the other seats are played by the opponents inside ``step()``, and the only reward
is the end-of-game +1 (win) / 0 (win shared by everybody) / -1 (loss).  Illegal moves are masked
out through the env's ``action_masks()`` (also across SubprocVecEnv workers).

    digsite train --game mykerinos --num-players 2 --timesteps 30000

writes ``runs/mykerinos-2p/model.zip`` and ``runs/mykerinos-2p/run.json`` (``--out`` defaults
to ``runs/<game>-<N>p``, or ``runs/<solo env name>``).  The solo games are plain
Gymnasium envs and are trained on directly, with the env's own reward:

    digsite train --env digsite/ArcheOlogicSolo-v2 --timesteps 100000 \\
        --env-option guess_variant=app --out runs/archeologic-solo

Evaluate the model with ``digsite evaluate --from-run runs/mykerinos-2p``
(:mod:`digsite.evaluation`).  The options (``--help`` lists them with their defaults):

``--env``, ``--env-option KEY=VALUE``
    A solo Gymnasium id (``python -m digsite list`` names them) instead of ``--game`` /
    ``--num-players`` / ``--opponents``; each ``--env-option`` is passed to ``gymnasium.make``
    (the value read as JSON when it parses, else as a string).

``--game-option KEY=VALUE``
    An option of the ``--game`` (``setup=ur``, ``mode=competitive``, ``museum_two_rooms=4``;
    the value read as JSON when it parses), checked by building the game before training.
    ``digsite evaluate`` takes the same options (or ``--from-run``) and needs them to rebuild
    the env.

``--opponents``
    ``random`` (uniform over legal moves), ``heuristic`` (the game's rules-based player),
    ``mcts`` (information-set MCTS with the game's search settings, as ``make_agent``
    builds it, or ``--mcts-iterations`` per move and ``--mcts-rollout random|heuristic``:
    slow, tens of moves a second),
    ``ppo`` (the pretrained policy shipped for this game and configuration),
    ``model:<path to a model.zip or policy file>`` (a saved MaskablePPO model, or a policy file
    of ``digsite export``, playing its masked most likely move from its own seat's
    observation) or ``self-play`` (see below).  ``--stochastic-opponents`` makes model, ``ppo``
    and self-play opponents sample their moves instead.
``--opponents heuristic,self-play``
    A mix: at each episode start every opponent seat draws one of the kinds, uniformly and on
    its own (``random,heuristic`` at 4 players seats some tables with one heuristic player,
    some with three), so a learner that cannot yet beat a strong player keeps winning games
    to learn from.  ``run.json``'s ``self_play_games_per_member`` counts the games of each
    kind (and of each self-play pool member).
``self-play``
    Every ``--snapshot-every`` learner steps the current model is saved as
    ``<out>/pool/snapshot_<steps>.zip`` (old snapshots there are deleted when a run starts) and
    added to the pool of every env.  At each episode start each opponent seat is drawn, on its
    own, from the pool: the random agent (the pool's first member, standing in for the untrained
    learner) and the newest snapshots, ``--pool-size`` members at most, the ``i``-th oldest with
    weight ``i + 1`` (linear in recency: the newest is likeliest, older ones still come back).
    ``run.json`` counts the games each member played.  A snapshot is a full model.zip, so it is
    also a valid ``model:`` opponent and ``digsite evaluate --model``.
``--imitate heuristic`` and ``--imitation-steps``, ``-epochs``, ``-learning-rate``
    Before PPO, teach the policy the moves of an agent kind (behaviour cloning: the
    heuristic plays every seat of games dealt from the seed, the policy learns each seat's
    moves and the value network their returns; :mod:`.imitation`), at its own learning rate
    if given (a clone learnt quickly, then PPO at a small rate that does not undo it).  A
    learner that starts from random play never beats a strong heuristic player, so games
    against it teach nothing; one that starts from its moves wins some, and PPO goes on from
    there.  ``run.json``'s
    ``imitation`` records the decisions, games, the agreement with the demonstrated moves (where
    there was a choice) and the time; the wall time of the run includes it.
``--score-shaping W``
    Adds potential-based shaping on the learner's lead in points (``W`` times its running
    score minus the best other player's; :mod:`.shaping`) to the training reward: points count
    at once, in lost games too, and since the terms of a game add up to a constant no move
    changes, policies rank exactly as under the game's reward (PPO's ``gamma`` discounting
    both).  Evaluations and the Monitor logs keep the game's reward.
``--n-envs``, ``--vec dummy|subproc``
    Parallel envs (default 4) in one process (``dummy``) or one process each (``subproc``; on
    two cores the envs are too fast for that to pay).
``--eval-every N``, ``--eval-episodes``, ``--eval-opponents``
    Every ``N`` steps (0 = never) ``MaskableEvalCallback`` plays ``--eval-episodes`` masked,
    deterministic games on a separate env against ``--eval-opponents`` (default: the training
    opponents, of a mix the first kind that is not self-play; random for self-play) and saves
    the best model as ``<out>/best_model.zip`` (evaluations in ``<out>/eval/evaluations.npz``
    and in ``run.json``).
``--checkpoint-every N``
    Every ``N`` steps (0 = never) ``CheckpointCallback`` saves
    ``<out>/checkpoints/model_<steps>_steps.zip``.
``--plot``
    ``<out>/learning_curve.png``: the training episodes' returns (from the Monitor logs in
    ``<out>/monitor``) and the evaluations, if any (needs ``matplotlib`` and ``pandas``).
``--progress auto|bar|log|none``
    What the run shows while it trains (:mod:`.progress`): ``log`` prints a line every 10 s
    (steps, steps/s, the mean return of the last 100 training episodes, the time left; and a
    line per imitation chunk), ``bar`` SB3's progress bar with that mean return (needs the
    ``monitoring`` extra: ``tqdm`` and ``rich``; without them, the log and a hint), ``auto``
    (the default) the bar in a terminal when it can and the log otherwise (a file, a pipe).
``--tensorboard``
    TensorBoard logs in ``<out>/tb`` (needs ``tensorboard``, in the ``monitoring`` extra);
    without it the run goes on without them and says so.
Ctrl-C
    Stops the run and keeps what it reached: ``model.zip`` and ``run.json`` (with
    ``"interrupted": true`` and the steps trained) are saved in ``--out`` as at the end of a
    run, the last line says where, and the command ends with status 130.  With
    ``--vec subproc`` the workers ignore Ctrl-C and are closed by the main process.
``--n-steps``, ``--batch-size``, ``--learning-rate``, ...
    The PPO hyperparameters (defaults in ``PPO_KWARGS``).
``--net-arch 128,128``
    The hidden layers of the policy network and of the value network, each its own (default
    ``256,256``); the policy's size is what a shipped pretrained agent weighs.

Steps are learner decisions, counted over all envs.  Evaluations and checkpoints come every
``N // n_envs`` steps of the vectorized env (``N`` steps when ``n_envs`` divides ``N``), snapshots
at the first step at or after each multiple of ``N``.  ``run.json`` records every option (and
``command``, the ``digsite train`` command that repeats the run), the env or game and
opponents, the timesteps, the wall time of training, the mean return of the last 100 training
games, the evaluations, the self-play pool, the seed and the versions (digsite, sb3-contrib,
and stable-baselines3's ``get_system_info``).

A run is reproducible from ``--seed``: the same options on the same machine and library versions
give the same model and the same ``run.json`` apart from the wall time (env ``i`` is reset with
seed ``seed + i``; the opponents and the pool draws have their own generators derived from it).

``digsite export --from-run RUN_DIR`` writes a small policy file of the run's model with its
card (:mod:`.export`); a policy file in ``digsite/agents/pretrained/`` is the agent kind ``ppo``.

The modules: :mod:`.options` (the commands' options, light), :mod:`.train` (the run),
:mod:`.opponents` (model opponents, mixes and the self-play pool), :mod:`.imitation`,
:mod:`.shaping`, :mod:`.progress` (what a run shows while it runs), :mod:`.export`.
"""

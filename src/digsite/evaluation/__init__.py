"""Evaluation of agents, played in the arena (:mod:`digsite.agents.arena`): evaluations of one
agent against opponents (:mod:`.evaluate`), the round-robin league with ratings
(:mod:`.league`), and their tables (:mod:`.tables`) and plots (:mod:`.plots`); an agent's
seconds per decision on a short run (:mod:`.timing`).

These need the ``evaluation`` extra (``pip install "digsite[evaluation]"``: pandas, scipy,
tabulate, matplotlib, openskill), and a trained model as an agent needs the ``train`` extra.
"""

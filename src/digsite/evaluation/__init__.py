"""Evaluation of agents: the arena every game between agents is played in (:mod:`.arena`),
evaluations of one agent against opponents (:mod:`.evaluate`), the round-robin league with
ratings (:mod:`.league`), and their tables (:mod:`.tables`) and plots (:mod:`.plots`); an
agent's seconds per decision on a short run (:mod:`.timing`).

The arena needs only the package; the rest needs the ``evaluation`` extra
(``pip install "digsite[evaluation]"``: pandas, scipy, tabulate, matplotlib, openskill), and a
trained model as an agent needs the ``train`` extra.
"""

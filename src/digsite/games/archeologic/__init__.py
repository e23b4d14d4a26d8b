"""ArcheOlogic rules engine (in progress): components, layouts, answers, quests and the deduction
solver.

Modules (pure Python and numpy; nothing here imports PettingZoo or Gymnasium, and this package
file imports nothing, so importing it is free):

=============== =================================================================================
components      the 5x5 Map, box kinds, the six Building tiles (``data/buildings.json``, checked
                by ``load_buildings``)
layouts         every legal layout (166,848 with the shipped tiles), built once per tile set:
                ``get_layouts()``
questions       axes, questions and their time, answer codes, ``answer_table`` for all layouts
solver          ``Belief`` (exact deduction), ``best_question`` (information per unit of time),
                ``solve`` (a reference solo game)
quests          ``make_quest(number)``: a hidden layout and 7 ordered starting clues
=============== =================================================================================

Decisions
---------
Where the rulebook (icons lost) and the public sources are silent, we chose:

* Tiles: shapes and trap boxes from the fan app TheApo/archeologic (``ArcheOLogicTiles.java``),
  its trap kind ``b`` read as Fire and ``a`` as Sharp because the rulebook's T example needs a
  Fire stem.  L4 and S4 keep the source's chirality, which is unverified (a mirrored L4 or S4
  gives 144,512 layouts instead of 166,848).  The data file spells kinds ``R``/``F``/``S``.
* The loader also rejects a tile with more than 3 boxes on one row or column: the Archeoscope
  shows a Building answer through 3 holes.
* A rotation is a number of quarter turns clockwise from the tile as drawn in the data file; a
  placement is anchored at the top-left cell of the rotated tile's bounding box.  Rotations that
  give the same boxes and kinds are counted once (fewest turns kept).
* Layout index: rank in the lexicographic order of the per-building placement ids, placements
  listed by rotation then anchor; it depends on the tile data only.
* Axes 0-4 are columns A-E, 5-9 rows 1-5.  The clockwise ring around the City board is unknown:
  ``A, B, C, D, E, 1, 2, 3, 4, 5`` by default, a parameter everywhere.  A multiplayer game starts
  on axis "1" (the rulebook text's "axis 7" is an OCR error: there is no axis 7).
* Viewfinder options: the free step (+0), one more step (+1), any axis (+2); an axis reachable
  several ways costs its cheapest surcharge.
* The traps question costs 2 and answers ``(#Fire, #Sharp)`` on the axis (counts, as the fan app
  does; the rulebook gives neither).
* Trap icons (solo viewfinder rule): a Building answer shows one icon per trap box in it, a traps
  answer one per trap counted, the two count questions none.  The extra steps are taken after the
  answer, from the axis asked; the next turn's free step comes on top.
* Answer codes: a count for "different buildings" (0-5) and "empty zones" (0-3); a building
  answer is one of 20 ``(risk-free, fire, sharp)`` multisets of at most 3 boxes; a traps answer
  one of 21 ``(fire, sharp)`` pairs with at most 5 traps.  Fewest boxes first (``BOX_ANSWERS``,
  ``TRAP_ANSWERS``).
* Solo score = time of all questions and viewfinder surcharges plus 4 for the one guess.  In
  ``solve``, a solo player with no start axis places the viewfinder so that the first question
  is on any axis at no surcharge (the rulebook lets the solo player choose the start axis).
* The reference solver is greedy: uniform prior over the consistent layouts, the question with
  the most expected information (answer entropy) per unit of time, ignoring where the answer
  leaves the viewfinder; it guesses only when one layout is left.
* Quests stand in for the 28 coded cards (not public): ``numpy.random.default_rng(number)``
  draws a layout uniformly and 7 ordered clues among its 8 trap cells; a draw is kept only if the
  layout is identifiable from its first 3 clues by asking every question on every axis, else the
  same stream draws again.  With the shipped tiles every layout already has a unique full set of
  answers, so the first draw is always kept; the check matters for other tile data.
"""

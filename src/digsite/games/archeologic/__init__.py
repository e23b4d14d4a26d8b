"""ArcheOlogic: race to map a hidden City by asking the Archeoscope questions.

``from digsite import archeologic_v2``; ``archeologic_v2.env(num_players=2)`` (PettingZoo AEC,
also ``pettingzoo.make("aec", "digsite/archeologic-v2", ...)``); the solo game as a Gymnasium
env: ``gymnasium.make("digsite/ArcheOlogicSolo-v2")`` after ``import digsite``
(its mode: :mod:`digsite.games.archeologic.solo`); one seat of 2 to 4 players against fixed
opponents: ``gymnasium.make("digsite/ArcheOlogic2p-v2")`` (``...3p-v2``, ``...4p-v2``).

Rules summary
-------------
Six Buildings (4 of 4 boxes, 2 of 3, 8 trap boxes: Fire or Sharp) lie on a hidden 5x5 Map,
leaving 3 empty zones.  Everybody gets the same starting clues ("C4 holds a Sharp trap"), the
quest's first ``num_clues`` (a new player may get the next 1-2 as well, ``extra_clues``; expert
mode, digsite's own: counts on axes instead, "column C
crosses 3 different buildings", "row 2 holds 1 empty zone", see the Decisions).  A turn: the
viewfinder first moves one step clockwise for free; the player may pay +1 time for one more
step or +2 to put it on any axis; then asks one question on that axis (different buildings 1,
empty zones 1, boxes of a small building 2, of a big building 3, traps 2).  The question is
public, the answer private.  Instead of a question, at the start of a turn, a player may say
"I think I've found it!": the pawn flips to Checking, moves 4, and the player enters a full
layout.

* Multiplayer (2-4): pawns start on spaces 1..N in random order; the pawn furthest behind acts
  (possibly several turns in a row); a pawn moving N counts only free spaces (occupied ones are
  skipped), so two pawns never share a space; the track is unbounded.  The viewfinder starts on
  axis "1".  A guess is checked when that pawn is last again.  ``guess_variant="rulebook"``:
  right = that player wins, wrong = eliminated (the pawn leaves the track).
  ``guess_variant="app"``: wrong buildings are shown (per building right/wrong, private to the
  guesser), the pawn flips back and the player plays another turn at once.
* Solo (``num_players=1``): 3 starting clues (4-5 only with the variant ``solo_more_clues``);
  the player first chooses the viewfinder's start axis; time starts at 0; each trap icon in an
  answer moves the viewfinder one extra step clockwise; a guess costs 4 and is checked at once
  (rulebook: wrong ends the game unsolved; app: feedback, play on).

Returns and scores: multiplayer +1 to the winner, -1 to the others (all -1 if nobody solves);
``scores()`` 1 for the winner, 0 otherwise.  Solo: +1
if solved, -1 otherwise; ``scores()`` = minus the time spent (the rulebook's measure; less is
better).  The solo Gymnasium env rewards minus the time of each step and +20 for a solution;
an unsolved ending costs the rest of the clock, so every solution beats every failure.  Opt-in
learning aids computed from the player's own information: the game options ``belief_features``
(the exact belief as features), ``consistent_guesses`` (guesses masked to possible layouts) and
``informative_questions`` (questions that teach nothing masked), and the solo env's
``shaping=k`` (potential-based information shaping); see :mod:`digsite.games.archeologic.solo`
and ``learning_aids``.

Configuration
-------------
===================== ========== =========================================================
option                default    meaning
===================== ========== =========================================================
num_players           2          1 (solo) to 4
num_clues             3          starting clues for everybody, 3 (hard) to 5 (easy); solo: 3 (the
                                 rulebook's), 4-5 only with ``solo_more_clues``
extra_clues           None       new players' handicap: one count 0-2 per seat (``[0, 2]``: player 1
                                 also gets the quest's clues 4 and 5, privately); multiplayer only
solo_more_clues       False      True: digsite's variant, a solo game with ``num_clues`` 4 or 5
guess_variant         "rulebook" "rulebook" (wrong = eliminated / solo lost) or "app"
quest                 None       a quest number (int >= 0), None = drawn from the game's rng
ring                  None       clockwise order of the 10 axes, e.g. ``list("ABCDE12345")``
time_limit            None       60 (solo) / 80 (multiplayer): see the safety bounds below
expert                False      True: expert starting clues (digsite's own design): the count
                                 of different buildings or of empty zones on an axis
buildings             None       the tiles: None = ``data/buildings.json``; or the path of a JSON
                                 file in that format, or a list of its records (real tiles, say)
belief_features       False      True: a learning aid (digsite's own), the player's exact
                                 belief at the end of the observation (see below)
consistent_guesses    False      True: a learning aid (digsite's own), the entry of a guess
                                 masked to the layouts the player cannot rule out
informative_questions False      True: a learning aid (digsite's own), the questions whose
                                 answer the player already knows masked (and the axes
                                 without another)
===================== ========== =========================================================

Action table (one ``Discrete(120)`` space)
------------------------------------------
{action_table}

Sub-decisions of one player: [solo: start axis] -> viewfinder axis -> question; or guess -> 6
placements (buildings in data-file order).  Each placement is masked to those that still extend
the pieces already entered to at least one legal layout, so an entered layout is always legal
(with ``consistent_guesses``: to the layouts the player cannot rule out).

Observation (per player, relative seats: seat 0 = the observer; float32 in [0, 1])
-----------------------------------------------------------------------------------------
Size ``99 n + 3764`` (``n`` players), + 20 in expert mode, + 604 with ``belief_features``.
Times, positions and counts are divided by ``S = time_limit + 12``, which no reachable value
reaches (a pawn passes ``time_limit`` by at most 8), so nothing saturates.

=================== ================ =============================================================
piece               shape            content
=================== ================ =============================================================
seats               (n, 99)          one row per seat, its public record: to move, position / S,
                                     time spent / S, Checking side, eliminated by a wrong guess,
                                     out of time, winner, guesses made / S, extra clues / 2; then
                                     the times it asked each question on each axis / S
                                     (column ``9 + axis * 9 + question``)
viewfinder          (10,)            the viewfinder's axis (all 0 before the solo start)
decision            (5,)             start_axis, axis, question, place, game_over
surcharge           (3,)             viewfinder surcharge already paid this turn (question step)
entering_building   (6,)             the building being placed (by whoever is entering a guess)
clues               (25, 2)          own starting clues: (cell, Fire / Sharp); 0 in expert mode
expert_clues        (10, 2)          only in expert mode: own expert clues, flagged at (axis,
                                     different buildings / empty zones)
answers             (10, 9, 21)      own note sheet: one-hot answer code per axis and question;
                                     expert mode: the expert clues pre-filled at their axis and
                                     count question (different buildings or empty zones)
feedback_right      (6, 100)         own app feedback: placements known right
feedback_wrong      (6, 100)         own app feedback: placements known wrong
my_guess            (6, 100)         own guess: pieces entered so far, or waiting to be checked;
                                     rulebook variant: also once checked (then it is out, or
                                     the game is over)
belief_marginals    (6, 100)         only with ``belief_features``: per building, the share of the
                                     layouts still possible for this player (and agreeing with the
                                     pieces of its guess entered so far) at each placement offset
belief_size         (4,)             only with ``belief_features``: log2(1 + layouts possible) and
                                     log2(1 + those agreeing with the pieces), / log2(1 + all);
                                     then 1 / each count (0 for none): 1 when one is left
=================== ================ =============================================================

Never another player's answers, extra clues, feedback or guess pieces, never the layout.
``resample_hidden(player, rng)`` redraws the layout uniformly among those consistent with that
player's clues, answers and own guesses (``state.belief(player)``); answers and guess outcomes
are computed from the layout, so the other players' answers change with it; the other players'
extra clues are redrawn on the new layout, and another player's guess checked wrong that the
new layout would make right gets other (hidden) pieces, so it stays wrong.

What a player knows
-------------------
``state.view(player)`` (:mod:`.view`), field by field; the observation encodes exactly this,
and the seat picture ``state.render(player)`` is drawn from it alone:

==================== ===========================================================================
field                content
==================== ===========================================================================
player               the seat whose view this is (seats below are absolute)
clues                own starting cell clues ``[cell, kind]``, sorted (the ``num_clues`` first
                     clues of the quest, plus this seat's extra ones)
expert_clues         expert mode: own expert clues ``[axis, question, answer]``, sorted
seats                per seat: ``position``, ``time_spent``, ``checking``, ``out`` ("in the
                     game", "eliminated (wrong guess)", "out of time"), ``extra_clues`` (how
                     many), ``questions`` (``[axis, question, times asked]``, sorted) and
                     ``guesses`` (how many entered)
viewfinder           the axis, or None before the solo start
decision             the pending decision (start_axis, axis, question, place, game_over)
to_move              the seat to decide, None once over
surcharge            the surcharge paid for the question being chosen, else None
pieces_entered       how many buildings of the guess being entered are placed, else None
winner               the winning seat, or None
answers              own answers ``[axis, question, answer code]``, one per question asked
my_guess             placement offsets of the own guess being entered or waiting to be checked
feedback_right/wrong app variant: own feedback ``[building, offset]``, sorted
my_checked_guess     rulebook variant: offsets of the own guess once checked (right if this
                     seat is the winner, else wrong), or None
==================== ===========================================================================

Not in the view, because it no longer matters or is not known: the order of the questions and
their surcharges (the time spent and the viewfinder carry what matters), the pawns' start order,
the quest number (it gives the layout), the other players' answers, extra clues, feedback and
guess pieces.  :func:`~.view.belief_from_view` rebuilds ``state.belief(player)`` from the view
alone (tested on every sampled state), so the learning aids and the deduction agent, which read
that belief, see only the player's knowledge.

Modules (pure Python and numpy; nothing here imports PettingZoo or Gymnasium, and this package
file imports only the action table, so importing it builds nothing):

=============== =================================================================================
components      the 5x5 Map, box kinds, the six Building tiles (``data/buildings.json``; each
                record checked against ``data/buildings.schema.json``: field types, kind
                letters, provenance and its source, unique ids; then ``load_buildings`` checks
                each tile's shape and the set; errors name the file, the record and the field)
layouts         every legal layout (166,848 with the shipped tiles), built once per tile set:
                ``get_layouts()``
questions       axes, questions and their time, answer codes, ``answer_table`` for all layouts
solver          ``Belief`` (exact deduction), ``best_question`` (information per unit of time),
                ``solve`` (a reference solo game)
quests          ``make_quest(number)``: a hidden layout and 7 ordered starting clues;
                ``expert_clues(quest, variation)``: the expert-mode clues
actions         the action table and decision kinds
rules           ``ArcheOlogicGame`` / ``ArcheOlogicState`` (the engine protocol)
observation     the per-player observation (``ObservationLayout`` pieces above)
saved           ``FIELDS``: the declared state fields, saved as held (``to_dict``); ``from_dict``
                checks them against the declaration, then each row's columns, then
                ``check_invariants``; a rejected state raises ``CorruptStateError`` naming the
                field (the saved fields are listed in :mod:`.saved`)
invariants      ``check_invariants``: the rules every position keeps, live or loaded
text            ``action_to_string``, ``render_spectator`` (hidden information shown) and
                ``render_view`` (a seat's picture from its view; a finished solo game shows its
                title)
learning_aids   belief features and the information potential of the solo env's learning aids
titles          solo titles: ``titles(quest, num_clues) -> (master, seasoned)`` thresholds
                (cached), ``title(solved, time, master, seasoned)``, ``state_title(state)``
view            ``view(player)`` and ``belief_from_view``: what a player knows
deduction       ``DeductionAgent``: the rules-based player (``make_agent("heuristic",
                "archeologic")``): exact belief of its own player, greedy questions
=============== =================================================================================

Data provenance: tiles ``public`` (fan app, see below); quests ``reconstructed`` (the 28 coded
cards are not public: a quest number draws a uniform layout); viewfinder ring, traps question
and its cost are our choices (below).  A player who owns the game and finds a tile different
(a mirrored L4, say) passes ``buildings=<path or records>`` to the game or the solo env, or
edits the data file: layouts, answers, quests, titles and agents follow, no code changes.

Decisions
---------
Where the rulebook (icons lost) and the public sources are silent, we chose:

* Tiles: shapes and trap boxes from the fan app TheApo/archeologic (``ArcheOLogicTiles.java``),
  its trap kind ``b`` read as Fire and ``a`` as Sharp because the rulebook's T example needs a
  Fire stem.  Only I3 is its own mirror image: the L4 and S4 shapes, and the trap boxes of T4,
  O4 and L3 (symmetric shapes, but their traps are not), keep the source's chirality, which is
  unverified (a mirrored L4 or S4 gives 144,512 layouts instead of 166,848; the rulebook says
  "All the Buildings need to be set on the same side", so a tile cannot be flipped in play).
  The data file spells kinds ``R``/``F``/``S``.
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

Expert mode (digsite's own): the rulebook's expert mode (app only) replaces the starting clues
with "a new kind of clue, harder to decipher"; the real expert clues are unknown, so
``expert=True`` is our own design:

* An expert clue is a count on an axis, the answer of one of the two cheap questions there:
  "column C crosses 3 different buildings" or "row 2 holds 1 empty zone"
  (``AxisClue(axis, question, answer)``).  It reuses the game's questions, so it needs no new
  answer code and a player's belief starts from the layouts with those answers
  (``answer_table``, ``Belief.with_axis_clues``).  Counts rather than trap cells because they
  are harder to decipher: they say nothing about where a building or a trap lies.
* Drawing them: ``expert_clues(quest, variation)`` orders 7 distinct (axis, question) pairs
  with ``numpy.random.default_rng([0xE4, number, variation])``; the game uses the first
  ``num_clues``, read on the quest's layout.  The game draws ``variation`` from its rng at
  set-up, so a fixed ``quest`` keeps its layout but, as in the app ("for one card, the expert
  clues vary from one game to the other"), gets other clues in another game.  The clues are the
  same for every player and public; the cell clues are not given (``state.clues`` is empty,
  ``state.axis_clues`` holds them).
* Unique solvability: with the shipped tiles every layout has a unique full set of answers, so
  any clue set leaves the layout identifiable; for other tile data ``expert_clues`` keeps drawing
  from the same stream until the layout is identifiable from the first 3 clues.
* Observation: the expert clues are pre-filled in the note sheet (``answers`` at the clue's
  axis and count question: different buildings or empty zones, never the traps question) and
  flagged in the ``expert_clues`` piece (so a clue and the same question asked stay apart); the
  ``clues`` piece is zero.  Saved states store them in ``clues`` as ``[axis, question,
  answer]``.
* Solo titles come from the reference solver on the same expert clues (``solve(...,
  axis_clues=...)``); the deduction agent reads ``state.belief`` and needs no change.
* Extra clues for new players are the next expert clues of the same draw.
* Harder, measured: over quests 0-49 with 3 clues, expert clues leave about 16,700 layouts
  (median 12,700) where cell clues leave about 770 (median 640), and the deduction agent's mean
  solo time is 16.0 instead of 13.6.  A test checks the reference solver needs at least one
  more time unit on average.

Engine decisions (the game engine, added to the core decisions above):

* Random quests: with ``quest=None`` each game draws a quest number in 0 .. 2**31 - 1 from the
  game's rng, so the layout is uniform (not one of 28 that an agent could memorise).
* A player left alone after the others' wrong guesses plays on until they solve the city, guess
  wrong or run out of time; if nobody solves it, everybody loses (the rulebook).
* Safety bounds (not rules; the rulebook's track is unbounded): a multiplayer pawn that moves
  past space ``time_limit`` (default 80) after a question, or after a wrong app guess is checked,
  is out of time (eliminated); a Checking pawn is checked first.  A solo game whose time passes
  ``time_limit`` (default 60) ends unsolved.  A greedy solver needs about 10-21 time, so these
  bounds only stop aimless play.  ``max_game_length = n * (2 * time_limit + 12) + 1``.
* The multiplayer pawn moves 4 when the guess is fully entered (the same player decides all
  six placements, so nobody can tell the difference); the 4 time are counted then.
* App variant: the feedback is recorded per building (right/wrong at the placement entered) in
  the guesser's observation; a pawn checked wrong plays at once because it is last anyway.
* Rulebook variant: a wrong guess tells the guesser only "wrong" (then it is out), so its own
  belief drops that one layout; a right guess ends the game and the guesser knows the layout.
* What the others learn from a guess: only its verdict.  The layout is set "behind your
  screens" and checked privately: rulebook, "If it is not, too bad! You lost and are out of the
  game"; app, "the app will show the Buildings you had right in green, those you had wrong in
  red" on the guesser's screen.  The others never see the pieces, so another player's wrong
  guess rules out no layout for them (the belief, the learning aids and the deduction agent use
  none of it).  Resampling for a player keeps another player's checked-wrong pieces unless the
  new layout would make them right, and then draws other pieces (they are hidden from that
  player); the winner's right guess follows the new layout.
* New players' clues: the rulebook says "You can give new Archaelogists one or two more clues to
  help them and level the playing field", after the clues are read aloud on the wheel.  We read
  it as the next one or two clues of the same wheel (clues ``num_clues + 1``, ``+ 2``), given to
  that player only: read aloud they would help everybody and level nothing.  The others know
  how many extra clues each seat has (``extra_clues``, public in the view and observation), not
  which.  Multiplayer only: the rulebook ties them to levelling the field between players.
* Solo clue count: the rulebook's solo set-up says "Write down the 3 Starting clues", so a solo
  game uses 3; ``solo_more_clues=True`` (digsite's variant, for easier training) allows 4 or 5.
* ``resample_hidden`` on a finished solo game used to fail ("the belief is empty"): the belief
  counted the player's own right guess as wrong.  Only finished games could reach it (a right
  guess ends the game); now a right own guess pins the layout, and a test checks on sampled
  states, terminal or not, that every player's belief holds the layout.
* Solo start axis: choosing axis X puts the viewfinder on X; the first turn's free step then
  reaches the next axis, so any axis can be asked first at no surcharge.
* Returns: solo +1 solved / -1 not; multiplayer +1 for the winner and -1 for the others, -1
  for everybody when nobody solves.  ``scores()`` solo = minus the time spent.
* Conformance configurations: solo and 2 players with rulebook guesses, solo with app guesses, 3
  players with app guesses, 4 players with rulebook guesses, 2 players in expert mode, 3 players
  with extra clues ``[0, 1, 2]``, 2 players with app guesses and both learning aids (so the
  suite's resampling test also proves the belief features show nothing hidden).
  ``envs_tests/test_archeologic_view.py`` adds extra clues and more configurations.

Solo titles and the deduction agent:

* Solo titles (the rulebook: solved = Apprentice; time <= the higher number printed under the
  card's solution = Seasoned; <= the lower = Master).  The 28 cards and their numbers are not
  public, and our quests are generated, so each quest's two numbers are derived from the
  reference solver (``solve``, free start axis, the game's ring) on that quest's layout with the
  game's ``num_clues`` first clues: **Master = the solver's time**, **Seasoned = the solver's
  time + 4**.  Why: the rulebook's app section has the solo player "compare your score to that
  of the application", so the app's own solution is the natural Master bar, and a player who
  plays as well as the reference earns it.  The Seasoned margin is additive, not a ratio,
  because the solver's times span only about 8-20 (a ratio would give a quick quest almost no
  slack); 4 is the price of one more guess (``GUESS_COST``), e.g. one wrong app-variant guess,
  or one or two extra questions (questions cost 1-3).  The same numbers hold in both guess
  variants.  Thresholds depend only on the layout, clues and ring, and are cached.
  ``titles(quest, num_clues)`` gives them for a quest number; the solo Gymnasium env's final
  ``info`` has ``title`` / ``master_time`` / ``seasoned_time`` (None when unsolved), and
  ``render()`` of a finished solo game shows the title.
* Solo env reward (digsite's own): an episode that ends unsolved returns ``-(time_limit + 1)``
  whatever the time spent (the rest of the clock is charged on the last step), because charging
  only the time spent made a quick wrong guess (about -4) look better than careful play that
  runs out of time, and better than nothing at all for a learner that cannot yet solve.
* Learning aids (digsite's own, off by default): the raw note sheet leaves a network to do exact
  deduction over 166,848 layouts before it ever sees a solution (random play never solves), so
  the game offers the belief a careful player's notes would give (per-building placement
  marginals over the layouts still possible, aligned with the placement actions) and
  potential-based shaping by bits learnt, and the game offers guesses masked to the layouts
  still possible (``consistent_guesses``: random play then solves about 1 solo game in 6, and a
  learner is left with the choice of questions and of the moment to guess).  All use
  ``state.belief(player)`` (equal to ``belief_from_view(game, state.view(player))``) and the
  pieces entered, never the layout; tests check the features, the mask and the agent's move
  are identical on states resampled for the player, that another player's wrong guess changes
  none of them, that the shaping of an episode sums to a constant for any policy, and that a
  masked guess is always a possible layout.  They are kept per player until its belief or the
  pieces entered change.
* ``DeductionAgent`` (``deduction``) uses only ``state.belief(player)`` and the public position
  (both in the player's view), never ``state.layout``; it guesses exactly when its belief holds
  one layout and otherwise asks ``best_question`` over the axes reachable this turn (solo start:
  any axis, placing the viewfinder one step before it).  It keeps no memory: at the question
  decision it recomputes the best question on the axis reached, which is the one it chose.
  Ties: first in ring order from the free axis, then question order.  In solo it plays exactly
  ``solve``'s game, so it always earns Master.
"""

from .actions import ACTIONS

__doc__ = ACTIONS.document(__doc__)

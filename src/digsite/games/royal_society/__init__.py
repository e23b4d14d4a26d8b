"""The Royal Society of Archeology (Eric Jumel; Atalia / Capstone Games, 2025), 1-4 players.

=================== ===================================================================
Import              ``from digsite import royal_society_v3``
Create              ``royal_society_v3.env(num_players=3)`` or
                    ``pettingzoo.make("aec", "digsite/royal_society-v3", num_players=3)``;
                    solo: ``gymnasium.make("digsite/RoyalSocietySolo-v3")``; one seat
                    (Gymnasium): ``gymnasium.make("digsite/RoyalSociety3p-v3")``, ``2p`` to
                    ``4p``
Agents              ``player_0`` .. ``player_{n-1}`` (the Automa and the neutral colour are
                    not agents)
Actions             ``Discrete(183)``, masked
Observation         ``{"observation": Box(0, 1, (2309,), float32), "action_mask": Box(0, 1,
                    (183,), int8)}``; the mask is non-zero only for the agent to move; it
                    encodes ``state.view(player)`` completely and nothing else
Rewards             at the end only: +1 each winner, -1 each other player, 0 for all when
                    every player shares the win; solo: +1 for a score of 40 or more (any
                    title above Novice), else -1
Hidden information  hands of Expedition cards drawn from the deck, Study cards, the Society
                    card not kept, the Expedition / Patron / Automa deck orders, the face-down
                    Bloomsbury tiles, the relics still to be drawn
=================== ===================================================================

Status
------
Complete in every mode (solo with the Automa, 2 players Confrontation and Competitive, 3 and 4
players, the simplified first-game set-up), with the rulebook's worked examples as tests.  Most
card faces are **reconstructed** (see "Component data"): play is faithful to the rules, not to
the printed cards, until an owner passes the real ones.  Optional actions are offered at the
start and end of the turn and at the decisions inside it where they can change something (see
"Decisions where the rules are silent").

Rules summary
-------------
Each player leads a society of 3 explorers (Expertise 1-6) over 5 years (4 with 4 players).
Upkeep (from year 2): in descending Reputation (ties: the disc on top, i.e. the latest arrival)
players take a King's Favor space, which sets the turn order (+3 Prestige, Reserve an
Expedition, +£5, +1 Knowledge, +2 Reputation, a relic of one's choice); explorers come home;
Program spaces 1-2 are discarded and two new cards enter on the left.  Then players take turns
in that order until every explorer is placed: choose an explorer, support it with Reputation
(1 per temporary Expertise, never above 6, never above the threshold of the action, 5 after the
Prestige Royal Requirement's penalty), place it in a section of a location (the City needs
Reputation 4, the Royal Museum 6 or 4 with the Association of British Archaeologists, checked
before support), learn from peers (left bonus to the placed explorer if any explorer there is
higher; then the right bonus to every explorer tied for highest, the placing player's included),
do one location action, then the Society ability and permanent Bloomsbury effects, and keep at
most 3 Expedition cards.

* University: Study (1-2: +1 Knowledge; 3+: +2 in one or two regions) or Deepen (4+: discard a
  relic, +3 Knowledge in its region). Bonuses: +1 Knowledge / +1 Reputation.
* Royal Museum: Exhibit (2-3: 1 relic, 4-5: up to 2, 6: up to 3; a disc on a matching free
  Gallery space per relic; each collection's reward once per turn) or Study a Relic (1-4: one
  relic for 1 Science, 5-6: two for 2). Bonuses: +1 Reputation / +2 Prestige.
* The City: Meet a Patron (draw 2, keep 1, £3-5 per Expertise) or Sell a Relic (-1 Reputation,
  £15; £18 for the Westminster Antiquarian Society). Bonuses: +£3 / +2 Prestige.
* Port of London: Organize an Expedition from the hand or the Program (Program spaces cost 0, 0,
  1, 1, 2, 2 Reputation); Expertise, Knowledge (minus 2 with the explorer's region skill) and £
  cost (minus 3 with a Logistics explorer) must be met; 2 Reputation buys -£3 once and 2 more
  -1 Knowledge once; the explorer gains +1 Expertise, then the card's gains. Bonuses: Reserve an
  Expedition / +1 Reputation.

Optional actions in one's turn: a disc for 2 Reputation (cap 9), honor a patron (discard its
relic, +1 Reputation), present to the Royal Society (first claimant 4 Science or 20 Prestige,
later ones 2 or 10), Find a Publisher in Bloomsbury (once per stack, on reaching 10 / 25
Prestige).  Knowledge milestones per region: 5 (+1 Science), 8 (+1 Science or +5 Prestige), 12
(+2 Science), beyond 12 (+1 Prestige per point).  Royal Requirements at the end of years 3 and 5
(2 and 4 with 4 players): a failing player suffers the penalty (permanent in period 1, once in
period 2) and puts a disc on the tile (from the reserve, else from the Gallery, else -15
Prestige).  Final scoring: Gallery majorities (12 complete / 6 incomplete, ties share rounded
down), the better Study card, Bloomsbury end tiles, -Prestige per unhonored patron; Science
moves to Prestige at 5 per point and the lower marker is the score (ties: the other marker,
then Reputation).

Modes and configuration
-----------------------
``num_players`` 1-4 (default 3).  ``mode`` (default None: resolved from ``num_players``):
``"solo"`` with 1 player, against the Automa (2-player board side, 5 years, titles Novice <40,
Royal Archeologist 40-49, Honorary Fellow 50-59, Grand Archeologist 60-69, Fellow 70-79, Sir
80+; ``state.title()``); with 2 players ``"confrontation"`` (the default: 12 neutral discs, one
on section 4 of each location, objective B's first space, one space of each top collection and
two of the bottom one) or ``"competitive"`` (the Automa as a third society, 3-player board);
``"standard"`` with 3-4 players.  ``simplified=True``: the first-game set-up (2 marked
Expedition cards dealt, no Society card, £20 and 2 Knowledge in each region).  Component data:
``expeditions``, ``patrons``, ``collections``, ``studies``, ``automa``, ``society_boards`` (a
JSON path, a list of records or ``{key: [records]}``; default the shipped files).  Plus the
env's ``render_mode`` (``"ansi"``, ``"human"``, ``"rgb_array"``) and ``max_cycles``.

The Automa (solo, Competitive): its marker starts on King's Favor space 1 (it plays first in
year 1); from year 2 it sits on the favor in the corner of its last card (blocking it).  It
takes **3 turns a year** (one per pawn) in its turn-order place; each turn reveals a card and
does the line of the year: a pawn on a location section; discs in collection III (leftmost
empty) and V (rightmost empty); the card on Program space 3 (pawn at the Port at its Expertise,
card out of the game, Program refilled); the top deck card likewise; the top tile of a
Bloomsbury stack out of the game; a disc on the first space of objective A, B or C if free.

Action table
------------
{action_table}

A turn is a sequence of masked sub-decisions of the same player (explorer, placement, bonus
choices, location action, its targets, gains needing a choice, hand limit, end of turn); the
``decision`` piece of the observation names the pending one.  "Mid-turn" optional actions
(28-48) share the mask of the decision they interrupt (ids never overlap there); their own
sub-decisions (the relic honoring a patron, the Bloomsbury tile and its gains) come first, then
the interrupted decision is pending again.  ``state.action_to_string(a)``
names any action.

What a player knows
-------------------
``state.view(player)`` (``view.py``) is the plain-data truth of one player's knowledge; the
observation, the seat picture (``state.render(player)``) and the mover's action texts depend on
nothing else.  Seats are absolute there; owners are a seat number, ``"automa"``, ``"neutral"``
or ``None`` (empty).  Fields:

* ``player``, ``mode``, ``simplified``, ``num_players``, ``year``.
* ``decision``: ``kind`` (a decision name or ``"game_over"``), ``player`` (who decides),
  ``args`` (its two arguments, public: the explorer being placed, Knowledge points, the regions a
  relic may come from or a Knowledge choice excludes plus 16 once its gain paid the British
  School of Orient, the relic discard's purpose or patron, the Exhibits left, the card being
  organized...), ``interrupts`` (the decision an honoring relic choice interrupts, whose legal
  actions it must keep).
* ``pending``: the tasks queued behind it up to the next step of the year's flow, each
  ``[name, player, a, b]`` (rewards still to come, Knowledge points still to place, Exhibits
  and relic choices still due, other players' Gallery disc choices, set-up steps); what lies
  beyond follows from the public state.  ``regions_chosen``: the regions chosen since the
  Society card was kept, while a queued task still reads them (else empty).
* ``seats`` (one per player, public): ``reputation`` and ``discs_above`` (discs stacked on its
  disc on a tied space), ``prestige``, ``science``, ``money``, ``knowledge`` (x4),
  ``expertise`` (x3), ``placed`` (explorers placed this year), ``discs`` (reserve),
  ``reputation_discs`` (under the Reputation track), ``requirement_discs``, ``hand_size``,
  ``setup_hand_size``, ``known_hand`` (own: the whole hand; others: the cards they took from
  the Program), ``expeditions`` (organized), ``relics`` (held, per kind), ``exhibited`` (relics
  ever exhibited), ``side``, ``society`` (the card kept), ``penalties`` (period 1), ``claims``
  (Royal Society; 2 = first claimant), ``bloomsbury_rights``, ``bloomsbury_taken``,
  ``bloomsbury`` (tiles taken), ``patrons`` (held) and ``honored``.
* ``reputation_stack``: the players from the top of the Reputation track down, tied discs with
  the latest arrival on top (it takes a King's Favor first).
* ``favor_spaces`` (owner of each King's Favor space), ``current`` (the explorer placed this
  turn, its location, section, whether it was supported, the collections whose reward this turn
  already took; None between turns).
* ``program``, ``expedition_deck_size``, ``expedition_discard``, ``expeditions_out_of_game``
  (taken by the Automa), ``reshuffled`` (each discard pile that became a new deck, public when
  shuffled), ``patron_deck_size``, ``patrons_put_back`` (the cards put back under the Patron deck
  from the bottom up: those the player drew by id, the others None), ``study_deck_size``,
  ``society_deck_size``.
* ``locations`` (per location ``[section, owner, pieces]``), ``gallery`` (owner per space),
  ``collection_faces``, ``objectives``, ``objective_first``, ``requirements``, ``relic_bags``,
  ``relic_discards``, ``drawn_relics`` (two relics drawn to keep one), ``bloomsbury_stacks``
  (sizes), ``automa`` (``last_favor``: the favor in the corner of its last card, ``played``:
  the cards it played, ``pawns`` left; None without the Automa).
* ``own``: ``hand``, ``setup_hand``, ``studies`` (Study cards), ``society_offer`` (in the
  order of its options), ``drawn_cards`` (Expedition cards on the table: one's own draw of
  three; the card being organized, for everyone), ``drawn_patrons`` (the patrons drawn to keep one
  that the player knows: both for their drawer; for the others, a card they put back under the
  deck earlier, which they know until it leaves the deck), ``known_tiles`` (face-down Bloomsbury
  tiles seen and not taken since: ``stack``, looked at in a stack, still there or removed face
  down by the Automa; ``box``, seen in the box).

Not in the view, as no player knows it: other players' hidden hand cards, Study cards and
Society offers, the order of the decks, the face-down Bloomsbury tiles not seen, the draws to
come.  (One refinement is left out: after a reshuffle, which of another player's hidden cards
came from which deck; reshuffles did not happen in thousands of sampled games.)

Observation layout
------------------
Seats are relative (0 = the observer, then clockwise); piece owners are the 4 relative seats, the
Automa, the neutral (and "empty" where needed).  Counts are divided by their true maximum;
Prestige, Science, £ and reshuffle numbers, which have none, by ``v / (v + k)`` (``k`` 50, and 1
for reshuffles), so no reachable value saturates.

==================== ========== =============================================================
piece                shape      content
==================== ========== =============================================================
decision             (26,)      pending decision kind (25) or game over
task_args            (2,)       ``decision.args`` (divided by 50)
interrupts           (5,)       ``decision.interrupts`` among the mid-turn decisions
pending              (32, 3)    ``pending``: (kind + 1) / 35 (decisions 0-24, automatic tasks
                                25-34), (a + 1) / 64, (b + 1) / 64; zeros after the last
regions_chosen       (8,)       ``regions_chosen``: (region + 1) / 4 each
year, mode           (5,), (5,) year one-hot; solo/confrontation/competitive/standard,
                                simplified
seats                (4, 34)    Reputation, discs above, Knowledge x4, Expertise x3,
                                explorers placed, discs (reserve, Reputation, requirements),
                                hand and set-up hand sizes, expeditions, relics exhibited,
                                board side, period-1 penalties, Royal Society claims,
                                Bloomsbury rights and tiles, deciding now
seat_scores          (4, 3)     Prestige, Science, £ as ``v / (v + 50)``
seat_relics          (4, 16)    relics held per kind
seat_society         (4, 12)    the Society card kept (public)
seat_played          (4, 48)    expeditions organized
seat_patrons         (4, 16)    patrons held; ``seat_honored`` (4, 16) honored
seat_bloomsbury      (4, 20)    Bloomsbury tiles taken
seat_public_hand     (4, 48)    ``known_hand`` of each seat (row 0: the observer's whole hand)
turn_order           (6, 6)     owner of each King's Favor space
my_studies           (16,)      own Study cards; ``my_setup_hand`` (48,) own set-up cards (the
                                own hand is row 0 of ``seat_public_hand``)
my_society_offer     (2, 12)    own Society offer, option by option
my_known_tiles       (2, 20)    ``known_tiles``: seen in a stack / seen in the box, by tile
drawn_cards          (48,)      cards on the table being chosen from
drawn_patrons        (16,)      Patron cards on the table being chosen from
drawn_relics         (16,)      relics on the table being chosen from
current              (20,)      explorer, location, section, supported, collections rewarded
program              (6, 48)    card on each Program space
discard_pile, box    (48,) each public discard pile; cards the Automa removed
reshuffled           (48,)      the reshuffle that put each card in a new deck (0: none)
deck_sizes           (5,)       Expedition, Patron, Study, Society decks; Patron cards put back
patrons_put_back     (16,)      per Patron card the player knows under the deck, its place
                                from the bottom (1 = the bottom card) / 16
locations            (4, 6, 6)  pieces per location, section and owner
gallery              (26, 7)    owner of each Gallery space (or empty)
collection_faces     (6, 24)    the tile face in each collection slot
objectives           (3, 12)    Royal Society tiles; ``objective_first`` (3, 7) first claimant
requirements         (2, 8)     Royal Requirement tiles
bags, discards       (16,) each relics in each bag / beside it, per kind
stack_sizes          (2,)       Bloomsbury stacks
automa               (16,)      corner favor of its last card, cards played, pawns left
==================== ========== =============================================================

Heuristic agent
---------------
``make_agent("heuristic", "royal_society")`` (``heuristic.py``) is greedy on a valuation of its own
resources: each option (explorer and placement, location action, card, region, relic, Gallery
space, favor, Bloomsbury tile...) is applied to a small copy of its own tracks and valued as the
projected score ``min(Prestige, 5 x Science)`` plus what money, Knowledge, Reputation, relics,
Expertise and discs are worth for later turns, progress towards the Royal Society objectives,
Gallery majorities, unhonored patrons' penalties and the coming Royal Requirement (weighed by how
near its check is).  It claims objectives and Bloomsbury tiles as soon as it can, honors a patron
as soon as it holds a matching relic, and gains Reputation only to pass the Royal Museum's gate.
It reads only its own cards and the public table (a test checks it chooses the same on
resampled hidden information).  Against random players (60 seeded games per configuration) it
won all 60 in every configuration; solo it scores 65.7 on average (600 seeded games: 40 or more
in 595, 60 or more in 449).

Component data and provenance
-----------------------------
Files in ``data/``, one record per component, each with ``provenance``:

* ``rulebook``: the 12 Society cards (``societies.json``, abilities and set-up benefits), the 8
  Royal Requirement tiles, the 12 Royal Society objectives, the 20 Bloomsbury effects, the 6
  King's Favors, the solo titles, the 3 printed Study cards, the Ur card of the worked example
  (Asia, Expertise 5, Knowledge 7, £23, needs an earlier Asia expedition, gains 10 Prestige, 2
  Science, +1 Asia Knowledge, a random and a chosen Asia relic), relic bags of 15 (6/4/3/2 per
  type, scrolls x6 in Asia, jewelry x6 in South America), Program space 6 costing 2.
* ``reconstructed`` (the real values are not public; each record says why it looks as it does):
  the other 47 Expedition cards (12 per region, 3 of each type, 2 of each Expertise level,
  Knowledge and cost rising with the level, Myth / Wonder on known wonders and legendary
  sites, 3 simplified-set-up cards per region); the 16 Patron cards (£3-5 per Expertise,
  penalties 3-5, relic demands by type, region or both); the 12 double-sided Collection tiles
  (spaces demanding a region, a type or both; rewards from the rulebook's vocabulary); the 9
  Automa cards; the other 13 Study cards; the Society board sides (Logistics or a region's
  Expertise skill per explorer; blue side A carries the Asia skill of the Ur example); Program
  costs of spaces 3-5 (1, 1, 2); the order of the King's Favors (the rulebook's listing order);
  which objectives are A / B / C and whether each pays Science or Prestige; which Bloomsbury
  tiles are in the 10 / 25 stacks (the first ten listed: immediate and permanent effects; the
  last ten: Prestige, Science and end-game tiles); the relic split beyond the two stated x6
  types (a Latin square: 15 of each type overall).

Each file an option can replace (``expeditions``, ``patrons``, ``collections``, ``studies``,
``automa``, ``society_boards``) has a JSON Schema of one record beside it
(``data/<kind>.schema.json``: types, names such as regions, relic types, board colours and
sides, ranges, required fields, ``provenance`` with a ``source`` when ``public``, and ids that
no two records share).  A malformed file raises ``ComponentDataError`` (a ``ConfigError``)
naming the file, the record (its number and id) and the field; the loader then checks what a
schema cannot say (how many records, ids in order, a Collection face with as many spaces as
its tile's size, a Science value per Study objective, board record ``2 * colour + side``).
An owner replaces a reconstructed file by passing its option.

Saved states
------------
``state.to_dict()`` is plain JSON: ``game``, ``config`` and every field declared in
``saved.FIELDS`` (the same declaration copies the state in ``clone``), with the pending
decision saved by its name (``"main"``, ``"game_over"``).  ``game.state_from_dict(data)``
checks the data against the declaration (every field present, no other, its type, length and
range), then that it is a position of the game (``check_invariants``, the same rules a live
state keeps: every card, tile and relic in exactly one place, the 10 discs of each player, the
task queue ending with the step of the year's flow the rules put there and holding only tasks
of that phase with their arguments in range, each player's set-up steps and King's Favor due
once) and that the player to move has a legal action.  Anything else raises
``CorruptStateError`` naming the field.

Decisions where the rules are silent
------------------------------------
* Set-up choices are made player by player in seat order (board side, 1/2/3 Expertise, the two
  Expedition cards kept, the Society card kept and its set-up choices), then the year-1 favors
  clockwise from a random player; later players see earlier players' public choices.
* A Society's ability starts after its own set-up benefits (the British School's set-up Asia
  Knowledge gives no Reputation).  The London's Explorers Club set-up tile counts as that
  player's tile of the 10 stack.
* Learning from peers compares sections (the Expertise used, support included).  Automa pawns
  are explorers like any other there: a lower Automa pawn makes the highest players' explorers
  earn the right bonus; the Automa gains nothing.  Confrontation discs are explorers of
  Expertise 4 that gain nothing.
* Support thresholds: University 3 (Study for 2) or 4 (Deepen); Museum 2, 4, 6 (Exhibit 1, 2,
  3 relics) or 5 (Study two relics); The City: any level for Meet a Patron (it pays per level),
  never for Sell; Port: exactly the expedition's Expertise.
* Reputation a payment needs beyond the current Reputation (support, a Program space, a
  reduction) is raised by turning Society discs into 2 Reputation each, as few as needed, as in
  the Ur example.  The City / Museum gates look at Reputation before the explorer is chosen:
  take Gain Reputation first to pass a gate.
* A placement is offered only if its location action can be done.  At the Port, a Reserve (left
  bonus) never takes away the last affordable expedition.  The -1 Knowledge reduction is offered
  only when it is needed; the -£3 one whenever affordable.
* Bloomsbury: reaching 10 (25) Prestige gives the right to one tile of that stack, taken as an
  optional action in that or any later own turn; never a second one; an empty stack gives none.
* A Royal Requirement disc taken back from the Gallery is chosen by the player at the check
  ("If you have no more in reserve, you must retrieve one from the Grand Gallery"), in seat
  order, before the next year begins (or the final scoring); with none there, -15 Prestige and
  a disc from under the Reputation track if any.
* The British School of Orient: "Each time you gain KNOWLEDGE in the Asia region, regardless
  of the number of points, gain 1 REPUTATION."  One gain is one effect (a University Study, a
  Deepen, a Bloomsbury tile, an expedition card's Knowledge, a bonus): 1 Reputation however
  many of its points go to Asia, even when they are chosen point by point; two effects pay
  twice.  An expedition card's fixed Asia Knowledge and its Knowledge of choice are two gains.
* Prestige and Science never go below 0; money is unlimited; a bag left empty takes its
  discarded relics back at once; a draw from an exhausted region gives nothing.
* "Placed 7 relics in the Grand Gallery" counts relics ever exhibited.  Study cards score the
  most objectives achievable at once, each expedition used for one symbol (a matching).
* Under the "random relics" penalty a chosen relic becomes a random one from a bag of the
  player's choice (or the named bag).
* Meet a Patron with one card left takes it; with none it is not offered.  Study a Relic at 5-6
  may stop after one relic (the lower action).
* The Automa does not score and is not ranked; its Gallery discs share majorities.
* Solo titles: the rulebook's table leaves a score of exactly 80 between "70-79" and "> 80";
  it is read as Sir.
* Optional actions in the middle of the turn ("at any time during your turn") are offered
  after the explorer is placed and its bonuses paid, at the decisions that come before something
  is spent or a permanent effect applies: the choice of the location action (not at the Port,
  whose first decision, the expedition, offers them), the expedition and its payment, each
  Exhibit after the first, and a Reserve.  Gain Reputation is offered only at the start and end
  of the turn: a payment turns discs into Reputation by itself, so mid-turn it changes nothing.
  Honoring is not offered while choosing the patron to keep (the ids are the same).  An honor or
  a presentation that would leave the interrupted location action, expedition or payment with
  no legal choice is not offered (an Exhibit or Reserve left without a choice just ends).
* The card of an expedition stays on the table (face up) from its choice until it is paid for.
  A Reserve taken during its payment (the Bloomsbury tile, "gain its benefit immediately")
  draws its 3 cards beside it: one to the hand, 2 discarded; then the payment resumes and the
  card is played.
* ``resample_hidden(p)`` keeps exactly what ``p`` knows and deals the rest uniformly among the
  positions consistent with it (``hidden.py`` says how hidden cards group: by the deck they were
  dealt from, Patron cards ``p`` put back, Bloomsbury tiles seen in a stack).  The player to
  move is known to have a legal action, so draws without one are rejected; after 200 failed
  draws the mover's own hidden cards are kept too.  The Automa's Bloomsbury removal is face
  down: a player who looked through that stack does not learn which tile left.
"""

from .actions import ACTIONS

__doc__ = ACTIONS.document(__doc__)

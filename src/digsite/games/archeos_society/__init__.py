"""Archeos Society (Paolo Mori, Space Cowboys, 2023), for 2 to 6 players.

=================== ===================================================================
Import              ``from digsite import archeos_society_v2``
Create              ``archeos_society_v2.env(num_players=4, setup="chichen_itza")`` or
                    ``pettingzoo.make("aec", "digsite/archeos_society-v2", num_players=4)``;
                    one seat (Gymnasium): ``gymnasium.make("digsite/ArcheosSociety4p-v2")``,
                    ``2p`` to ``6p``
Agents              ``player_0`` .. ``player_{n-1}``
Actions             ``Discrete(177)``, masked
Observation         ``{"observation": Box(0, 1, (1588,), float32), "action_mask": Box(0, 1,
                    (177,), int8)}``; the mask is non-zero only for the agent to move; it
                    encodes ``state.view(player)`` exactly (see "What a player knows")
Rewards             at the end only: +1 each winner, -1 each other player, 0 for all when
                    every player shares the win
Hidden information  the other players' hands (except cards they took from the recruitment
                    area) and Physician choices, the deck order and where its monkeys are,
                    the draft's role cards one has not seen, the order of the boards to draw
Status              complete: every rule, role, site side and set-up of the rulebook; the
                    site tracks, Linguist track, Curator table and scenario role lists are
                    reconstructed (see below)
=================== ===================================================================

Rules summary
-------------
Cards have two traits, a colour (six continents) and a role; each game uses 6 of the 12 roles
(12 cards each over the six colours, 24 Students) plus 3 monkeys. 2-3 players play 2 seasons,
4-6 players 3. Each season: shuffle, deal 1 card to each player and ``players + 2`` face up to
the recruitment area, shuffle the monkeys into the bottom half of the rest. On a turn a player
either *acquires* (takes a card of the area, not replaced, or draws: two if the area is empty;
at most 10 cards in hand) or *plays an expedition*: a leader from the hand, one of its traits,
and any number of hand cards sharing that trait (Mercenaries are wild and never lead). Then,
in either order and both optional, the *colour effect* (advance one space on the leader's
colour site if the size reaches the threshold to the right of one's vehicle; a vehicle moves
one space at most per expedition, whatever moves it; never with a Student leader) and the
leader's *role effect*; then the rest of
the hand goes to the recruitment area. A drawn monkey is revealed and replaced; the third ends
the season at once and its drawer starts the next one. End of season: hands and area are
discarded; end-of-season role effects; site points (the space of each vehicle); expedition
points 0/1/3/5/8/12 for 1/2/3/4/5/6+ cards, Mercenaries removed first; expeditions are
discarded except in the last season. Vehicles never go back between seasons. Most points wins;
ties: the largest expedition of the last season, then the next largest..., then a shared win.

Roles: Botanist (the tile: +2 if at least as large as the expedition under it, +2 at season
end), Linguist (own track by the size; each artifact space reached or passed: advance any
vehicle the expedition has not moved one space for free; the furthest score 2 at season end),
Physician (keep up to size cards), Pilot (advance on any site the size allows), Cartographer
(if the expedition could advance, play one more), Curator (a relic of the leader's colour;
museum points at game end), Guide (+1 size for the site), Mercenary (wild, never leads; 10 in
hand: the hand goes to the area), Patron (draw size cards after the hand went to the area),
Photographer (scores as one card larger), Professor (a token 1-6 not above the size; at season
end the highest sum may advance a vehicle, the lowest moves one back), Student (never advances
a vehicle).

Advanced sites: Chichén Itzá (draw the number beside each threshold crossed, at the end of the
turn), Rapa Nui (season end: the furthest gain 3 and go back to the start), Ta-sekhet-maat (two
vehicles; the rearmost scores), Tantallon Castle (big star alone on a space, small star when
sharing), Uluru (after advancing, may cash in the space's points and go back; no season
points), Ur (when the third monkey comes, each player in turn may play one more expedition,
its size capped by the Ur track).

Configuration
-------------
``num_players`` (2-6; default 4); ``setup``: ``"chichen_itza"`` (the first game, default),
``"rapa_nui"``, ``"ta_sekhet_maat"``, ``"tantallon_castle"``, ``"uluru"``, ``"ur"`` (the
scenarios: their roles and that site's advanced side), ``"random"`` (6 random roles, one random
board advanced), ``"draft"`` (the custom set-up played by the agents: the role draft, then
each drawn board laid compass or advanced side up); data options ``cards``, ``sites``,
``tables``, ``scenarios`` (a path to a JSON file, a list of records or ``{key: [...]}``;
default the shipped files); plus the env's ``render_mode`` and ``max_cycles``.

Action table
------------
{action_table}

An expedition is a short sequence of masked decisions of one player (``decision`` in the
observation): lead (a kind), trait, add cards one at a time then stop, then the effects (a
vehicle, the role, or stop; closed automatically when none is open), with sub-decisions for
the Linguist's free advances, the Physician's kept cards, the Cartographer's extra expedition
and the Uluru cash-in. ``state.action_to_string(a)`` names any action.

What a player knows
-------------------
``state.view(player)`` (``view.py``) is the plain data of everything ``player`` knows, seats
named absolutely, cards as kinds (``role * 6 + colour``); a multiset of cards is the sorted list
of its kinds. The observation encodes it exactly (``envs_tests/test_archeos_society_observation.py``
rebuilds the observation from the view alone), and so does the seat's picture
(``state.render(player)``).

======================= ==============================================================
field                   content
======================= ==============================================================
player, num_players,    the viewer; the configuration
setup
season                  1.. (2 seasons at 2-3 players, 3 at 4-6)
roles, sides            the roles in the game (sorted; during the draft, those chosen so
                        far); per colour the board's side: 0 compass, 1 advanced, -1 not laid
first_player            who starts the season
decision, decider       the pending decision (``DECISIONS``) and who makes it (None at the end)
phase                   ``play``, ``ur`` (end-of-season Ur expeditions), ``professor``
monkeys, monkey_holder  monkeys revealed this season; who drew the third (None before)
deck, deck_monkey_free  cards (and monkeys) in the deck; of them, the top part without monkeys
hand                    own cards
kept                    own Physician choice of this expedition (empty for the others)
area                    the recruitment area
played                  every card in the season's expeditions (for card counting)
players[q]              score, hand_size, known (cards known to be in that hand: taken from
                        the area and not yet seen to leave), vehicles (space per target, the
                        7th the second Ta-sekhet-maat vehicle), linguist, relics (colours),
                        professor_tokens (values), expeditions: one ``[cards other than
                        Mercenaries, led by a Photographer]`` per expedition of the season,
                        largest first (all that still decides points and the tie-break; the
                        cards themselves are counted in ``played``)
botanist                the tile's holder and the size of the expedition under it, or None
expedition              the expedition whose effects are resolved, or None: leader, trait,
                        cards, cap (size limit), colour_done, role_done, cartographer_extra
                        (its size allowed an advance when played), advanced (vehicles it
                        moved), linguist_advances, keep_left, patron_draws,
                        chichen_itza_draws (pending at the end of the turn)
suspended               Cartographer expeditions waiting for their colour effect (leader,
                        size), outermost first
uluru_vehicle           the vehicle that may cash in on Uluru, or None
ur_queue,               players still to play their Ur expedition; ``[player, +1 / -1]``
professor_queue         Professor moves still to come
draft_hand              during the role draft: the role cards one knows to be in the hand
                        (all of them for the chooser), else None
draft_board             the board whose side is chosen, else None
======================= ==============================================================

Not in the view (hidden): the other hands beyond ``known``, another player's Physician choice,
the deck's order and where its monkeys are, unseen draft cards, the order of the boards still
to draw, the seed of future shuffles. Not in the view because it no longer matters: the cards
discarded at the end of a season (everything is reshuffled), the colours of the cards inside
past expeditions (only their sizes score), the order in which things happened.

Observation layout
------------------
Seats are relative: index 0 is the observer, 1.. the next players clockwise; unused seats are
zero. Every count is divided by a true maximum of the game's data, so no reachable value
saturates: card counts by the most cards of one kind rounded up to a power of 2 (4 with the
shipped cards), hand sizes and expedition sizes by the hand limit 10, deck counts by the largest
deck (87), expedition counts by the most cards of a game (84). A score ``s`` is
``0.5 + s / (2 B)``, where ``B`` (``game.scales.score``, 1139 at 2-3 players and 1699 at 4-6
with the shipped data) is a proven bound of the score (``ArcheosSocietyGame.score_bound``): a
negative score shows below 0.5.

====================== =========== ===========================================================
piece                  shape       content
====================== =========== ===========================================================
hands                  (510,)      hand size per seat (6), then card counts (7 x 72): the own
                                   hand, then per seat (own first) the cards known to be there
area                   (72,)       the recruitment area
played                 (72,)       cards in all expeditions of the season
kept                   (72,)       own Physician choice
current_expedition     (72,)       the expedition whose effects are resolved
seats                  (6, 12)     in game, score, Linguist track / its length, relics (6),
                                   Professor token sum / 21, holds the Botanist tile, the size
                                   of the expedition under the tile / 10
vehicles               (6, 7, 8)   one-hot space of each vehicle (6 sites + the second vehicle)
tokens                 (6, 7)      each Professor token: in the middle or its seat
roles                  (12,)       roles in the game
sides                  (6, 3)      each board: compass, advanced, not laid yet
season                 (3,)        one-hot
expeditions            (6, 20)     per seat: expeditions by cards other than Mercenaries
                                   (1..10), not / led by a Photographer
first_player           (6,)        relative seat
monkey_holder          (6,)        who drew the third monkey
queues                 (6, 3)      per seat: Ur expedition, Professor advance, Professor move
                                   back still to come
monkeys                (4,)        revealed this season, one-hot 0..3
deck                   (2,)        cards in the deck, of which in its monkey-free top part
decision               (13,)       turn, trait, add, effects, free_advance, keep, extra, uluru,
                                   ur, professor_move, draft_role, draft_site, game_over
decider                (6,)        relative seat
leader                 (18,)       role and colour of the expedition's leader
trait                  (2,)        colour, role
context                (12,)       size cap, colour done, role done, Cartographer may chain,
                                   Linguist advances left / artifacts, cards still to keep,
                                   Patron and Chichén Itzá draws pending, Ur phase, Professor
                                   phase, Professor advance, Professor move back
advanced               (7,)        vehicles this expedition advanced
suspended              (9, 7)      Cartographer expeditions waiting for their colour effect:
                                   colour one-hot, size / 10
uluru_vehicle          (7,)        the vehicle that may cash in
draft_hand             (12,)       draft role cards one holds or knows to be in the hand
draft_board            (6,)        the board just drawn in the draft
num_players            (5,)        one-hot 2..6
====================== =========== ===========================================================

Component data and provenance
-----------------------------
``data/cards.json`` (159 records): 12 cards per role and 24 Students, 3 monkeys, ``public``
(the rulebook's counts; the split of each role over the colours, 2 per colour and 4 Students,
follows Ethnos, the game Archeos re-themes). ``data/tables.json``: the expedition table
``public`` (rulebook example and student projects), the Professor tokens ``rulebook``; the
Curator museum table (0, 1, 3, 6, 10, 15, 20 for 0-6 relics) and the Linguist track (spaces
0-20, artifacts on 3, 7, 12, 18) are ``reconstructed`` from Ethnos. ``data/sites.json``: the
12 site sides, **all tracks reconstructed** (7 spaces, points and thresholds; Chichén Itzá
draws, Tantallon stars, Ur size caps), built so that the rulebook's examples hold: a 3-card
threshold on Grotta Azzurra, a Nan Madol space worth -2, the site-points example (white 10,
brown 8 with the values it names). The red compass site is not named by the rulebook: **Mesa
Verde is our name**. The pairing of advanced sides with colours (Rapa Nui green, Tantallon
blue, Ta-sekhet-maat yellow, Ur pink, Uluru purple) is inferred from geography; only Chichén
Itzá (red) is stated. ``data/scenarios.json``: the six scenario role lists are
**reconstructed** (the icons are lost): the first game (Chichén Itzá) is Botanist, Guide,
Patron, Photographer, Physician, Student (the rulebook says only the Botanist needs extra
set-up, so no Curator, Linguist or Professor, and its examples show these leaders); the others
use each role in three scenarios. Pass ``sites=``, ``tables=``, ``scenarios=`` or ``cards=``
to play with the real values.

Each file kind has its record schema beside it (``data/<kind>.schema.json``, JSON Schema):
fields, types, allowed names (role, colour, side, site rule, table), ranges, the values each
site rule needs, provenance (with a ``source`` for ``public``) and unique ids. The loaders then
check what spans records (3 monkeys, as many cards per role and twice as many Students, both
sides of each board, track lengths, increasing artifacts, tokens 1-6, a scenario's advanced
site) and raise ``DataError`` (a ``digsite.core.data.DataFileError``) naming the file, the
record and the field.

Saved states
------------
``saved.FIELDS`` declares every field of a state once, with its shape and range; it gives
``clone``, ``to_dict`` and ``state_from_dict``, which checks the data against the declaration
(naming the field and what it allows), then the rules (``check_invariants``: cards and monkeys
conserved, scores equal to their sources, the pending decision's expedition, queue or board)
and refuses anything else with ``CorruptStateError``.

Agents
------
``make_agent("heuristic", "archeos_society")`` (``heuristic.py``): greedy on expedition size,
reading only its own hand and the public table; it wins every game against random players at
2-6 players in our checks. IS-MCTS works through ``resample_hidden`` but full random rollouts
are long (600-900 decisions with random players), so give it a time budget or a better
rollout policy.

Decisions where the rules are silent
------------------------------------
* Monkeys: after the deal and the area, the top ``floor(r / 2)`` of the ``r`` remaining cards
  stay on top; the 3 monkeys are shuffled into the rest under them. A monkey drawn by any
  effect (Patron, Chichén Itzá, the second card of an empty-area draw) is revealed and
  replaced the same way; the third ends the season at once and whatever the turn had left
  (cards still to draw) is lost. The first player of season 1 is drawn at random.
* Effects: the colour effect and the role effect are offered together, either first ("Les
  deux effets sont optionnels et peuvent être résolus dans l'ordre de votre choix"). The
  Pilot's role widens the colour effect to any site (still one advance). The Cartographer:
  "lets you advance" means the threshold of the leader's colour site was met when the
  expedition was played (taken or not); its role may come before its colour effect: the extra
  expedition is then played and resolved, and the Cartographer expedition's colour effect is
  offered after it (with chained Cartographers, innermost first). Guide, Mercenary,
  Photographer and Student work by themselves. An effect with nothing to do is not offered;
  when no effect is open the expedition ends by itself. What is offered never rests on the
  hidden hand ("Les joueurs gardent leur main de cartes cachée"): the add step is offered
  after every trait while the hand holds a card, whatever the card, and ends only by stop, at
  the size cap or when the hand is empty ("vous
  pouvez jouer autant de cartes de votre main que vous le souhaitez": stopping is always
  allowed); the Cartographer's extra expedition is offered whenever the hand holds a card,
  even if every card is a Mercenary (then only stop is legal).
* One space per vehicle and expedition: "Un véhicule ne peut avancer que de 1 case maximum par
  expédition jouée, quelle que soit la taille de cette expédition" is a general rule (it is
  among the "règles fréquemment oubliées"), and the Linguist's "avancez 1 de vos véhicules sur
  n'importe quel site, quels que soient la taille de l'expédition et le seuil de difficulté"
  waives the size and the threshold, not that limit: a free advance cannot move a vehicle the
  same expedition already moved (by its colour effect or an earlier free advance), nor can the
  colour effect move one a free advance moved. Each expedition (an extra Cartographer one
  included) has its own limit; the season-end Professor moves are not part of an expedition.
* Physician: kept cards are chosen one at a time, in as many steps as cards may be kept (the
  size, or the hand if smaller), each step a card or none: the others see the steps, not what
  they keep, and cannot count the cards kept before the rest of the hand goes to the area.
  Patron and Chichén Itzá draws stop at the hand limit of 10; Chichén Itzá's draws (summed
  over the turn's advances there, the Linguist's included, and never more than 10: the hand
  could not take more) come after the Patron's.
* Linguist: the track persists between seasons and stops at its end; each artifact gives an
  optional free advance on any site; at season end the furthest players score 2 only if they
  have left space 0.
* Botanist: sizes count Mercenaries and no Photographer bonus; an unclaimed tile goes to any
  expedition.
* Mercenaries carry a colour in the card file like every card; it never matters (they are
  wild and cannot lead).
* Professor: taking a token is optional, and impossible when every token up to the size is
  taken. At season end, if every sum is equal nobody moves; otherwise the highest players (in
  turn order from the third monkey's drawer) may advance a vehicle that can advance, then the
  lowest must move back one that is not leftmost. The roles page says "Les restrictions sont
  incontournables ; les autres effets sont optionnels": the advance is an effect in the
  player's favour, so it may be declined; the move back is the price the lowest sum pays
  ("choisit 1 site ... et recule son véhicule de 1 case"), the counterpart of the advance that
  would mean nothing if it could be declined, so it is compulsory (only the site is chosen).
  These moves trigger no Chichén Itzá draw (hands are gone) but may be cashed in on Uluru.
* Rapa Nui is resolved at the site-points step, after its points: the furthest players (off
  the first space) gain 3 and go back. Tantallon: "alone" means no other vehicle on that
  space, the first space included. Ta-sekhet-maat: every advance or move back chooses one of
  the two vehicles. Uluru: the cash-in is offered after every advance onto it.
* Ur: the extra expeditions come before the hands are discarded, in turn order from the
  drawer of the third monkey; a player with no card in hand, or capped at 0, is skipped (one
  whose cards are all Mercenaries is asked like the others and can only pass); the cap is the
  value at one's Ur space (1 on the first space; a hand never holds more than 10 cards, so a
  larger value caps at 10) and also caps a Cartographer's extra one;
  Physician, Patron and Chichén Itzá work as usual (the cards are discarded right after).
* The ten-Mercenary rule: with 10 Mercenaries the only action is to put the hand into the
  area (the turn ends).
* Tie-break: the sizes of the last season's expeditions after the Mercenaries left, without
  the Photographer's bonus, compared largest first (one more expedition beats none).
* Public knowledge of hands: a card taken from the area is known to be in that hand until
  cards of its kind leave the hand (the known count drops by as many as left).
* ``resample_hidden`` redraws other hands' unknown cards and the deck (monkeys only below the
  monkey-free top part) and the seed of future shuffles; another player's Physician choice in
  progress is kept as it is.
* The draft starts with season 1's first player; the set-aside role cards are drawn in random
  order, the boards at random; several boards may be laid advanced side up.
* 6 players play 3 seasons (the reminder box's "4-5 players" is a typo for 4-6).
"""

from .actions import ACTIONS

__doc__ = ACTIONS.document(__doc__)

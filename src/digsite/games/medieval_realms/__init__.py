"""Medieval Realms (Lost Games, 2019; design Carlos Michán), for 2 to 5 players.

=================== ===================================================================
Import              ``from digsite import medieval_realms_v1``
Create              ``medieval_realms_v1.env(num_players=4)`` or
                    ``pettingzoo.make("aec", "digsite/medieval_realms-v1", num_players=4)``;
                    one seat (Gymnasium): ``gymnasium.make("digsite/MedievalRealms4p-v1")``,
                    ``2p`` to ``5p``
Agents              ``player_0`` .. ``player_{n-1}`` (seated clockwise in that order)
Actions             ``Discrete(72)``, masked
Observation         ``{"observation": Box(0, 1, (2871,), float32), "action_mask": Box(0, 1,
                    (72,), int8)}`` with the shipped deck (its size grows with the number F
                    of different cards in a custom deck: 2547 + 6 F); the mask is non-zero
                    only for the agent to move
Rewards             at the end only: +1 to the winner, -1 to each other player (the
                    rulebook's tie-breaks always leave one winner)
Hidden information  the deck order; the leaders the other players placed behind their walls,
                    until every wall comes down
Status              complete: every rule of the rulebook at 2-5 players; the deck
                    composition and the board values are reconstructed (see below)
=================== ===================================================================

Rules summary
-------------
Set-up: 12 event cards on the Current Events panel (squares 1-12, three rows of four), 6 on the
Future Events panel, the rest form the deck. Random turn order. Each player has the starting
resources, 4 Mayors, 1 General and 1 Admiral (2 players: 6 Mayors, 2 of them "buffers" that go
on the map with combat value 2). In reverse turn order each player takes two extra tokens of two
different resources; no two players may take the same pair (one resource may repeat).

Seven rounds. Each round:

1. Behind the wall, every player places all their leaders: Mayors on Management squares (any
   number on a square; each yields one token of the square's resource), Generals and Admirals
   on lands of the map (1-8; 9-10 only with 5 players); 2 players: the 2 buffers on lands
   without one's own General or Admiral.
2. The walls come down. Production: Mayors; each land goes to the player with strictly the
   highest combat value there (General 2, Admiral 1, buffer 2) who has a General or Admiral on
   it (buffers only block; ties give nothing); Castles (+1 Battle) and Scientific Developments
   (+1 of their resource per Mayor). Then +2 Goods each.
3. New turn order: most Goods first (a tie goes to the player seated closest clockwise to the
   previous initial player); the rest by Goods, ties by clockwise distance from the new initial
   player.
4. Actions in turn order, one at a time, until everyone has passed: activate a Current Events
   card, put a hand card into play (pay its cost, resolve its immediate effect), or pass (final
   for the round, except for bidding and receiving Majority cards).

   * Hole card: pay 1/2/3 Goods by panel row; it goes to one's hand (at most 4 cards, never two
     of one stamp colour; hand cards are public and never discarded).
   * Majority card: the activator pays 1/2/3 Goods; it goes to the hand of the player with the
     most of the resource in its cost, among those who may take it (hand rule); a tie goes to
     the activator if tied, else to the tied player first along the turn order; if nobody may
     take it, it is discarded.
   * Auction card (no Goods): the activator opens with a bid in the card's resource, then
     clockwise each other player raises or passes (a pass is final) until all but one have
     passed; the last bidder pays the bid and puts the card straight into play.

5. End of the round: discard the cards on squares 1-4 (2 players), 1-3 (3), 1-2 (4), 1 (5,
   our reading, see below); slide the rest down, fill from the Future Events, refill both
   panels from the deck.

VP track: each time a player's VP reach or pass a multiple of 5 during play, that player takes
one token of their choice (never for end-of-game points).

End of the game (after round 7): end-of-game card effects, 1 VP per 2 resources in the Manor,
Great Person bonus (1, 3, 6, 10, 15 VP for 1, 2, 3, 4, 5+ Great Persons). Ties: most cards in
the realm, most Castles, most leaders, then the initial player or the next along the turn order.

Cards (card types, stamp colours, kinds, costs and effects are the rulebook's):

====================== ========= ======== ================== =====================================
card                   colour    kind     cost               effects
====================== ========= ======== ================== =====================================
Castle                 orange    majority 6 Raw Materials    end: VP = 2 x Generals + Admirals;
                                                             production: +1 Battle
Market                 red       hole     6 Goods            end: 1 VP per colour in the realm
Realm Leader           yellow    auction  Gold (bid)         +1 Mayor, General or Admiral
City                   green     hole     5 Raw Materials    end: 1 VP per Mayor; each later card
                                                             of its colour: +1 resource, +1 VP
Territory              grey      auction  Battle (bid)       +5 of its resource (or, "any": of
                                                             one resource of one's choice)
Island                 turquoise hole     k-th needs k       2 VP; end: 3 VP if its condition
                                          Admirals           holds
War                    black     majority Battle 7/7/6/5     6 VP
Artist / Missionary /  violet /  majority 5 Culture /        2 VP; end: 1 VP per card of its
Scientist (Great P.)   white /            Religion /         colour; Great Person bonus
                       blue               Science
Scientific Development blue      hole     5 Science          2 VP; production: +1 of its resource
                                                             per Mayor
Art Gallery, Cathedral violet,   majority 5 Culture,         5 VP
                       white              5 Religion
Tithe                  white     hole     5 Religion         2 VP and 4 of one resource it shows
Inquisition            white     hole     4 Religion         +1 General
Gunpowder, University, blue      hole     4 Science          +1 General, Mayor, Admiral
Docking Bay
====================== ========= ======== ================== =====================================

Configuration
-------------
``num_players`` (2-5, default 4); ``deck`` (a path to a card file, a list of card records or
``{"cards": [...]}``; default the shipped reconstructed deck); ``card_types`` and ``board``
(likewise, for ``card_types.json`` and ``board.json``); plus the env's ``render_mode`` and
``max_cycles``. A user who owns the game can pass the real card list, land rewards or starting
capital through these options without touching code.

Action table
------------
{action_table}

A placement is a sequence of sub-decisions of the placing player: each Mayor's square, then each
General's, Admiral's and (2 players) buffer's land. Within one kind of leader the squares / lands
are chosen in non-decreasing order (leaders of a kind are identical, so every placement is still
reachable, once). Every leader is one decision, also a buffer with no land to go to (action 53,
the only legal one then), so the number of decisions of a placement depends only on public
leader counts and reveals nothing. Players place one after another in turn order; nothing of a
placement shows in another player's observation until the last player has placed and the walls
come down. An auction is a run of ``bid`` decisions: the env makes each bidder in turn the agent
to move, so bids are decisions of the bidding agent. A bid of B tokens is ``(B - L) // 10``
times action 71, then action ``61 + (B - L) % 10``: every bid up to what the bidder holds is
reachable with a fixed action space (the opener, who must bid, and a bidder who has committed
tokens cannot pass). ``state.action_to_string(a)`` names any action ("bid 14").

What a player knows
-------------------
``state.view(player)`` (plain data; the observation encodes exactly this, the seat render
``state.render(player)`` draws it). Cards are named by what they show (type, resource, colour,
leader, Island condition, token options): two cards that show the same are the same to a
player, so no card id appears.

=================== =========================================================================
field               content
=================== =========================================================================
player              the seat the view belongs to
round               1-7
decision            pick_pair, place, action, bid, token_choice, bonus, game_over
to_move             the seat to decide (None once the game is over)
actor               during the action phase (action, bid, token_choice, bonus): whose turn it
                    is (an auction's activator while others bid); else None
revealed            whether the walls are down this round
turn_order          seats in turn order
current_events      the 12 squares: a card name or None (empty)
future_events       the 6 Future Events, in the order they fill the panel
deck_size           cards left in the deck (its order is hidden; its content is every card
                    not seen elsewhere)
discard             the discarded cards, sorted (public; a multiset)
seats               per seat (absolute, 0..n-1): resources (7), vp, end_of_game_vp (cards,
                    resources, great_persons; zero until the end), leaders (mayor, general,
                    admiral), buffer_mayors, extra_tokens (the set-up pair), passed, placed
                    (while placing, else None), turn_position, vp_track_tokens_owed, hand (in
                    order: play actions name a position), realm (sorted multiset), placement
                    (Mayors per square, Generals / Admirals / buffers per land in play: one's
                    own always, the others' once the walls are down, else None)
placing             while placing: the placer's seat, the kind of leader being placed and how
                    many of that kind are left (public: the number of decisions shows it);
                    the lowest spot the next leader may take (leaders of a kind go in
                    non-decreasing order) only in the placer's own view
auction             the card, the high bid and bidder, the seats out, the tokens the bidder
                    to move has committed (action 71)
token_choice        the Tithe or "any" Territory whose tokens are being chosen
=================== =========================================================================

Not in the view: the deck order, and the other players' leaders behind their walls (nor how far
a placer has got beyond the public count of decisions). Placements of earlier rounds, the order
in which cards entered a realm and the order of the discard pile are public history that no
longer matters.

Observation layout
------------------
Seats are relative: index 0 is the observer, 1.. the next players clockwise (unused seats are
zero). F is the number of different cards (faces) in the deck: 54 in the shipped deck. Card
rows (50 features): type (18), shown resource (7), shown colour (10), leader given (3), Island
condition kind (4) and count / the deck's highest count (1), token options (7: a Tithe's, or all
for an "any" Territory); two cards have the same row exactly when they show the same.

No count is ever clipped: tokens, VP, end-of-game VP, bids and committed tokens are written as
``log(1 + k) / log(1 + M)`` with M = ``game.max_count``, a true bound computed from the data
(the most tokens a player can gain in a game, the most VP; 732-830 with the shipped data);
leaders are divided by the most a player can have of that kind (``game.max_leaders``), cards by
the copies of their face (or type, or colour) in the deck.

============== ========== ============================================================
piece          shape      content
============== ========== ============================================================
round          (7,)       one-hot
decision       (7,)       pick_pair, place, action, bid, token_choice, bonus, game_over
decider        (5,)       relative seat of the player to decide
actor          (5,)       relative seat whose action-phase turn it is (see the view)
panel          (12, 50)   Current Events squares 1-12 (zero: empty); row = price - 1
future         (6, 50)    Future Events (face up), in order
deck_size      (1,)       cards left in the deck / deck size
discard        (54,)      discarded cards per face / copies of the face
pairs          (5, 21)    each seat's extra-token pair
seats          (5, 52)    per seat: present, resources (7), VP, end-of-game VP (card
                          effects, resources, Great Persons), Mayors, Generals,
                          Admirals, buffers, passed, placed this round, turn-order
                          position (5), realm cards by type (18) and by colour (10),
                          VP-track tokens owed
hands          (5, 4, 50) each seat's hand (public), in order
realms         (5, 54)    each seat's cards in play per face / copies of the face
placement      (5, 36)    leaders on squares (6) and Generals, Admirals, buffers on lands
                          (3 x 10): one's own always, the others' once revealed
placing        (15,)      while placing: kind of leader (4) and how many are left (public),
                          the lowest spot the next leader may take (10, the placer
                          only)
pending_card   (50,)      the card being auctioned, or the Tithe / Territory whose tokens
                          are being chosen
auction        (12,)      high bid, high bidder (5), bidders out (5), tokens committed
============== ========== ============================================================

Agents
------
``digsite.games.medieval_realms.heuristic.MedievalRealmsHeuristic`` (``make_agent("heuristic",
"medieval_realms")``): a rules-based player that values every card in VP (immediate,
end-of-game as things stand, production over the rounds left, leaders, tokens at half a VP)
against its cost; it wins nearly every game against random players at 2-5 players.

Component data and provenance
-----------------------------
No card list, board picture or set-up table of Medieval Realms is public (see
``shared/research/archeos-medieval.md``, part B).

* ``data/card_types.json``: one record per card type, ``provenance: rulebook`` (colour, kind,
  cost, immediate VP, effect text), except Gunpowder / University / Docking Bay, whose
  leader (General / Mayor / Admiral) is our thematic reading (``reconstructed``).
* ``data/deck.json``: 84 cards, **all reconstructed**: 6 Castles, 6 Markets, 6 Realm Leaders
  (2 of each leader), 8 Cities (each a trigger colour and a resource), 8 Territories (6 with a
  resource, 2 "any": five tokens of one resource of the winner's choice), 8 Islands
  (conditions: 3 Admirals, 3 Generals, 6 Mayors, 2 blue / white / violet cards, 2 Islands,
  6 Gold), 6 Wars, 3 each of Artist, Missionary and Scientist (each scoring one of violet,
  white, blue), 6 Scientific Developments, 4 Art Galleries, 4 Cathedrals, 4 Tithes (each with
  three options, never Religion), 3 Inquisitions, 2 each of Gunpowder, University, Docking Bay.
* ``data/board.json``, **reconstructed**: Management squares 1-6 produce Goods, Science,
  Culture, Religion, Gold, Raw Materials (the rulebook shows a Science and a Goods square;
  Battle points come from lands and cards); land rewards (two tokens a land: 1 Raw x2,
  2 Gold x2, 3 Science x2, 4 Culture x2, 5 Religion x2, 6 Battle x2, 7 Goods + Battle,
  8 Gold + Raw, 9 Science + Culture, 10 Religion + Battle); starting capital 2 Goods and one
  each of Science, Culture, Religion, Gold, Raw Materials, at every player count (a
  ``starting_resources`` record may name the ``players`` counts it is for, so a file can give
  one capital per player count); minimum opening bid 1.

Each file kind has its record schema beside it (``data/<kind>.schema.json``, JSON Schema):
fields, types, allowed names (type, colour, kind, resource, leader), ranges, provenance (with a
``source`` for ``public``) and unique ids or types.  The loaders then check what spans records
or depends on the type (the parameters each type needs, land and square numbering, at least 18
cards) and raise ``DataFileError`` (a ``ConfigError``) naming the file, the record and the
field.

Saved states
------------
``saved.FIELDS`` declares every field of a state once, with its shape and range; it gives
``clone``, ``to_dict`` and ``state_from_dict``, which checks the data against the declaration
(naming the field and what it allows), then the rules (``check_invariants``: cards and VP
conserved, the pending decision reachable, e.g. a placer with leaders left to place), and
refuses anything else with ``CorruptStateError``.

Known limits
------------
* The deck composition, Island conditions, land rewards, Management squares, starting capital
  and minimum opening bid are reconstructed (no public source has them): the rules are the
  rulebook's, the numbers on the cards are ours until an owner supplies the real files.
* The rulebook's icons are lost: its Management example and the extra-token example (Michael's
  second token) are rebuilt from the text that survives.

Decisions where the rules are silent
------------------------------------
* 7 rounds (the official page and the end-of-game section; the glossary's "8th round" is an
  error).
* Seating is player index order clockwise; the turn order is a separate track (random at
  set-up, then by Goods).
* Tie for the new initial player: the previous initial player counts as the closest to itself.
* A Majority card can go to a player holding none of its resource (a tie at zero goes to the
  activator). It may be activated even by a player who cannot take it.
* Auctions: the opening bid is at least 1, so an Auction card needs at least 1 of its resource
  to activate; bids are whole tokens, never more than one holds ("A PLAYER can only bid with
  the Resources stored in their REALM"), and any such bid can be named. A player who has passed
  for the round may still bid.
* Island "cost 1 Admiral": a requirement (the k-th Island needs k Admirals owned), not spent.
* The Inquisition's effect is the orphaned "+1 General" line of the rulebook.
* The 2 buffer Mayors are Mayors: they count for City (end of game) and Scientific Development
  (production) and as leaders in the tie-break; a Mayor gained later produces on a square. If
  one's Generals and Admirals cover every land ("They can ONLY be placed on those lands
  unoccupied by the PLAYER'S own MILITARY LEADERS"), the buffers stay off the map that round;
  each is still one decision (action 53), so the number of decisions reveals nothing.
* All leaders are placed every round; leaders gained during a round join the next placement.
* Cards "owned" for end-of-game effects, the Market's colours, Great Persons and the tie-breaks
  are the cards in play (the realm), not hand cards.
* The Future Events are face up (public); only the deck order is hidden.
* ``resample_hidden(player)`` reshuffles the deck and redraws the completed, unrevealed
  placements of the other players (each leader on a random legal square or land); a placement
  still in progress by the player to move is kept, since that player's legal moves depend on it.
* City: a later card of its colour, put into play by its owner (from hand or by auction),
  triggers it; the City itself does not.
* VP track: one token per multiple of 5 reached or passed (15 VP at once from 9: two tokens);
  tokens are chosen, in order, right after the action that scored them.
* 5 players: the card on Current Events square 1 is discarded at the end of a round. The
  rulebook's step reads "Withdraw the CARDS from the BOARD's CURRENT EVENTS PANEL. Depending on
  the number of PLAYERS, PLAYERS must discard ..." and then, right after a lost picture, "4 : the
  CARDS from squares 1 and 2 3 : the CARDS from squares 1 to 3 2 : the CARDS from squares 1 to
  4". The step always withdraws cards "depending on the number of players" (never "if there are
  fewer than 5"), the list counts down from 4 where a 2-5 player game's list would start at 5,
  and the picture next to it is lost with the icons; the lines follow "squares discarded =
  6 - players" exactly. So the 5-player line ("5 : the CARD from square 1") was most probably
  lost with the picture. (Our earlier reading, no discard at 5 players, was the research
  note's placeholder "none listed", not a rule.)
* If the deck runs out, empty squares stay empty.
* The card glossary's "choose the tokens, but all of one kind" symbol is given to Territories
  (``"resource": "any"`` in the deck file): the winner takes 5 tokens of one resource of their
  choice. Two of the reconstructed Territories show it.
"""

from .actions import ACTIONS

__doc__ = ACTIONS.document(__doc__)

"""Mykerinos (Ystari, 2006), for 2, 3 or 4 players.

=================== ===================================================================
Import              ``from digsite import mykerinos_v1``
Create              ``mykerinos_v1.env(num_players=3)`` or
                    ``pettingzoo.make("aec", "digsite/mykerinos-v1", num_players=3)``;
                    one seat (Gymnasium): ``gymnasium.make("digsite/Mykerinos3p-v1")``,
                    ``2p`` to ``4p``
Agents              ``player_0`` .. ``player_{n-1}`` (the 2-player neutral is not an agent)
Actions             ``Discrete(98)``, masked
Observation         ``{"observation": Box(0, 1, (1621,), float32), "action_mask": Box(0, 1,
                    (98,), int8)}``; the mask is non-zero only for the agent to move
Rewards             at the end only: +1 each winner, -1 each other player, 0 for all when
                    every player shares the win
Hidden information  the order and future orientation of the undealt parcels
=================== ===================================================================

Rules summary
-------------
Four seasons. Each season every player takes cubes of their colour from the general stock into
their personal stock (11 with 2-3 players, 8 with 4; fewer when the colour's 25 cubes run out;
unused cubes carry over) and a region is laid from the shuffled parcel deck: 8 parcels (4 areas of
2 parcels) in seasons 1-3, 12 parcels (6 areas) in season 4, so all 36 cards are used once.

Excavations, clockwise from the first player, one action a turn:

* A: one cube on any free space (no cube, no pyramid);
* B: two cubes, the first next to one of your cubes, the second next to the first;
* C: pass, taking the lowest free space of the passing scale;
* D: tilt one patron card (once per card per season, one card per turn): Lady Violet (one more
  cube from the general stock, then A or B), Lord Lemon (A or B with one cube allowed on a
  pyramid), Sir Brown (a personal cube into the Museum), Mrs. Blackmore (A with two chained
  cubes), Colonel Tangerine (B with three chained cubes).

Spaces are adjacent orthogonally, across parcels and areas; cartouches do not block, pyramids do.
When all but one player have passed, that player takes one more action and the season's survey
follows. Survey, area by area in reading order: players ranked by cubes in the area (ties to the
earlier passer). The 1st chooses a parcel of the area or a Museum room (with a cube from the
general stock), then the 2nd likewise; the 3rd and 4th may take a parcel that is left. A player
alone scores only as 1st. A taken parcel scores its prestige at once and its patron can be
appealed to from the next season. Untaken parcels leave the game and the area's cubes return to
the general stock. The last player on the passing scale starts the next season; tilted cards are
straightened.

The Museum: five wings, each with a 3-room opening on a 5-room; 2-rooms between neighbouring
wings belong to both and open both 5-rooms. One cube per room; a cube goes into any free 2- or
3-room, or into a 5-room next to a 2- or 3-room of one's own. Final exhibition: for each wing,
each card of that wing's patron scores the value of the best room one holds in the wing (5, 3,
2 for an adjacent 2-room, else 1); 5 more per complete set of the five patrons; the no-patron
5-point card scores only its immediate prestige. Ties: most cubes in the personal stock, then a
shared win.

Two players: the 3-player rules plus a neutral colour. Each player takes 4 neutral cubes a
season; after one's own action one may also make a neutral A or B (never a patron). The
neutral's passing disc is fixed on space 2. In the survey a neutral ranked 1st or 2nd always
takes a card, which leaves the game: the 3rd-ranked player (or the player absent from the area)
picks it for a 1st-ranked neutral, the 1st-ranked player for a 2nd-ranked one; a neutral alone in
an area takes nothing and both parcels are discarded.

Configuration
-------------
``num_players`` (2, 3 or 4; default 3); ``museum_two_rooms`` (5: the wings form a ring with five
2-rooms, the default; 4: an open fan, no 2-room between wings 5 and 1); ``deck`` (a path to a
card file, a list of card records or ``{"cards": [...]}``; default the shipped reconstructed
deck); plus the env's ``render_mode`` (``"ansi"``, ``"human"``, ``"rgb_array"``) and ``max_cycles``.

Action table
------------
{action_table}

A turn is a short sequence of masked sub-decisions by the same player: choose A/B/C/D (then A or
B after Lady Violet or Lord Lemon), then each cube's space in order, then, with 2 players, the
optional neutral action and its spaces. ``state.action_to_string(a)`` names any action.

Observation layout
------------------
The observation encodes ``view(player)`` completely and nothing else. Seats are relative: index
0 is the observer, 1.. the next players clockwise (unused seats are zero), so one policy can play
every seat. Counts are divided by a true maximum, never clipped: cubes by 25, cards per patron by
7, score by 200 (a player holds at most 18 parcels, one per area, so no score reaches 160).
Parcels are cards 0-35 of the deck file; cards of one face (see "What a player knows") share
their places in a fixed order.

====================== ======== =============================================================
piece                  shape    content
====================== ======== =============================================================
cubes                  (5, 72)  cubes on each space: me, next players, neutral
pyramids               (72,)    pyramids (under a cube or not), as the parcels lie
region_cells           (72,)    spaces of this season's region (48 or 72)
parcels                (12, 11) each parcel of the season: patron (6; the last is "no
                                patron"), prestige 0 / 2 / 3 / 5 (4), still on the table (1)
card_slot              (36, 12) per card: the slot of this season's region it was laid in
museum_rooms           (15,)    rooms of this configuration
wing_patron            (5, 5)   patron of each wing
season                 (4,)     one-hot
deck_size              (1,)     unseen parcels / 36
museum                 (15, 4)  room holder (relative seat)
seats                  (4, 13)  per relative seat: a player (1), prestige (1), cards owned per
                                patron (6), cards still usable this season per patron (5)
card_place             (36, 7)  per card: unseen, on the table, owned by relative seat 0-3,
                                out of the game
first_player           (4,)     relative seat holding the first-player marker
personal_cubes         (4,)
general_cubes          (5,)     per colour, then the neutral's
neutral_cubes          (4,)     neutral cubes each player holds (2 players)
passing_space          (4, 6)   one-hot; 0 = not passed
decision               (9,)     turn, choose_ab, place, brown_room, neutral_action,
                                survey_choice, leftover, neutral_card, game_over
decider                (4,)     relative seat of the player deciding
last_turn              (1,)     the lone player's last action of the season
turn_patron            (5,)     patron appealed to this turn
chain_cubes_left       (3,)     cubes still to place in the excavation: 1, 2, 3
chain_neutral          (1,)     the excavation is the neutral's
chain_pyramid_allowed  (1,)     Lord Lemon's pyramid is still unused
chain_next_to_own      (1,)     the excavation's first cube goes next to its owner's cubes
chain_last_cell        (72,)    the space of the previous cube of the excavation
survey_area            (6,)     area being surveyed
====================== ======== =============================================================

What a player knows
-------------------
``state.view(player)`` (plain data; seats are absolute). Everything on the table is public, so
the views of all seats differ only in ``player``; the order and future orientation of the
undealt parcels are hidden. Cards are named by **face**: the id of the first card with the same
patron, prestige and pyramids up to a half turn (with the shipped deck, card 27 shows as 26; see
the decisions below).

=================== ===========================================================================
field               content
=================== ===========================================================================
player              the seat whose view this is
num_players         2, 3 or 4
museum_two_rooms    5 (ring) or 4 (open fan)
season              1-4
first_player        the seat holding the first-player marker
wing_patrons        patron of wings 1-5
museum              holder (a seat) of each room of the configuration, or null
region              per space of this season's region (row-major, 12 a row): null, a seat, or
                    ``"neutral"``
pyramids            the spaces holding a pyramid, as the parcels lie (under a cube or not)
parcels             per slot of this season's region (area = slot // 2, left then right):
                    ``card`` (a face) and ``where``: ``"table"``, ``"discarded"`` or the seat
                    that took it
unseen              faces of the parcels not dealt yet (sorted): what season 4 can still bring
discarded           faces of the parcels out of the game (untaken, or taken by the neutral)
seats               per seat: ``score``, ``cards`` (faces owned, sorted), ``tilted`` (cards
                    tilted this season per patron), ``personal_cubes``, ``general_cubes``,
                    ``passing_space`` (0: not passed; the order of passing), and with 2
                    players ``neutral_cubes`` (neutral cubes the player holds)
neutral             2 players: ``general_cubes`` and ``passing_space`` (its disc, always 2);
                    else null
decision            the pending decision (see ``decision`` above)
to_move             the seat deciding, null once the game is over
last_action         the lone player's last action of the season is under way
patron              the patron appealed to this turn, or null
excavation          while placing cubes: ``neutral``, ``cubes_left``, ``next_to_own`` (the
                    first cube goes next to one's own), ``last_cell`` (or null),
                    ``pyramid_allowed``; else null
survey              during the survey: ``area`` (0-5) and ``ranking`` (seats or ``"neutral"``,
                    best first); else null
exhibition          once the game is over, each player's final exhibition points; else null
=================== ===========================================================================

``state.render(player)`` draws this view (the region with each cube's owner, pyramids under
cubes included, the area being surveyed, parcels, unseen and discarded faces, the Museum, the
stocks, passing discs and the first-player marker); ``state.render()`` is the spectator's
picture, which also lists the undealt parcels in order (hidden information).

Component data and provenance
-----------------------------
``data/cards.json`` holds one record per parcel card: ``patron`` (or null), ``prestige``,
``pyramids`` (two rows of three, ``P`` = pyramid, as the parcel lies) and ``provenance``. The
real card faces are not public, so **every record is reconstructed**: 7 cards per patron with
prestige 0, 0, 0, 2, 2, 3, 3 and 0, 1, 1, 1, 1, 2, 2 pyramids (the richer parcels carry more
pyramids, so they are harder to dig), and the rulebook's no-patron 5-point card (its 5 prestige is
stated by the rulebook; its two pyramids are ours). Each record must fit
``data/cards.schema.json`` (JSON Schema): an integer ``id`` 0-35 that no other record has, a
``patron`` among the five (or null), prestige in {0, 2, 3, 5}, two rows of three ``.``/``P``, a
provenance of ``rulebook``, ``public`` (with a ``source``) or ``reconstructed``, an optional
``note``, no other field. Across records: 36 cards, ids 0-35, exactly one card without a patron
and it is worth 5. A file that breaks a rule raises ``DeckFileError`` naming the file, the record
(# and id) and the field. Pass ``deck=`` or replace the file to play with the real cards.

Saved states
------------
``state.to_dict()`` is ``{"game": "mykerinos", "config": ..., <field>: ...}`` with exactly the
fields declared in ``digsite.games.mykerinos.saved.FIELDS`` (the state holds the same fields;
``decision`` is saved by name; ``cells`` gives the owner of the cube on each of the 72 spaces,
or -1). ``game.state_from_dict(data)`` checks each field's type, length and range against that
declaration, rebuilds the region and the cube bitboards, then requires the position to keep the
rules (``state.check_invariants()``: cards and cubes conserved, scores as the cards and the
exhibition give them, the passing order, a pending decision with what it needs, the survey's
ranking as the cubes give it, ...) and to offer its mover a legal action; anything else raises
``CorruptStateError`` naming the field.

Decisions where the rules are silent
------------------------------------
* Region geometry (the figure is lost): parcels lie 3 spaces wide and 2 high, an area is two
  parcels side by side, two areas per line: a 12 x 4 grid (12 x 6 in season 4). Each parcel is
  turned by 0 or 180 degrees at random when laid ("parcels have no up and no down").
* The Museum's central room has no rule, so it is not modelled. The number of 2-rooms is a
  config option (ring by default).
* An excavation is laid in full: a first cube is offered only where the whole excavation (2 or
  3 chained cubes) fits, so a started action can always be finished.
* Lord Lemon: the pyramid is allowed, not required; at most one cube of the action goes on a
  pyramid (the rulebook's example). The player tilts Lord Lemon, then chooses A or B.
* With no cube in the personal stock, passing is the only action (as the rulebook says), even for
  a player holding Lady Violet.
* The last player left takes exactly one action (any, a patron included), then takes the next
  passing space.
* The 3rd and 4th "may" take a leftover parcel: they choose to take it or decline.
* Two players: a player may make one neutral action after each of their own non-pass actions.
  Neutral cubes are held per player and carry over like one's own; when the neutral stock runs
  low they are taken in turn order from the first player. A neutral ranked 3rd takes nothing.
* The first player and the patrons' wings are drawn at random at set-up (public).
* Cards of one face (the same patron and prestige, and the same pyramids up to a half turn; in
  the shipped deck, cards 26 and 27) cannot be told apart once laid, since "Parcels have no up
  and no down; they may be placed in either direction". Views name cards by face, and the
  observation gives such cards their places in a fixed order. A player remembers every parcel
  dealt and where it went: taken parcels lie "patron side up" in front of their owner, and the
  discarded ones were seen on the table before they were put "back into the box".
* Returns: +1 to each winner and -1 to each other player (a shared win among some players is a
  win for each), 0 for everybody when all share the win.
"""

from .actions import ACTIONS

__doc__ = ACTIONS.document(__doc__)

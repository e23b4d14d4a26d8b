"""Shards, a small card game of our own design for 2 to 4 players: an example of a digsite game
that lives in its own distribution and plugs in through the ``digsite.games`` entry point.

=================== ===================================================================
Install             ``pip install -e examples/shards`` (from a digsite checkout)
Create              ``digsite.make_env("shards", num_players=2)`` or
                    ``pettingzoo.make("aec", "digsite/shards-v1", num_players=2)``; one seat
                    against random players: ``gymnasium.make("digsite/Shards2p-v1")``
Agents              ``player_0`` .. ``player_{n-1}``
Actions             ``Discrete(50)``, masked
Observation         ``{"observation": Box(0, 1, (296,), float32), "action_mask": Box(0, 1,
                    (50,), int8)}``; the mask is non-zero only for the agent to move
Rewards             at the end only: +1 each winner, -1 each other player, 0 for all when
                    every player shares the win
Hidden information  the other players' hands (but for the cards taken from the find), the
                    deck
=================== ===================================================================

Rules
-----
24 shards: four sites (pottery, coins, tablets, bones), each with cards worth 1 to 6.  Each
player is dealt 3 cards, kept hidden; one card is turned face up as the *find*; the rest is the
deck.  A random player starts; turns go round.  A turn has two decisions:

1. *turn*: dig a card of one's hand into its site's trench, which takes only a card higher than
   the one on top (any card when the trench is empty), scoring its value; or discard a card
   face up onto the spoil heap, scoring nothing;
2. *refill*: take the find into one's hand (everyone sees which card it is, and a new find is
   turned up from the deck), or draw a card blind from the deck.

Every card drawn from the deck is drawn at random from the cards left.  The game ends when the
deck runs out; each player then shows their hand, whose values count against them.  Most points
wins; a tie shares the win.

Configuration
-------------
``num_players`` (2, 3 or 4; default 2); plus the env's ``render_mode`` (``"ansi"``,
``"human"``, ``"rgb_array"``) and ``max_cycles``.

Action table
------------
{action_table}

Observation layout
------------------
The observation encodes ``view(player)`` completely and nothing else.  Seats are relative (0 is
the observer).  ``card_place`` (24 x 11): each card unseen, in the hand of seat k (the
observer's own cards, or a card everyone saw seat k take from the find), dug by seat k, in the
spoil heap, or the find; ``known_to_all`` (24): the cards whose place everyone knows;
``deck_size``; ``decision`` (turn, refill, game over); ``to_move`` (the seat to move).

What a player knows
-------------------
The table (trenches, spoil heap, find, the size of the deck), its own hand, and the cards it saw
the others take from the find while they stay in their hands (perfect memory: a card seen going
into a hand is known until it leaves it).  ``resample_hidden`` deals the other cards again: the
deck and the unseen cards of the other hands.  Nothing of the components comes from a real
game: Shards is ours.
"""

from .actions import ACTIONS

__doc__ = ACTIONS.document(__doc__)

"""The Automa's turn: reveal its next card and do the line of the current year."""

from __future__ import annotations

from ...core.fields import replaced
from .actions import AUTOMA, COLLECTIONS, NUM_SPACES, piece
from .components import PORT, AutomaAction


def automa_place(s, loc: int, section: int) -> None:
    """An Automa pawn is an explorer like any other for learning from peers: players whose
    explorers are the highest there take the right bonus; the Automa itself gains nothing."""
    s._location_bonus(AUTOMA, loc, section)
    s.put("locations", replaced(s.locations, loc, (*s.locations[loc], piece(AUTOMA, section))))


def automa_turn(s) -> None:
    if not s.automa_deck:
        s.automa_deck = list(s.automa_played)
        s.put("automa_played", ())
        s._shuffle(s.automa_deck)
    card = s.automa_deck.pop()
    s.put("automa_played", s.automa_played + (card,))
    s.put("automa_last", card)
    s.put("automa_pawns", s.automa_pawns - 1)
    action, a1, a2 = s.game.automa_cards[card].years[min(s.year, 5) - 1]
    if action == AutomaAction.LOCATION:
        automa_place(s, a1, a2)
    elif action == AutomaAction.GALLERY:  # the first free space of collection III, the last of V
        spaces = range(NUM_SPACES)
        for order in (spaces[COLLECTIONS[2]], reversed(spaces[COLLECTIONS[4]])):
            for sp in order:
                if s.gallery[sp] < 0:
                    s.put("gallery", replaced(s.gallery, sp, AUTOMA))
                    break
    elif action in (AutomaAction.PROGRAM3, AutomaAction.DECK):  # a card out of the game
        c = s.program[2] if action == AutomaAction.PROGRAM3 else s._draw_card()
        if c >= 0:
            if action == AutomaAction.PROGRAM3:
                s.put("program", replaced(s.program, 2, -1))
                s._refill_program()
            s.put("exp_box", s.exp_box + (c,))
            automa_place(s, PORT, s.game.expeditions[c].expertise)
    elif action == AutomaAction.BLOOMSBURY:
        if s.stacks[a1]:
            s.bloom_removed.append(s.stacks[a1].pop())
    elif action == AutomaAction.ROYAL and s.rs_left[a1] < 0:
        s.put("rs_left", replaced(s.rs_left, a1, AUTOMA))

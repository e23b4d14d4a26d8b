"""Medieval Realms components: resources, colours, card types, the events deck and the board.

Three data files in ``data/``: ``card_types.json`` (the rulebook's card descriptions: colour,
acquisition kind, cost, immediate VP), ``deck.json`` (one record per event card: its type and
what that card shows, reconstructed) and ``board.json`` (Management squares, land rewards,
starting capital, minimum opening bid, reconstructed).  Every record carries its provenance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.data import DataFileError, read_records

RESOURCES = ("goods", "science", "culture", "religion", "gold", "raw", "battle")
GOODS, SCIENCE, CULTURE, RELIGION, GOLD, RAW, BATTLE = range(7)
NUM_RESOURCES = len(RESOURCES)
RESOURCE_TITLES = ("Goods", "Science", "Culture", "Religion", "Gold", "Raw Materials", "Battle")

COLOURS = ("orange", "red", "yellow", "green", "grey", "turquoise", "black", "violet", "white",
    "blue")  # fmt: skip
NUM_COLOURS = len(COLOURS)

LEADERS = ("mayor", "general", "admiral")
MAYOR, GENERAL, ADMIRAL = range(3)
COMBAT_GENERAL, COMBAT_ADMIRAL, COMBAT_BUFFER = 2, 1, 2
"""Combat values (rulebook): General 2, Admiral 1, a 2-player buffer Mayor 2."""
STARTING_LEADERS = {2: (6, 1, 1, 2), 3: (4, 1, 1, 0), 4: (4, 1, 1, 0), 5: (4, 1, 1, 0)}
"""(Mayors, Generals, Admirals, of the Mayors how many are 2-player buffers): rulebook."""

KINDS = ("hole", "majority", "auction")
HOLE, MAJORITY, AUCTION = range(3)

CARD_TYPES = ("castle", "market", "realm_leader", "city", "territory", "island", "war", "artist",
    "missionary", "scientist", "scientific_development", "art_gallery", "cathedral", "tithe",
    "inquisition", "gunpowder", "university", "docking_bay")  # fmt: skip
(CASTLE, MARKET, REALM_LEADER, CITY, TERRITORY, ISLAND, WAR, ARTIST, MISSIONARY, SCIENTIST,
 SCI_DEV, ART_GALLERY, CATHEDRAL, TITHE, INQUISITION, GUNPOWDER, UNIVERSITY,
 DOCKING_BAY) = range(len(CARD_TYPES))  # fmt: skip
NUM_TYPES = len(CARD_TYPES)

ISLAND_CONDITIONS = ("leaders", "colour", "resource", "islands")
"""Island end-of-game conditions: at least ``count`` leaders of a kind, cards of a colour in
the realm, tokens of a resource in the Manor, or Islands in the realm."""
IF_LEADERS, IF_COLOUR, IF_RESOURCE, IF_ISLANDS = range(len(ISLAND_CONDITIONS))
CONDITION_SUBJECTS = (("leader", LEADERS), ("colour", COLOURS), ("resource", RESOURCES))
"""What the first three conditions count: the key of the data record, and its names."""

NUM_SQUARES = len(RESOURCES) - 1
NUM_LANDS = 10
PANEL_SIZE, FUTURE_SIZE = 12, 6
HAND_LIMIT = 4
BID_STEPS = 10
"""Bid actions name the lowest legal bid + 0..9, or commit 10 more tokens and choose again
(so every bid up to what the bidder holds is reachable with a fixed action space)."""
TERRITORY_TOKENS = 5
"""Tokens a Territory gives (of its resource, or of one resource chosen): rulebook."""
TITHE_TOKENS = 4
"""Tokens of one chosen resource a Tithe gives: rulebook."""
EXTRA_GOODS = 2
"""Goods every player gets each round once the walls are down: rulebook."""
ISLAND_END_VP = 3
"""End-of-game VP of an Island whose condition holds: rulebook."""
GREAT_PERSON_BONUS = (0, 1, 3, 6, 10, 15)
"""End-of-game VP by number of Great Person cards (5 or more: 15), rulebook."""
PANEL_DISCARD = {2: 4, 3: 3, 4: 2, 5: 1}
"""Current Events squares discarded at the end of a round: rulebook for 2-4 players; its
5-player line is lost with the icons, and 6 - players (square 1) is our reading (see the
package documentation)."""


@dataclass(frozen=True)
class CardType:
    index: int
    title: str
    colour: int
    kind: int
    cost_resource: int  # -1 for Island (its cost is Admirals owned)
    cost: int | dict[int, int] | None  # None: the bid (auction cards); dict: War by players
    immediate_vp: int
    great_person: bool
    leader: int  # -1, or the leader a fixed-effect card gives


@dataclass(frozen=True)
class Card:
    id: int
    type: int
    resource: int  # City / Territory / Scientific Development; -1 otherwise
    colour: int  # City trigger colour / Great Person scoring colour; -1 otherwise
    leader: int  # Realm Leader and the +1-leader cards; -1 otherwise
    condition: tuple[int, int, int]  # Island: (condition kind, what, count); (-1, -1, 0)
    options: tuple[int, ...]  # Tithe: resources to choose from
    record: dict


@dataclass(frozen=True)
class Board:
    squares: tuple[int, ...]  # resource produced by Management square i
    lands: tuple[tuple[int, ...], ...]  # land i -> tokens per resource
    start: dict[int, tuple[int, ...]]  # starting resources by number of players
    min_bid: int


def _index(value: Any, names: tuple[str, ...], what: str, where: str) -> int:
    if value not in names:
        raise DataFileError(f"{where}: {what} {value!r} is not one of {', '.join(names)}")
    return names.index(value)


def load_card_types(source: Any = None) -> tuple[CardType, ...]:
    records, where = read_records(
        source, __package__, "card_types.json", "card_types", DataFileError, "card type"
    )
    found: dict[int, CardType] = {}
    for i, rec in enumerate(records):  # (each fits the schema: its names, one cost, no type twice)
        at = f"{where}, card type #{i}"
        t, kind = CARD_TYPES.index(rec["type"]), KINDS.index(rec["kind"])
        ((what, amount),) = rec["cost"].items()
        if t == ISLAND:
            if what != "admiral" or amount != "per_island":
                raise DataFileError(f"{at}: an Island costs {{'admiral': 'per_island'}}")
            cost_resource, cost_value = -1, None
        else:
            cost_resource = _index(what, RESOURCES, "cost resource", at)
            if kind == AUCTION:
                if amount != "bid":
                    raise DataFileError(f"{at}: an auction card costs {{resource: 'bid'}}")
                cost_value = None
            elif isinstance(amount, dict):  # (by player count: 2, 3, 4 and 5)
                cost_value = {int(k): v for k, v in amount.items()}
            else:
                cost_value = amount
        leader = rec.get("leader")
        found[t] = CardType(
            index=t,
            title=str(rec.get("title", CARD_TYPES[t])),
            colour=COLOURS.index(rec["colour"]),
            kind=kind,
            cost_resource=cost_resource,
            cost=cost_value,
            immediate_vp=rec.get("immediate_vp", 0),
            great_person=rec.get("great_person", False),
            leader=-1 if leader is None else LEADERS.index(leader),
        )
    if missing := [CARD_TYPES[t] for t in range(NUM_TYPES) if t not in found]:
        raise DataFileError(f"{where}: card type(s) {', '.join(missing)} are not described")
    for t in (INQUISITION, GUNPOWDER, UNIVERSITY, DOCKING_BAY):
        if found[t].leader < 0:
            raise DataFileError(f"{where}: {CARD_TYPES[t]} names the 'leader' it gives")
    return tuple(found[t] for t in range(NUM_TYPES))


def _parse_card(i: int, rec: Any, where: str) -> Card:
    at = f"{where}, card #{i}"
    t = CARD_TYPES.index(rec["type"])  # (a name of the schema's)
    resource = colour = leader = -1
    condition: tuple[int, int, int] = (-1, -1, 0)
    options: tuple[int, ...] = ()
    if t == TERRITORY and rec.get("resource") == "any":
        options = tuple(range(NUM_RESOURCES))  # "choose the tokens, all of one kind"
    elif t in (CITY, TERRITORY, SCI_DEV):
        resource = _index(rec.get("resource"), RESOURCES, "resource", at)
    if t in (CITY, ARTIST, MISSIONARY, SCIENTIST):
        colour = _index(rec.get("colour"), COLOURS, "colour", at)
    if t == REALM_LEADER:
        leader = _index(rec.get("leader"), LEADERS, "leader", at)
    if t == ISLAND:
        cond = rec.get("condition")
        if not isinstance(cond, dict):
            raise DataFileError(f"{at}: an Island has a 'condition' object")
        kind = _index(cond.get("kind"), ISLAND_CONDITIONS, "condition kind", at)
        what = -1
        if kind != IF_ISLANDS:
            key, names = CONDITION_SUBJECTS[kind]
            what = _index(cond.get(key), names, f"condition {key}", at)
        condition = (kind, what, cond["count"])
    if t == TITHE:
        opts = rec.get("options")
        if not isinstance(opts, list) or not opts:
            raise DataFileError(f"{at}: a Tithe lists its resource 'options'")
        options = tuple(_index(o, RESOURCES, "option", at) for o in opts)
    return Card(i, t, resource, colour, leader, condition, options, dict(rec))


def load_deck(source: Any = None) -> tuple[Card, ...]:
    records, where = read_records(source, __package__, "deck.json", "cards", DataFileError, "card")
    cards = tuple(_parse_card(i, rec, where) for i, rec in enumerate(records))
    for i, card in enumerate(cards):
        if card.record.get("id", i) != i:
            raise DataFileError(f"{where}: card #{i} has id {card.record.get('id')!r}; ids are 0..")
    if len(cards) < PANEL_SIZE + FUTURE_SIZE:
        raise DataFileError(
            f"{where}: the deck needs at least {PANEL_SIZE + FUTURE_SIZE} cards to set up the "
            f"Current and Future Events panels, not {len(cards)}"
        )
    return cards


def load_board(source: Any = None) -> Board:
    records, where = read_records(
        source, __package__, "board.json", "board", DataFileError, "board"
    )
    squares: dict[int, int] = {}
    lands: dict[int, tuple[int, ...]] = {}
    start: dict[int, tuple[int, ...]] = {}
    min_bid = None
    for i, rec in enumerate(records):
        at = f"{where}, record #{i}"
        component = rec.get("component")
        if component == "management_square":
            squares[rec["square"]] = RESOURCES.index(rec["resource"])
        elif component == "land":
            lands[rec["land"]] = _tokens(rec["reward"])
        elif component == "starting_resources":
            for count in rec.get("players", [2, 3, 4, 5]):
                if count in start:
                    raise DataFileError(f"{at}: two starting capitals for {count} players")
                start[count] = _tokens(rec["resources"])
        else:  # the minimum opening bid
            min_bid = rec["amount"]
    if sorted(squares) != list(range(1, NUM_SQUARES + 1)):
        raise DataFileError(f"{where}: Management squares are numbered 1..{NUM_SQUARES}")
    if sorted(set(squares.values())) != sorted(squares.values()):
        raise DataFileError(f"{where}: each Management square produces a different resource")
    if sorted(lands) != list(range(1, NUM_LANDS + 1)):
        raise DataFileError(f"{where}: lands are numbered 1..{NUM_LANDS}, each once")
    if sorted(start) != [2, 3, 4, 5] or min_bid is None:
        raise DataFileError(
            f"{where}: starting_resources (for each of 2-5 players) and minimum_opening_bid "
            "are required"
        )
    return Board(
        squares=tuple(squares[s] for s in range(1, NUM_SQUARES + 1)),
        lands=tuple(lands[land] for land in range(1, NUM_LANDS + 1)),
        start=start,
        min_bid=min_bid,
    )


def _tokens(counts: dict[str, int]) -> tuple[int, ...]:
    """Tokens per resource (the schema names only resources)."""
    return tuple(counts.get(name, 0) for name in RESOURCES)

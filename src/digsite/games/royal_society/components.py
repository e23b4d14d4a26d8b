"""Royal Society of Archeology components: names, and the data files with their checks.

Every component file is a list of records (or ``{key: [records]}``), one per component, each with
a ``provenance`` of ``rulebook``, ``public`` (with a ``source``) or ``reconstructed``.  The six
files whose real contents are not public (expeditions, patrons, collections, studies, Automa
cards, Society boards) can be replaced through the game's options of the same name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ...core.data import DataFileError, read_records, shipped

REGIONS = ("africa", "mediterranean", "asia", "south_america")
REGION_TITLES = ("Africa", "Mediterranean", "Asia", "South America")
RELIC_TYPES = ("instrument", "pottery", "scroll", "jewelry")
EXPEDITION_TYPES = ("excavation", "exploration", "anthropology", "cartography")
LOCATIONS = ("university", "museum", "city", "port")
LOCATION_TITLES = ("University of London", "Royal Museum", "The City", "Port of London")
UNIVERSITY, MUSEUM, CITY, PORT = range(4)
AFRICA, MEDITERRANEAN, ASIA, SOUTH_AMERICA = range(4)
NUM_RELIC_KINDS = 16
"""A relic kind is ``region * 4 + type``."""
NUM_EXPEDITIONS, NUM_PATRONS, NUM_STUDIES = 48, 16, 16
"""Expedition, Patron and Study cards (ids from 0)."""
GAIN_KEYS = ("prestige", "science", "knowledge", "knowledge_choice", "random_relics",
    "chosen_relics", "reputation", "money")  # fmt: skip
REWARD_KEYS = ("prestige", "science", "reputation", "money", "knowledge_choice", "reserve",
    "chosen_relic")  # fmt: skip


class ComponentDataError(DataFileError):
    """A component data file that breaks a rule of the game; the message names the record."""


def relic_name(kind: int) -> str:
    return f"{REGION_TITLES[kind // 4]} {RELIC_TYPES[kind % 4]}"


@dataclass(frozen=True)
class Expedition:
    id: int
    site: str
    region: int
    type: int
    myth: bool
    wonder: bool
    expertise: int
    knowledge: int
    cost: int
    condition_region: int  # -1: none
    condition_type: int  # -1: none
    gains: tuple[int, ...]  # GAIN_KEYS order
    simplified: bool


def relic_slice(region: int, typ: int) -> slice:
    """The relic kinds (``region * 4 + type``) of ``region`` and ``typ`` (-1: any) as a slice:
    whether one of them is held is then a slice of the relics held, cheaper than a look-up per
    kind."""
    start = 4 * max(region, 0) + max(typ, 0)
    stop = 4 * region + 4 if region >= 0 else NUM_RELIC_KINDS
    return slice(start, stop, 4 if typ >= 0 else 1)


def relic_kinds(region: int, typ: int) -> tuple[int, ...]:
    """The relic kinds of ``region`` and ``typ`` (-1: any)."""
    return tuple(range(NUM_RELIC_KINDS)[relic_slice(region, typ)])


@dataclass(frozen=True)
class Patron:
    id: int
    rate: int
    region: int  # -1 any
    type: int  # -1 any
    penalty: int


@dataclass(frozen=True)
class CollectionFace:
    size: int
    spaces: tuple[tuple[int, int], ...]  # (region or -1, type or -1)
    reward: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Study:
    id: int
    objectives: tuple[tuple[tuple[str, int], ...], ...]
    """Each symbol is ("region", r), ("type", t) or ("flag", 0 myth / 1 wonder / 2 level5)."""
    science: tuple[int, ...]


FLAGS = ("myth", "wonder", "level5")


@dataclass(frozen=True)
class AutomaCard:
    id: int
    favor: int  # 0-based favor space
    years: tuple[tuple, ...]  # per year: (action, arg1, arg2)


COLOURS = ("yellow", "blue", "red", "purple")
"""Society board colours, in the order of the board file (record ``2 * colour + side``)."""


def _fail(where: str, i: Any, msg: str) -> ComponentDataError:
    return ComponentDataError(f"{where}: record {i}: {msg}")


def _records(source, filename, key, what, count):
    """The records of a component file, each checked against ``data/<kind>.schema.json`` by
    ``read_records``; then what a schema cannot say: their count and that the ids run in order."""
    records, where = read_records(source, __package__, filename, key, ComponentDataError, what)
    if count is not None and len(records) != count:
        raise ComponentDataError(f"{where}: expected {count} {what} records, got {len(records)}")
    for i, rec in enumerate(records):
        if rec.get("id", i) != i:
            raise _fail(where, i, f"ids must run 0..{len(records) - 1} in order")
    return records, where


def _relic(spec: dict, types: tuple[str, ...] = RELIC_TYPES) -> tuple[int, int]:
    """(region, type) named in ``spec``, -1 for one it does not name: a relic's, or (``types``
    the expedition types) an Expedition card's or the condition of its bonus."""
    region = REGIONS.index(spec["region"]) if "region" in spec else -1
    typ = types.index(spec["type"]) if "type" in spec else -1
    return region, typ


def load_expeditions(source=None) -> tuple[Expedition, ...]:
    records, _ = _records(source, "expeditions.json", "expeditions", "expedition", NUM_EXPEDITIONS)
    return tuple(
        Expedition(
            i,
            r["site"],
            *_relic(r, EXPEDITION_TYPES),  # region and type (both required by the schema)
            r.get("myth", False),
            r.get("wonder", False),
            r["expertise"],
            r["knowledge"],
            r["cost"],
            *_relic(r.get("condition") or {}, EXPEDITION_TYPES),  # condition_region, _type
            tuple(r["gains"].get(k, 0) for k in GAIN_KEYS),
            r.get("simplified", False),
        )
        for i, r in enumerate(records)
    )


def load_patrons(source=None) -> tuple[Patron, ...]:
    records, _ = _records(source, "patrons.json", "patrons", "patron", NUM_PATRONS)
    return tuple(
        Patron(i, r["money_per_expertise"], *_relic(r["relic"]), r["penalty"])
        for i, r in enumerate(records)
    )


def load_collections(source=None) -> tuple[tuple[CollectionFace, CollectionFace], ...]:
    records, where = _records(source, "collections.json", "collections", "collection tile", 12)
    for i, r in enumerate(records):
        if any(len(face["spaces"]) != r["size"] for face in r["faces"]):
            raise _fail(where, i, f"['faces']: each face has {r['size']} spaces (the size)")
    if sorted(r["size"] for r in records) != [3] * 4 + [5] * 4 + [7] * 4:
        raise ComponentDataError(f"{where}: there are 4 tiles each of 3, 5 and 7 spaces")
    return tuple(
        tuple(  # its two faces (the schema's)
            CollectionFace(
                size=r["size"],
                spaces=tuple(_relic(x) for x in face["spaces"]),
                reward=tuple((k, face["reward"][k]) for k in REWARD_KEYS if k in face["reward"]),
            )
            for face in r["faces"]
        )
        for r in records
    )


_SYMBOLS = {"region": REGIONS, "type": EXPEDITION_TYPES, "flag": FLAGS}


def load_studies(source=None) -> tuple[Study, ...]:
    records, where = _records(source, "studies.json", "studies", "study card", NUM_STUDIES)
    out = []
    for i, r in enumerate(records):
        objs, sci = r["objectives"], r["science"]
        if len(sci) != len(objs):
            raise _fail(where, i, "['science']: the Science for 1, 2 (, 3) objectives met")
        parsed = tuple(
            tuple((k, _SYMBOLS[k].index(v)) for symbol in obj for k, v in symbol.items())
            for obj in objs
        )
        out.append(Study(id=i, objectives=parsed, science=tuple(sci)))
    return tuple(out)


AUTOMA_ACTIONS = ("location", "gallery", "program3", "deck", "bloomsbury", "royal")
"""The names of the Automa card lines in its data file."""
AutomaAction = IntEnum("AutomaAction", [name.upper() for name in AUTOMA_ACTIONS], start=0)
"""The line of an Automa card for the year."""
OBJECTIVE_GROUPS = "ABC"
"""The Royal Society objectives: one card of each group, presented as objective A, B or C."""
NUM_OBJECTIVES = len(OBJECTIVE_GROUPS)
BLOOMSBURY_STACKS = (10, 25)
"""The Prestige that opens each Bloomsbury stack."""


def load_automa(source=None) -> tuple[AutomaCard, ...]:
    records, where = _records(source, "automa.json", "automa", "Automa card", 9)
    out = []
    for i, r in enumerate(records):
        lines = []
        for line in r["years"]:
            act = AUTOMA_ACTIONS.index(line["action"])
            a1 = a2 = 0
            if act == AutomaAction.LOCATION:
                a1, a2 = LOCATIONS.index(line["location"]), line["section"]
            elif act == AutomaAction.BLOOMSBURY:
                a1 = BLOOMSBURY_STACKS.index(line["stack"])
            elif act == AutomaAction.ROYAL:
                a1 = OBJECTIVE_GROUPS.index(line["objective"])
            lines.append((act, a1, a2))
        out.append(AutomaCard(id=i, favor=r["favor"] - 1, years=tuple(lines)))
    return tuple(out)


def load_boards(source=None) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per board id (colour * 2 + side): 3 explorer skills, (0 logistics | 1 expertise, region)."""
    records, where = _records(source, "society_boards.json", "boards", "Society board side", 8)
    for i, r in enumerate(records):
        colour, side = COLOURS[i // 2], "AB"[i % 2]
        if (r["colour"], r["side"]) != (colour, side):
            raise _fail(
                where,
                i,
                f"['colour'], ['side']: record {i} is the {colour} board's side {side}, not "
                f"{r['colour']} {r['side']} (records go 2 * colour + side, colours {COLOURS})",
            )
    return tuple(
        tuple(
            (0, -1) if e["skill"] == "logistics" else (1, REGIONS.index(e["region"]))
            for e in r["explorers"]
        )
        for r in records
    )


@dataclass(frozen=True)
class RulebookData:
    """Components printed in the rulebook (fixed: not options)."""

    societies: tuple[dict, ...]
    requirements: tuple[dict, ...]
    objectives: tuple[dict, ...]
    bloomsbury: tuple[dict, ...]
    favors: tuple[dict, ...]
    program_reputation: tuple[int, ...]
    bags: tuple[int, ...]  # per relic kind
    titles: tuple[tuple[int, str], ...]


def load_rulebook_data() -> RulebookData:
    board = shipped(__package__, "board.json")
    return RulebookData(
        societies=tuple(shipped(__package__, "societies.json")["societies"]),
        requirements=tuple(shipped(__package__, "royal_requirements.json")["requirements"]),
        objectives=tuple(shipped(__package__, "royal_society.json")["objectives"]),
        bloomsbury=tuple(shipped(__package__, "bloomsbury.json")["tiles"]),
        favors=tuple(f["favor"] for f in board["favors"]),
        program_reputation=tuple(board["program_reputation"]),
        bags=tuple(int(board["relic_bags"][region][t]) for region in REGIONS for t in RELIC_TYPES),
        titles=tuple((int(a), str(b)) for a, b in board["titles"]),
    )


def solo_title(score: int, titles: tuple[tuple[int, str], ...]) -> str:
    """The last title whose lowest score ``score`` reaches (else the first)."""
    return next((title for low, title in reversed(titles) if score >= low), titles[0][1])

"""Royal Society of Archeology components: names, and the data files with their checks.

Every component file is a list of records (or ``{key: [records]}``), one per component, each with
a ``provenance`` of ``rulebook``, ``public`` (with a ``source``) or ``reconstructed``.  The six
files whose real contents are not public (expeditions, patrons, collections, studies, Automa
cards, Society boards) can be replaced through the game's options of the same name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ...core.data import DataFileError, read_records

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
PROVENANCES = ("rulebook", "public", "reconstructed")
GAIN_KEYS = (
    "prestige",
    "science",
    "knowledge",
    "knowledge_choice",
    "random_relics",
    "chosen_relics",
    "reputation",
    "money",
)
REWARD_KEYS = (
    "prestige",
    "science",
    "reputation",
    "money",
    "knowledge_choice",
    "reserve",
    "chosen_relic",
)


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


@dataclass(frozen=True)
class Patron:
    id: int
    rate: int
    region: int  # -1 any
    type: int  # -1 any
    penalty: int

    def accepts(self, kind: int) -> bool:
        return (self.region < 0 or kind // 4 == self.region) and (
            self.type < 0 or kind % 4 == self.type
        )


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


def _fail(where: str, i: Any, msg: str) -> ComponentDataError:
    return ComponentDataError(f"{where}: record {i}: {msg}")


def _check_provenance(rec: Any, where: str, i: int) -> None:
    if not isinstance(rec, dict):
        raise _fail(where, i, "each record must be an object")
    prov = rec.get("provenance")
    if prov not in PROVENANCES:
        raise _fail(where, i, f"provenance must be one of {PROVENANCES}, not {prov!r}")
    if prov == "public" and not isinstance(rec.get("source"), str):
        raise _fail(where, i, "a 'public' record needs a 'source'")


def _int_in(rec: dict, key: str, low: int, high: int, where: str, i: int) -> int:
    v = rec.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise _fail(where, i, f"{key!r} must be an int in {low}..{high}, not {v!r}")
    return v


def _name_in(value: Any, names: tuple[str, ...], what: str, where: str, i: int) -> int:
    if value not in names:
        raise _fail(where, i, f"{what} must be one of {names}, not {value!r}")
    return names.index(value)


def _records(source, filename, key, what, count):
    records, where = read_records(
        source, "digsite.games.royal_society", filename, key, ComponentDataError, what
    )
    if count is not None and len(records) != count:
        raise ComponentDataError(f"{where}: expected {count} {what} records, got {len(records)}")
    for i, rec in enumerate(records):
        _check_provenance(rec, where, i)
        if rec.get("id", i) != i:
            raise _fail(where, i, f"ids must run 0..{len(records) - 1} in order")
    return records, where


def load_expeditions(source=None) -> tuple[Expedition, ...]:
    records, where = _records(source, "expeditions.json", "expeditions", "expedition", 48)
    out = []
    for i, r in enumerate(records):
        cond = r.get("condition")
        cr = ct = -1
        if cond is not None:
            if not isinstance(cond, dict) or set(cond) - {"region", "type"} or not cond:
                raise _fail(where, i, "condition is null, {'region': ...} or {'type': ...}")
            if "region" in cond:
                cr = _name_in(cond["region"], REGIONS, "condition region", where, i)
            if "type" in cond:
                ct = _name_in(cond["type"], EXPEDITION_TYPES, "condition type", where, i)
        gains = r.get("gains")
        if not isinstance(gains, dict) or set(gains) - set(GAIN_KEYS):
            raise _fail(where, i, f"gains must be an object with keys among {GAIN_KEYS}")
        g = tuple(_int_in({k: gains.get(k, 0)}, k, 0, 30, where, i) for k in GAIN_KEYS)
        for flag in ("myth", "wonder", "simplified"):
            if not isinstance(r.get(flag, False), bool):
                raise _fail(where, i, f"{flag!r} must be true or false")
        if not isinstance(r.get("site"), str):
            raise _fail(where, i, "'site' must be a name")
        out.append(
            Expedition(
                id=i,
                site=r["site"],
                region=_name_in(r.get("region"), REGIONS, "region", where, i),
                type=_name_in(r.get("type"), EXPEDITION_TYPES, "type", where, i),
                myth=r.get("myth", False),
                wonder=r.get("wonder", False),
                expertise=_int_in(r, "expertise", 1, 6, where, i),
                knowledge=_int_in(r, "knowledge", 0, 12, where, i),
                cost=_int_in(r, "cost", 0, 60, where, i),
                condition_region=cr,
                condition_type=ct,
                gains=g,
                simplified=r.get("simplified", False),
            )
        )
    return tuple(out)


def _relic_spec(spec: Any, where: str, i: int) -> tuple[int, int]:
    if not isinstance(spec, dict) or not spec or set(spec) - {"region", "type"}:
        raise _fail(where, i, "a relic is {'region': ...}, {'type': ...} or both")
    region = _name_in(spec["region"], REGIONS, "region", where, i) if "region" in spec else -1
    typ = _name_in(spec["type"], RELIC_TYPES, "relic type", where, i) if "type" in spec else -1
    return region, typ


def load_patrons(source=None) -> tuple[Patron, ...]:
    records, where = _records(source, "patrons.json", "patrons", "patron", 16)
    out = []
    for i, r in enumerate(records):
        region, typ = _relic_spec(r.get("relic"), where, i)
        out.append(
            Patron(
                id=i,
                rate=_int_in(r, "money_per_expertise", 3, 5, where, i),
                region=region,
                type=typ,
                penalty=_int_in(r, "penalty", 3, 5, where, i),
            )
        )
    return tuple(out)


def _reward(spec: Any, where: str, i: int) -> tuple[tuple[str, int], ...]:
    if not isinstance(spec, dict) or not spec or set(spec) - set(REWARD_KEYS):
        raise _fail(where, i, f"a reward is an object with keys among {REWARD_KEYS}")
    return tuple((k, _int_in(spec, k, 1, 30, where, i)) for k in REWARD_KEYS if k in spec)


def load_collections(source=None) -> tuple[tuple[CollectionFace, CollectionFace], ...]:
    records, where = _records(source, "collections.json", "collections", "collection tile", 12)
    out = []
    sizes = []
    for i, r in enumerate(records):
        size = r.get("size")
        if size not in (3, 5, 7):
            raise _fail(where, i, f"size must be 3, 5 or 7, not {size!r}")
        sizes.append(size)
        faces = r.get("faces")
        if not isinstance(faces, list) or len(faces) != 2:
            raise _fail(where, i, "a collection tile has 2 faces")
        built = []
        for face in faces:
            spaces = face.get("spaces") if isinstance(face, dict) else None
            if not isinstance(spaces, list) or len(spaces) != size:
                raise _fail(where, i, f"each face has {size} spaces")
            built.append(
                CollectionFace(
                    size=size,
                    spaces=tuple(_relic_spec(s, where, i) for s in spaces),
                    reward=_reward(face.get("reward"), where, i),
                )
            )
        out.append((built[0], built[1]))
    if sorted(sizes) != [3] * 4 + [5] * 4 + [7] * 4:
        raise ComponentDataError(f"{where}: there are 4 tiles each of 3, 5 and 7 spaces")
    return tuple(out)


def load_studies(source=None) -> tuple[Study, ...]:
    records, where = _records(source, "studies.json", "studies", "study card", 16)
    out = []
    for i, r in enumerate(records):
        objs = r.get("objectives")
        sci = r.get("science")
        if not isinstance(objs, list) or len(objs) not in (2, 3):
            raise _fail(where, i, "a study card has 2 or 3 objectives")
        if not isinstance(sci, list) or len(sci) != len(objs):
            raise _fail(where, i, "'science' gives the Science for 1, 2 (, 3) objectives")
        parsed = []
        for obj in objs:
            if not isinstance(obj, list) or not obj:
                raise _fail(where, i, "an objective is a non-empty list of symbols")
            syms = []
            for s in obj:
                if not isinstance(s, dict) or len(s) != 1:
                    raise _fail(where, i, "a symbol is {'region'|'type'|'flag': name}")
                ((k, v),) = s.items()
                names = {"region": REGIONS, "type": EXPEDITION_TYPES, "flag": FLAGS}.get(k)
                if names is None:
                    raise _fail(where, i, f"unknown symbol kind {k!r}")
                syms.append((k, _name_in(v, names, k, where, i)))
            parsed.append(tuple(syms))
        out.append(
            Study(
                id=i,
                objectives=tuple(parsed),
                science=tuple(_int_in({"s": x}, "s", 0, 10, where, i) for x in sci),
            )
        )
    return tuple(out)


AUTOMA_ACTIONS = ("location", "gallery", "program3", "deck", "bloomsbury", "royal")


def load_automa(source=None) -> tuple[AutomaCard, ...]:
    records, where = _records(source, "automa.json", "automa", "Automa card", 9)
    out = []
    for i, r in enumerate(records):
        years = r.get("years")
        if not isinstance(years, list) or len(years) != 5:
            raise _fail(where, i, "an Automa card has one line for each of the 5 years")
        lines = []
        for line in years:
            if not isinstance(line, dict):
                raise _fail(where, i, "an Automa line is an object")
            act = _name_in(line.get("action"), AUTOMA_ACTIONS, "action", where, i)
            a1 = a2 = 0
            if act == 0:
                a1 = _name_in(line.get("location"), LOCATIONS, "location", where, i)
                a2 = _int_in(line, "section", 1, 6, where, i)
            elif act == 4:
                a1 = {10: 0, 25: 1}.get(line.get("stack"), -1)
                if a1 < 0:
                    raise _fail(where, i, "a Bloomsbury stack is 10 or 25")
            elif act == 5:
                a1 = _name_in(line.get("objective"), ("A", "B", "C"), "objective", where, i)
            lines.append((act, a1, a2))
        out.append(
            AutomaCard(id=i, favor=_int_in(r, "favor", 1, 6, where, i) - 1, years=tuple(lines))
        )
    return tuple(out)


def load_boards(source=None) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per board id (colour * 2 + side): 3 explorer skills, (0 logistics | 1 expertise, region)."""
    records, where = _records(source, "society_boards.json", "boards", "Society board side", 8)
    out = []
    for i, r in enumerate(records):
        ex = r.get("explorers")
        if not isinstance(ex, list) or len(ex) != 3:
            raise _fail(where, i, "a board side has 3 explorers")
        skills = []
        for e in ex:
            kind = e.get("skill") if isinstance(e, dict) else None
            if kind == "logistics":
                skills.append((0, -1))
            elif kind == "expertise":
                skills.append((1, _name_in(e.get("region"), REGIONS, "skill region", where, i)))
            else:
                raise _fail(where, i, "a skill is 'logistics' or 'expertise' (with a region)")
        out.append(tuple(skills))
    return tuple(out)


def _shipped(filename: str) -> Any:
    text = resources.files("digsite.games.royal_society").joinpath("data", filename)
    return json.loads(text.read_text(encoding="utf-8"))


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
    board = _shipped("board.json")
    bags = []
    for region in REGIONS:
        for t in RELIC_TYPES:
            bags.append(int(board["relic_bags"][region][t]))
    return RulebookData(
        societies=tuple(_shipped("societies.json")["societies"]),
        requirements=tuple(_shipped("royal_requirements.json")["requirements"]),
        objectives=tuple(_shipped("royal_society.json")["objectives"]),
        bloomsbury=tuple(_shipped("bloomsbury.json")["tiles"]),
        favors=tuple(f["favor"] for f in board["favors"]),
        program_reputation=tuple(board["program_reputation"]),
        bags=tuple(bags),
        titles=tuple((int(a), str(b)) for a, b in board["titles"]),
    )


def solo_title(score: int, titles: tuple[tuple[int, str], ...]) -> str:
    name = titles[0][1]
    for low, title in titles:
        if score >= low:
            name = title
    return name

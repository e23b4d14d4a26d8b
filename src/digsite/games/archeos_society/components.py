"""Archeos Society components: the cards, the twelve site sides, the score tables and the
scenarios, read from the data files with checks that name what is wrong.

A card is handled by its *kind*, ``role * 6 + colour`` (72 kinds): two cards of one kind are
identical in play, so hands, the recruitment area and the deck are counts or lists of kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.data import DataFileError, read_records

ROLES = (
    "botanist",
    "linguist",
    "physician",
    "pilot",
    "cartographer",
    "curator",
    "guide",
    "mercenary",
    "patron",
    "photographer",
    "professor",
    "student",
)
(
    BOTANIST,
    LINGUIST,
    PHYSICIAN,
    PILOT,
    CARTOGRAPHER,
    CURATOR,
    GUIDE,
    MERCENARY,
    PATRON,
    PHOTOGRAPHER,
    PROFESSOR,
    STUDENT,
) = range(12)
ROLE_TITLES = tuple(r.capitalize() for r in ROLES)
COLOURS = ("red", "green", "blue", "yellow", "pink", "purple")
CONTINENTS = ("North America", "South America", "Europe", "Africa", "Asia", "Oceania")
NUM_ROLES = 12
NUM_COLOURS = 6
NUM_KINDS = NUM_ROLES * NUM_COLOURS
MONKEY = NUM_KINDS
"""The kind number of a monkey card (only ever in the deck or revealed)."""
NUM_MONKEYS = 3
HAND_LIMIT = 10
ROLES_PER_GAME = 6
MAX_SPACES = 8
"""Longest site track a data file may give (the observation is sized for it)."""

SITE_RULES = ("plain", "chichen_itza", "rapa_nui", "ta_sekhet_maat", "tantallon", "uluru", "ur")
PROVENANCES = ("rulebook", "public", "reconstructed")


def kind_of(role: int, colour: int) -> int:
    return role * NUM_COLOURS + colour


def kind_name(kind: int) -> str:
    if kind == MONKEY:
        return "monkey"
    return f"{COLOURS[kind % NUM_COLOURS]} {ROLE_TITLES[kind // NUM_COLOURS]}"


class DataError(DataFileError):
    """A component data file (cards, sites, tables, scenarios) that breaks the game's rules."""


def _provenance(rec: dict, where: str) -> None:
    prov = rec.get("provenance")
    if prov not in PROVENANCES:
        raise DataError(f"{where}: provenance must be one of {PROVENANCES}, not {prov!r}")
    if prov == "public" and not rec.get("source"):
        raise DataError(f"{where}: a 'public' record needs a 'source'")


def _int_list(value: Any, where: str, length: int | None = None, low: int = -99) -> list[int]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length}"
        raise DataError(f"{where}: expected a list{size} of integers, got {value!r}")
    for x in value:
        if isinstance(x, bool) or not isinstance(x, int) or x < low:
            raise DataError(f"{where}: {x!r} is not an integer >= {low}")
    return list(value)


# -- cards -----------------------------------------------------------------------------------
def load_cards(source: Any = None) -> list[int]:
    """Cards per kind (72 counts) from a card file; checks the rulebook's deck constraints."""
    records, where = read_records(source, __package__, "cards.json", "cards", DataError, "card")
    counts = [0] * NUM_KINDS
    monkeys = 0
    ids = set()
    for i, rec in enumerate(records):
        at = f"{where}, card record {i}"
        if not isinstance(rec, dict):
            raise DataError(f"{at}: a card record is a dict, not {rec!r}")
        _provenance(rec, at)
        if rec.get("id") in ids or not isinstance(rec.get("id"), int):
            raise DataError(f"{at}: 'id' must be a unique integer, not {rec.get('id')!r}")
        ids.add(rec["id"])
        role = rec.get("role")
        if role == "monkey":
            monkeys += 1
            continue
        if role not in ROLES:
            raise DataError(f"{at}: role {role!r} is not one of {ROLES + ('monkey',)}")
        if rec.get("colour") not in COLOURS:
            raise DataError(f"{at}: colour {rec.get('colour')!r} is not one of {COLOURS}")
        counts[kind_of(ROLES.index(role), COLOURS.index(rec["colour"]))] += 1
    if monkeys != NUM_MONKEYS:
        raise DataError(f"{where}: the deck needs {NUM_MONKEYS} monkey cards, not {monkeys}")
    per_role = [sum(counts[r * NUM_COLOURS : (r + 1) * NUM_COLOURS]) for r in range(NUM_ROLES)]
    others = {per_role[r] for r in range(NUM_ROLES) if r != STUDENT}
    if len(others) != 1 or 0 in others or per_role[STUDENT] != 2 * per_role[BOTANIST]:
        raise DataError(
            f"{where}: every role needs the same number of cards and the Student twice as many "
            f"(the rulebook); got {dict(zip(ROLES, per_role, strict=True))}"
        )
    return counts


# -- sites -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Site:
    """One side of a site board: a track of spaces with points, and the threshold (minimum
    expedition size) to move from each space to the next."""

    id: str
    name: str
    colour: int
    advanced: bool
    rule: str
    points: tuple[int, ...]
    thresholds: tuple[int, ...]
    draws: tuple[int, ...] = ()  # Chichén Itzá: cards drawn after crossing threshold i
    big: tuple[int, ...] = ()  # Tantallon Castle: alone on the space
    small: tuple[int, ...] = ()  # Tantallon Castle: sharing the space
    max_size: tuple[int, ...] = ()  # Ur: largest end-of-season expedition from each space

    @property
    def last(self) -> int:
        return len(self.points) - 1


def load_sites(source: Any = None) -> list[list[Site]]:
    """``sites[colour][advanced]``: both sides of each colour's board."""
    records, where = read_records(source, __package__, "sites.json", "sites", DataError, "site")
    boards: list[list[Site | None]] = [[None, None] for _ in range(NUM_COLOURS)]
    for i, rec in enumerate(records):
        at = f"{where}, site record {i}"
        if not isinstance(rec, dict):
            raise DataError(f"{at}: a site record is a dict, not {rec!r}")
        _provenance(rec, at)
        if rec.get("colour") not in COLOURS or rec.get("side") not in ("compass", "advanced"):
            raise DataError(f"{at}: needs a colour in {COLOURS} and a side compass/advanced")
        if rec.get("rule") not in SITE_RULES:
            raise DataError(f"{at}: rule {rec.get('rule')!r} is not one of {SITE_RULES}")
        if not isinstance(rec.get("id"), str) or not isinstance(rec.get("name"), str):
            raise DataError(f"{at}: needs a string 'id' and 'name'")
        points = _int_list(rec.get("points"), f"{at} points")
        n = len(points)
        if not 2 <= n <= MAX_SPACES:
            raise DataError(f"{at}: a track has 2..{MAX_SPACES} spaces, not {n}")
        thresholds = _int_list(rec.get("thresholds"), f"{at} thresholds", n - 1, low=1)
        extra: dict[str, tuple[int, ...]] = {}
        rule = rec["rule"]
        if rule == "chichen_itza":
            extra["draws"] = tuple(_int_list(rec.get("draws"), f"{at} draws", n - 1, low=0))
        if rule == "tantallon":
            extra["big"] = tuple(_int_list(rec.get("big"), f"{at} big", n))
            extra["small"] = tuple(_int_list(rec.get("small"), f"{at} small", n))
        if rule == "ur":
            extra["max_size"] = tuple(_int_list(rec.get("max_size"), f"{at} max_size", n, low=0))
        colour = COLOURS.index(rec["colour"])
        advanced = rec["side"] == "advanced"
        if boards[colour][advanced] is not None:
            raise DataError(f"{at}: two {rec['side']} sides for the {rec['colour']} board")
        if not advanced and rule != "plain":
            raise DataError(f"{at}: a compass side has the plain rule")
        boards[colour][advanced] = Site(
            rec["id"],
            rec["name"],
            colour,
            advanced,
            rule,
            tuple(points),
            tuple(thresholds),
            **extra,
        )
    for c, pair in enumerate(boards):
        if None in pair:
            raise DataError(f"{where}: the {COLOURS[c]} board needs a compass and an advanced side")
    ids = [s.id for pair in boards for s in pair]
    if len(set(ids)) != len(ids):
        raise DataError(f"{where}: site ids must be unique")
    return boards  # type: ignore[return-value]


# -- tables ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tables:
    expedition_points: tuple[int, ...]  # by size 1.. (the last value for every larger size)
    curator: tuple[int, ...]  # by relics 0..6
    linguist_length: int
    linguist_artifacts: tuple[int, ...]
    professor_tokens: tuple[int, ...]

    def expedition_value(self, size: int) -> int:
        if size <= 0:
            return 0
        table = self.expedition_points
        return table[min(size, len(table)) - 1]


def load_tables(source: Any = None) -> Tables:
    records, where = read_records(source, __package__, "tables.json", "tables", DataError, "table")
    by_id = {}
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
            raise DataError(f"{where}, table record {i}: a dict with a string 'id'")
        _provenance(rec, f"{where}, table {rec['id']}")
        by_id[rec["id"]] = rec
    needed = ("expedition_points", "curator_museum", "linguist_track", "professor_tokens")
    missing = [k for k in needed if k not in by_id]
    if missing:
        raise DataError(f"{where}: missing table(s) {missing}")
    points = _int_list(by_id["expedition_points"].get("values"), f"{where} expedition_points")
    if not points:
        raise DataError(f"{where}: expedition_points needs at least one value")
    curator = _int_list(by_id["curator_museum"].get("values"), f"{where} curator_museum", 7)
    track = by_id["linguist_track"]
    length = track.get("length")
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= 60:
        raise DataError(f"{where}: linguist_track length must be an integer 1..60")
    artifacts = _int_list(track.get("artifacts"), f"{where} linguist_track artifacts", low=1)
    if any(a > length for a in artifacts) or sorted(set(artifacts)) != artifacts:
        raise DataError(f"{where}: linguist artifacts must be increasing spaces 1..{length}")
    tokens = _int_list(by_id["professor_tokens"].get("values"), f"{where} professor_tokens", 6)
    if sorted(tokens) != [1, 2, 3, 4, 5, 6]:
        raise DataError(f"{where}: the six Professor tokens are numbered 1 to 6")
    return Tables(tuple(points), tuple(curator), length, tuple(artifacts), tuple(tokens))


# -- scenarios -------------------------------------------------------------------------------
def load_scenarios(source: Any, boards: list[list[Site]]) -> dict[str, tuple[list[int], int]]:
    """``{name: (roles, colour of the advanced board)}``."""
    records, where = read_records(
        source, __package__, "scenarios.json", "scenarios", DataError, "scenario"
    )
    advanced = {boards[c][1].id: c for c in range(NUM_COLOURS)}
    out = {}
    for i, rec in enumerate(records):
        at = f"{where}, scenario record {i}"
        if not isinstance(rec, dict) or not isinstance(rec.get("id"), str):
            raise DataError(f"{at}: a dict with a string 'id'")
        _provenance(rec, at)
        roles = rec.get("roles")
        if (
            not isinstance(roles, list)
            or len(roles) != ROLES_PER_GAME
            or len(set(roles)) != ROLES_PER_GAME
            or any(r not in ROLES for r in roles)
        ):
            raise DataError(f"{at}: 'roles' must list {ROLES_PER_GAME} different roles of {ROLES}")
        if rec.get("advanced_site") not in advanced:
            raise DataError(f"{at}: advanced_site must be one of {sorted(advanced)}")
        out[rec["id"]] = (sorted(ROLES.index(r) for r in roles), advanced[rec["advanced_site"]])
    return out

"""Archeos Society components: the cards, the twelve site sides, the score tables, the scenarios.

A card is handled by its *kind*, ``role * 6 + colour`` (72 kinds): two cards of one kind are
identical in play, so hands, the recruitment area and the deck are counts or lists of kinds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.data import DataFileError, read_records

ROLES = ("botanist", "linguist", "physician", "pilot", "cartographer", "curator", "guide",
    "mercenary", "patron", "photographer", "professor", "student")  # fmt: skip
(BOTANIST, LINGUIST, PHYSICIAN, PILOT, CARTOGRAPHER, CURATOR, GUIDE, MERCENARY, PATRON,
 PHOTOGRAPHER, PROFESSOR, STUDENT) = range(12)  # fmt: skip
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
PROFESSOR_TOKENS = 6
"""Professor tokens, numbered 1 to 6."""
ROLES_PER_GAME = 6
MAX_SPACES = 8
"""Longest site track a data file may give (the observation is sized for it)."""

SITE_RULES = ("plain", "chichen_itza", "rapa_nui", "ta_sekhet_maat", "tantallon", "uluru", "ur")
LEDGER = ("botanist", "linguist", "sites", "expeditions", "rapa_nui", "uluru", "curator")
"""Where points come from (kept per player so the invariants can check the score)."""
L_BOTANIST, L_LINGUIST, L_SITES, L_EXPEDITIONS, L_RAPA_NUI, L_ULURU, L_CURATOR = range(len(LEDGER))
RULE_VALUES = ("draws", "big", "small", "max_size")
"""Values per space that some site rules need (``sites.schema.json`` says which)."""
TABLES = ("expedition_points", "curator_museum", "linguist_track", "professor_tokens")
"""The records of tables.json, one each."""


def kind_of(role: int, colour: int) -> int:
    return role * NUM_COLOURS + colour


def kind_name(kind: int) -> str:
    if kind == MONKEY:
        return "monkey"
    return f"{COLOURS[kind % NUM_COLOURS]} {ROLE_TITLES[kind // NUM_COLOURS]}"


class DataError(DataFileError):
    """A component data file (cards, sites, tables, scenarios) that breaks the game's rules."""


# -- cards -----------------------------------------------------------------------------------
def load_cards(source: Any = None) -> list[int]:
    """Cards per kind (72 counts) from a card file; checks the rulebook's deck constraints."""
    records, where = read_records(source, __package__, "cards.json", "cards", DataError, "card")
    cards = [rec for rec in records if rec["role"] != "monkey"]
    monkeys = len(records) - len(cards)
    counts = [0] * NUM_KINDS
    for rec in cards:
        counts[kind_of(ROLES.index(rec["role"]), COLOURS.index(rec["colour"]))] += 1
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
        at = f"{where}, site #{i} (id {rec['id']!r})"
        n = len(rec["points"])
        lengths = {"thresholds": n - 1, "draws": n - 1, "big": n, "small": n, "max_size": n}
        for key, length in lengths.items():
            if key in rec and len(rec[key]) != length:
                raise DataError(f"{at}: {key} needs {length} values for {n} spaces")
        values = {key: tuple(rec[key]) for key in ("points", *lengths) if key in rec}
        colour = COLOURS.index(rec["colour"])
        advanced = rec["side"] == "advanced"
        if boards[colour][advanced] is not None:
            raise DataError(f"{at}: two {rec['side']} sides for the {rec['colour']} board")
        boards[colour][advanced] = Site(
            rec["id"], rec["name"], colour, advanced, rec["rule"], **values
        )
    for c, pair in enumerate(boards):
        if None in pair:
            raise DataError(f"{where}: the {COLOURS[c]} board needs a compass and an advanced side")
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
    by_id = {rec["id"]: rec for rec in records}
    if missing := [k for k in TABLES if k not in by_id]:
        raise DataError(f"{where}: missing table(s) {missing}")
    points = by_id["expedition_points"]["values"]
    curator = by_id["curator_museum"]["values"]
    track = by_id["linguist_track"]
    length, artifacts = track["length"], track["artifacts"]
    if any(a > length for a in artifacts) or sorted(set(artifacts)) != artifacts:
        raise DataError(f"{where}: linguist artifacts must be increasing spaces 1..{length}")
    tokens = by_id["professor_tokens"]["values"]
    if sorted(tokens) != list(range(1, PROFESSOR_TOKENS + 1)):
        raise DataError(f"{where}: the six Professor tokens are numbered 1 to {PROFESSOR_TOKENS}")
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
        if rec["advanced_site"] not in advanced:
            raise DataError(
                f"{where}, scenario #{i} (id {rec['id']!r}): advanced_site "
                f"{rec['advanced_site']!r} is not one of {sorted(advanced)}"
            )
        roles = sorted(ROLES.index(r) for r in rec["roles"])
        out[rec["id"]] = (roles, advanced[rec["advanced_site"]])
    return out

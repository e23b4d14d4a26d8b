"""Reading component data files and checking the outline of saved states, for every game."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from .engine import CorruptStateError


def read_records(
    source: Any, package: str, filename: str, key: str, error: type[ValueError], what: str
) -> tuple[list, str]:
    """The list of records of a component data file, and where it came from (for messages).

    ``source`` is ``None`` (the file shipped in ``package``'s ``data`` folder), a path to a JSON
    file, a list of records or ``{key: [records]}``.  Errors raise ``error`` naming the source.
    """
    where = f"the list of {what} records"
    if source is None:
        text = resources.files(package).joinpath("data", filename)
        data = json.loads(text.read_text(encoding="utf-8"))
        where = f"the shipped {filename}"
    elif isinstance(source, (str, Path)):
        where = str(source)
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as err:
            raise error(f"cannot read {what} file {where}: {err}") from None
    else:
        data = source
    records = data.get(key) if isinstance(data, dict) else data
    if not isinstance(records, list):
        raise error(f"{where}: expected a list of {what} records or {{{key!r}: [...]}}")
    return records, where


def check_saved_outline(data: Any, fields: Sequence[str], game: str) -> None:
    """A saved state is a dict with exactly ``fields`` and the right game name."""
    if not isinstance(data, Mapping):
        raise CorruptStateError(f"a saved {game} state is a dict (the output of to_dict)")
    missing = [k for k in fields if k not in data]
    if missing:
        raise CorruptStateError(f"saved {game} state lacks field(s) {missing}")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise CorruptStateError(f"saved {game} state has unknown field(s) {unknown}")
    if data["game"] != game:
        raise CorruptStateError(f"the saved state is for game {data['game']!r}, not {game!r}")

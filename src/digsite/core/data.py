"""Reading component data files, for every game.

Each data file ``data/<kind>.json`` may have a JSON Schema beside it, ``data/<kind>.schema.json``,
describing one record: its fields, their types, ranges and allowed values.  Every record read
from that file kind (the shipped file, a replacement file or records passed in directly) is
checked against it; the schema's ``"uniqueKeys"`` (a digsite keyword) names the fields no two
records may share, and its ``"maxRecords"`` (another) how many records a file may hold.  Every
number that sizes an array, an observation piece or a loop has a ``maximum`` in its schema, so
that a hostile file is refused before anything is allocated (DESIGN.md, "Untrusted files");
a data file a user names is read by :func:`digsite.core.files.read_json`.  The game's loader
then checks what a schema cannot say (cross-record rules) and builds its components.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from .errors import ConfigError
from .files import DATA_LIMIT, read_json


class DataFileError(ConfigError):
    """A component data file (or list of records) that is not valid; the message names the
    file, the record and the field.  A data file is an option of its game, hence a
    :class:`ConfigError`; each game's data error derives from this one."""


Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, x: isinstance(x, int) and not isinstance(x, bool)
    ),
)
"""The validator of every schema of the package (saved states and component records): JSON
Schema draft 2020-12 with Python's own ints only, no bools, and no floats such as ``2.0`` (which
the standard counts as integers but a list index refuses)."""


def read_records(
    source: Any, package: str, filename: str, key: str, error: type[ValueError], what: str
) -> tuple[list, str]:
    """The list of records of a component data file, and where it came from (for messages).

    ``source`` is ``None`` (the file shipped in ``package``'s ``data`` folder), a path to a JSON
    file, a list of records or ``{key: [records]}``.  Errors raise ``error`` naming the source.
    """
    data, where = source, f"the list of {what} records"
    if source is None:
        data, where = shipped(package, filename), f"the shipped {filename}"
    elif isinstance(source, (str, Path)):
        where = str(source) if str(source).isprintable() else repr(str(source))  # one line
        data = read_json(source, f"{what} file", DATA_LIMIT, error)
    records = data.get(key) if isinstance(data, dict) else data
    if not isinstance(records, list):
        raise error(f"{where}: expected a list of {what} records or {{{key!r}: [...]}}")
    checked = _schema(package, filename.removesuffix(".json") + ".schema.json")
    if checked is None:
        return records, where
    validator, schema = checked
    most = schema.get("maxRecords")
    if most is not None and len(records) > most:
        raise error(f"{where}: {len(records)} {what} records; a game has at most {most}")
    seen: dict[tuple[str, str], int] = {}  # each record fits the schema, no two share a unique key
    for i, record in enumerate(records):
        name = f"{where}, {what} #{i}"
        if isinstance(record, dict) and "id" in record:
            name += f" (id {record['id']!r})"
        problem = min(validator.iter_errors(record), key=_deepest_first, default=None)
        if problem is not None:
            field = "".join(f"[{p!r}]" for p in problem.absolute_path) or "the record"
            raise error(f"{name}: {field}: {schema_message(problem)}")
        for unique in schema.get("uniqueKeys", ()):
            value = json.dumps(record.get(unique), sort_keys=True)
            first = seen.setdefault((unique, value), i)
            if first != i:
                raise error(
                    f"{name}: {unique} {record[unique]!r} is already the {unique} of "
                    f"{what} #{first}; each {what} has its own"
                )
    return records, where


def shipped(package: str, filename: str) -> Any:
    """The contents of the JSON file ``filename`` in ``package``'s ``data`` folder."""
    return json.loads(resources.files(package).joinpath("data", filename).read_text("utf-8"))


@cache
def _schema(package: str, filename: str) -> tuple[Any, dict] | None:
    """The validator and schema of the record schema file ``filename`` in ``package``'s ``data``
    folder, read once; None if there is none."""
    path = resources.files(package).joinpath("data", filename)
    if not path.is_file():
        return None
    schema = json.loads(path.read_text(encoding="utf-8"))
    Validator.check_schema(schema)
    return Validator(schema), schema


def _deepest_first(error: jsonschema.ValidationError) -> tuple:
    return (-len(error.absolute_path), str(list(error.absolute_path)))


MAX_MESSAGE = 200
"""Characters of a schema message kept: it may quote a whole value of the file."""
MAX_QUOTE = 40
"""Characters of a long value kept where a message starts with it."""


def schema_message(error: jsonschema.ValidationError) -> str:
    """A schema error's message, short: a long value it quotes is cut."""
    if error.validator == "enum":
        message = f"{error.instance!r} is not one of {error.validator_value}"
    elif error.validator == "type" and isinstance(error.instance, (bool, str, int, float)):
        message = f"{error.instance!r} is not of type {error.validator_value!r}"
    elif error.validator == "anyOf" and len(near := _near_misses(error)) == 1:
        message = schema_message(near[0])
    elif error.validator == "maxItems":
        message = f"{len(error.instance)} items, more than the {error.validator_value} allowed"
    else:
        message = error.message
    shown = repr(error.instance)
    if len(shown) > MAX_QUOTE and message.startswith(shown):  # a long value: its start
        message = shown[:MAX_QUOTE] + "..." + message[len(shown) :]
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE] + "..."


def _near_misses(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """The errors of the ``anyOf`` branches whose kind of value fits (a number over its
    maximum, say): the one that says what is wrong."""
    return [e for e in error.context or () if e.validator not in ("type", "enum", "const")]

"""Reading a file a user was given: a game record, a component data file, a run.json, a model.

Such a file is untrusted (DESIGN.md, "Untrusted files").  :func:`read_bytes` is the one way the
package reads one: only a regular file (a device such as ``/dev/zero`` would never end, a FIFO
or ``/dev/stdin`` would block for ever), at most a stated number of bytes, or
:class:`FileRefused` saying why.  :func:`read_json` reads it as strict UTF-8 JSON with bounded
numbers and nesting, and answers anything else with one error of the caller's type that names
the file and what is wrong.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import stat
from pathlib import Path
from typing import Any

RECORD_LIMIT = 16 * 2**20
"""Bytes of a game record file: the longest game (30,000 steps of Archeos Society at about
100 bytes a step) is 3 MB, and a record may carry its game's data files inline."""
DATA_LIMIT = 2**20
"""Bytes of a component data file: the largest shipped one (Archeos Society's cards) is 62 KB."""
RUN_LIMIT = 2**20
"""Bytes of a training run's run.json: a few KB of options."""
MAX_DEPTH = 64
"""Nesting of JSON arrays and objects: the data files nest 7 deep (9 inline in a record); deeper
nesting would only make the code that walks the data (validation, copies) run out of stack."""
MAX_INT_DIGITS = 40
"""Digits of a JSON integer: every bound of the package (a seed below 2**63) has 19 at most;
a longer one would only cost time to convert (Python refuses more than 4,300 anyway)."""

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # opening a FIFO must not wait for a writer
    | getattr(os, "O_NOCTTY", 0)  # a terminal never becomes ours
    | getattr(os, "O_CLOEXEC", 0)
)
_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)
_CHUNK = 2**16


class FileRefused(ValueError):
    """Why a file is refused (the reason alone; callers name the file)."""


def read_json(path: str | Path, what: str, limit: int, error: type[Exception]) -> Any:
    """The JSON value in the file ``path``; raise ``error("cannot read {what} {path}: why")``
    unless it is a regular file of at most ``limit`` bytes of UTF-8 JSON, integers of at most
    :data:`MAX_INT_DIGITS` digits and nesting at most :data:`MAX_DEPTH` deep."""
    try:
        return _parse(read_bytes(path, limit))
    except FileRefused as why:
        shown = str(path) if str(path).isprintable() else repr(str(path))  # one line
        raise error(f"cannot read {what} {shown}: {why}") from None


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``, or :class:`FileRefused`
    (checked before opening, so that opening a device has no effect, and again on the open
    file, which is the one read)."""
    try:
        _check_kind(os.stat(path).st_mode)
        fd = os.open(path, _OPEN_FLAGS)
    except (OSError, ValueError) as err:  # ValueError: a NUL in the path
        raise FileRefused(getattr(err, "strerror", None) or str(err)) from None
    try:
        info = os.fstat(fd)
        _check_kind(info.st_mode)
        if info.st_size > limit:
            raise FileRefused(f"it is {info.st_size} bytes, more than the {limit} allowed")
        chunks: list[bytes] = []
        size = 0
        # the file may grow after fstat: never read past limit + 1
        while size <= limit and (chunk := os.read(fd, min(_CHUNK, limit + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise FileRefused(err.strerror or str(err)) from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileRefused(f"it is more than the {limit} bytes allowed")
    return b"".join(chunks)


def _check_kind(mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a file")
        raise FileRefused(f"it is {kind}, not a regular file")


def _parse(data: bytes) -> Any:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in data:
        raise FileRefused("it is not UTF-8 text (UTF-16, or binary data); save it as UTF-8 JSON")
    data = data.removeprefix(codecs.BOM_UTF8)  # which some editors write: no harm
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileRefused(
            f"it is not UTF-8 text (byte 0x{data[err.start]:02x} at offset {err.start})"
        ) from None
    return parse_json(text)


def parse_json(text: str) -> Any:
    """The JSON value of an untrusted ``text``, with bounded integers and nesting, or
    :class:`FileRefused` saying why."""
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise FileRefused("it is not JSON: arrays or objects nested too deep") from None
    except ValueError as err:  # not JSON, a NaN, or an integer too long
        raise FileRefused(f"it is not JSON: {err}") from None
    if _depth(value) > MAX_DEPTH:
        raise FileRefused(f"arrays or objects are nested more than {MAX_DEPTH} deep")
    return value


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is beyond the range of a number")
    return value


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def _depth(value: Any) -> int:
    """How deep arrays and objects nest in ``value`` (without recursion: any depth the parser
    accepted)."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:
            todo.extend((child, depth + 1) for child in item)
    return deepest

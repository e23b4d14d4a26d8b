"""Result tables as text, Markdown and CSV (pandas; Markdown through tabulate), and the files an
evaluation or league writes: ``STEM.json`` (everything), ``STEM.md``, ``STEM.csv`` and the
picture ``STEM.png``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..commandline import extra_missing

try:
    import pandas as pd
except ImportError as err:
    raise extra_missing("evaluation", err) from err


def frame(rows: Sequence[dict[str, Any]]) -> pd.DataFrame:
    return pd.DataFrame(list(rows))


def text(table: pd.DataFrame) -> str:
    """The table as the terminal shows it."""
    return table.to_string(index=False)


def markdown(table: pd.DataFrame) -> str:
    """The table in Markdown, numbers as formatted, the first column left-aligned."""
    right = ("right",) * (len(table.columns) - 1)
    return table.to_markdown(index=False, disable_numparse=True, colalign=("left", *right))


def write(stem: Path, record: dict[str, Any], sections: Sequence[tuple[str, pd.DataFrame]]) -> None:
    """``stem.json`` (``record``), ``stem.md`` (every section: a title, then its table) and
    ``stem.csv`` (the first section's table); other sections' CSVs are ``stem-<n>.csv``."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".json").write_text(json.dumps(record, indent=2) + "\n")
    stem.with_suffix(".md").write_text(
        "\n\n".join(f"{title}\n\n{markdown(table)}" for title, table in sections) + "\n"
    )
    for number, (_, table) in enumerate(sections):
        suffix = "" if number == 0 else f"-{number + 1}"
        table.to_csv(stem.parent / f"{stem.name}{suffix}.csv", index=False)

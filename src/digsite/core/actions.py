"""A game's action ids, declared once as named ranges.

Each game's ``actions.py`` lists its ranges in id order (name, size, meaning)::

    ACTIONS = ActionTable(
        ("cell", NUM_CELLS, "a region space, ``row * 12 + col``"),
        ("pass", 1, "C: pass"),
    )
    CELL0, PASS = ACTIONS.starts

and everything else follows from that one list: the ids (``starts``, ``size``), the text of any
action (:meth:`ActionTable.describer` joins one text function per range, checked complete), and
the action table of the game's documentation page (:meth:`ActionTable.document`), so the page
can never disagree with the code.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

ActionText = Callable[[Any, int], str]
"""The text of one action of a range: ``(state, offset in the range) -> str``."""

TABLE_MARK = "{action_table}"
"""Where a documentation page has its generated action table."""

_ID_WIDTH, _MEANING_WIDTH = 8, 86


@dataclass(frozen=True)
class ActionRange:
    """``size`` consecutive action ids from ``start``, all of one kind."""

    name: str
    start: int
    size: int
    meaning: str


class ActionTable:
    """The named ranges of a game's actions, in id order (see the module docstring)."""

    def __init__(self, *ranges: tuple[str, int, str]):
        self.ranges: tuple[ActionRange, ...] = ()
        start = 0
        for name, size, meaning in ranges:
            if size < 1:
                raise ValueError(f"action range {name!r} has size {size}; a range has 1 or more")
            self.ranges += (ActionRange(name, start, size, " ".join(meaning.split())),)
            start += size
        self.size = start
        """The number of actions (``Discrete(size)``)."""
        self.starts = tuple(r.start for r in self.ranges)
        """The first id of each range, in declaration order (to unpack into named constants)."""
        self._names = {r.name for r in self.ranges}
        if len(self._names) != len(self.ranges):
            raise ValueError("two action ranges share a name")

    def describer(self, texts: Mapping[str, ActionText]) -> Callable[[Any, int], str]:
        """``action_to_string(state, action)`` from one text function per range (all of them:
        a range without a text raises here, at import, not in play)."""
        missing = [r.name for r in self.ranges if r.name not in texts]
        extra = sorted(set(texts) - self._names)
        if missing or extra:
            raise ValueError(f"action texts: missing for {missing}, for no range: {extra}")
        by_action = tuple((texts[r.name], r.start) for r in self.ranges for _ in range(r.size))
        size = self.size

        def action_to_string(state: Any, action: int) -> str:
            if not 0 <= action < size:
                return f"<out of range {action}>"
            text, start = by_action[action]
            return text(state, action - start)

        action_to_string.table = self  # type: ignore[attr-defined]  (what it describes)
        return action_to_string

    @staticmethod
    def seen_by(
        describe: Callable[[Any, int], str], secret: Mapping[int, ActionText]
    ) -> Callable[[Any, int, int], str]:
        """``action_seen_by(state, action, player)``: how ``player`` sees ``action`` played now.
        The mover, and everybody for a public move, read ``describe``; at the decisions of
        ``secret`` (a leader placed behind a wall, a card kept from a hidden draw) the other
        players read what was public about the move, ``secret[decision](state, action)``."""

        def action_seen_by(state: Any, action: int, player: int) -> str:
            text = secret.get(state.decision)
            if text is None or player == state.current_player():
                return describe(state, action)
            return text(state, action)

        return action_seen_by

    def rst(self) -> str:
        """The action table as a reStructuredText table (ids, meaning)."""
        rule = f"{'=' * _ID_WIDTH} {'=' * _MEANING_WIDTH}"
        lines = [rule, f"{'id':<{_ID_WIDTH}} meaning", rule]
        for r in self.ranges:
            ids = str(r.start) if r.size == 1 else f"{r.start}-{r.start + r.size - 1}"
            wrapped = textwrap.wrap(r.meaning, _MEANING_WIDTH) or [""]
            lines += (f"{'' if i else ids:<{_ID_WIDTH}} {line}" for i, line in enumerate(wrapped))
        return "\n".join([*lines, rule])

    def document(self, page: str) -> str:
        """``page`` (a game's documentation) with its :data:`TABLE_MARK` replaced by the table."""
        if page.count(TABLE_MARK) != 1:
            raise ValueError(f"a documentation page holds {TABLE_MARK} once")
        return page.replace(TABLE_MARK, self.rst())

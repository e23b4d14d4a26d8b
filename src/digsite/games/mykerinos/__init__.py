"""Mykerinos (Ystari, 2006). Documentation page: filled in below."""

from .rules import MykerinosGame, MykerinosState

__all__ = ["MykerinosGame", "MykerinosState"]

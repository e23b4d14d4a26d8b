"""Archeos Society (Paolo Mori, Space Cowboys, 2023), for 2 to 6 players (documentation below)."""

from .rules import ArcheosSocietyGame, ArcheosSocietyState

__all__ = ["ArcheosSocietyGame", "ArcheosSocietyState"]

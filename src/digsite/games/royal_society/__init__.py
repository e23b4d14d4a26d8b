"""The Royal Society of Archeology (Eric Jumel; Atalia / Capstone, 2025), for 1-4 players."""

from .rules import RoyalSocietyGame, RoyalSocietyState

__all__ = ["RoyalSocietyGame", "RoyalSocietyState"]

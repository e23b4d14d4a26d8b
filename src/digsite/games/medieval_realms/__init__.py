"""Medieval Realms (Lost Games, 2019), for 2 to 5 players.  (Documentation page: see below.)"""

from .rules import MedievalRealmsGame, MedievalRealmsState

__all__ = ["MedievalRealmsGame", "MedievalRealmsState"]

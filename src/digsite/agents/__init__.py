"""Game-agnostic agents."""

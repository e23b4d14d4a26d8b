"""Game-agnostic agents; every agent can sit in any seat of any env (see ``core.policy``), and
the arena that plays them against each other (:mod:`.arena`)."""

from ..core.policy import RandomPolicy, StateAgent, choose
from .baselines import AGENT_KINDS, ROLLOUTS, make_agent
from .ismcts import ISMCTSAgent, agent_rollout, random_rollout
from .model import ModelAgent

__all__ = [
    "AGENT_KINDS",
    "ISMCTSAgent",
    "ModelAgent",
    "ROLLOUTS",
    "agent_rollout",
    "RandomPolicy",
    "StateAgent",
    "choose",
    "make_agent",
    "random_rollout",
]

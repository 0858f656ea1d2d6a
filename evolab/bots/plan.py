"""The feeding plan the greedy bots of every edition share (it lives with the editions' bot hints)."""
from ..rules.hints import FeedingPlan, PlanOnDemand, completion_plan, expected_share

__all__ = ["FeedingPlan", "PlanOnDemand", "completion_plan", "expected_share"]

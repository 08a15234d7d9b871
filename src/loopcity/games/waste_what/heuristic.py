"""Placeholder."""
from loopcity.engine import RandomBot as HeuristicBot  # noqa: F401

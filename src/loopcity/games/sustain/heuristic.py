"""Placeholder heuristic (replaced below)."""

from loopcity.engine import RandomBot as HeuristicBot  # noqa: F401

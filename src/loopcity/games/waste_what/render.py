"""Placeholder."""
import json


def render_text(view):
    return json.dumps(view)


def render_svg(view, legal=()):
    return "<svg></svg>"

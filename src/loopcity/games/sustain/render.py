"""Placeholder renderers."""

import json


def render_text(view):
    return json.dumps(view)[:2000]


def render_svg(view, legal=()):
    return "<svg xmlns='http://www.w3.org/2000/svg'></svg>"

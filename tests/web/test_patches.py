"""Small live messages, every game: a page is sent its whole message once, then only what changed
(``patch``, loopcity.web.delta), and what it pieces together is the whole message a fresh load gets."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from loopcity.web import delta

from .conftest import GAME_IDS, live_state, new_table, players_of, seat_tokens
from .pages import Page

SMALL = 16 * 1024
"""what a message after the first should stay under"""
MOVES = 40


def _whole(page: Page) -> dict:
    assert page.has is not None
    return {k: v for k, v in page.has.items() if k != "ref"}


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_page_gets_small_patches_that_rebuild_the_whole_message(client, game):
    n = players_of(game)
    table = new_table(client, game, seats=[{"kind": "human"}] * n)
    tokens = {**seat_tokens(table), None: table["spectator"]["token"]}
    rng = random.Random(7)
    sizes: list[int] = []
    with contextlib.ExitStack() as stack:
        pages = {
            s: Page(stack.enter_context(client.websocket_connect(f"/ws/{tok}"))) for s, tok in tokens.items()
        }
        for page in pages.values():
            assert page.receive()["version"] == 0 and json.loads(page.texts[0])["type"] == "state"
        for i in range(MOVES):
            state = live_state(client, table["id"])
            if state.is_terminal():
                break
            seat = state.active_seats()[0]
            action = str(rng.choice(state.legal_actions(seat)))
            assert client.post(f"/api/act/{tokens[seat]}", json={"action": action}).status_code == 200
            for s, page in pages.items():
                while page.receive().get("version") != i + 1:
                    pass
                sizes.append(len(page.texts[-1].encode()))
                assert json.loads(page.texts[-1])["type"] == "patch"
                # what the page pieced together is what a fresh load of its link shows
                assert _whole(page) == client.get(f"/api/state/{tokens[s]}").json(), (s, i)
    assert sizes
    big = [x for x in sizes if x > SMALL]
    # A turn that brings a long list of choices together with a redrawn board may go over (docs/web.md:
    # about 1 in 80 of Waste What?'s patches, fewer in the others; the games differ with the server's
    # secret, which keys the table's seed)
    assert len(big) <= len(sizes) // 20 and max(sizes) <= 32 * 1024, big


def test_a_patch_rebuilds_the_message_and_leaves_the_old_one_as_it_was():
    old = {
        "a": 1,
        "log": [{"step": i} for i in range(80)],
        "svg": "<svg>" + "".join(f'<g id="{i}">x</g>' for i in range(300)) + "</svg>",
    }
    new = {
        "a": 2,
        "log": [{"step": i} for i in range(3, 83)],
        "svg": "<svg>"
        + "".join(f'<g id="{i}">{"y" if i == 150 else "x"}</g>' for i in range(300))
        + "<rect/></svg>",
        "b": None,
    }
    kept = json.loads(json.dumps(old))
    ops = delta.diff(old, new)
    assert ops["log"] == {"d": 3, "+": [{"step": 80}, {"step": 81}, {"step": 82}]}  # only new lines travel
    assert len(json.dumps(ops["svg"])) < 100  # the board's text: only what changed
    assert delta.apply(old, json.loads(json.dumps(ops))) == new
    assert old == kept
    assert delta.diff(new, new) == {}
    assert delta.apply(new, delta.diff(new, {"a": 2})) == {"a": 2}

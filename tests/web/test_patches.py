"""Small live messages, every game: a page is sent its whole message once, then only what changed
(``patch``, loopcity.web.delta), and what it pieces together is the whole message a fresh load gets."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

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
    assert max(sizes) <= SMALL, [x for x in sizes if x > SMALL]


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


def test_long_lists_travel_as_splices_and_rows():
    choices = [{"action": f"take {i}", "label": f"Take card {i}", "group": "On the table"} for i in range(30)]
    fewer = choices[:7] + choices[8:]  # one taken: the others stay where they are
    ops = delta.diff({"legal": choices}, {"legal": fewer})
    assert ops == {"legal": {"l": [[7, 8, []]]}}
    assert delta.apply({"legal": choices}, ops) == {"legal": fewer}
    # a long list where there was none: rows, each key named once and a value like the row before's
    # not repeated
    ops = delta.diff({"legal": []}, {"legal": choices})
    assert ops["legal"]["k"] == [["action", "label", "group"]]
    assert len(json.dumps(ops)) < len(json.dumps(choices)) * 0.7
    assert delta.apply({"legal": []}, json.loads(json.dumps(ops))) == {"legal": choices}
    # objects of several shapes
    mixed = [{"a": i, **({"risk": {"loses": True}} if i % 3 else {})} for i in range(12)]
    assert delta.apply({"x": None}, delta.diff({"x": None}, {"x": mixed})) == {"x": mixed}


def test_labels_alike_but_for_a_name_travel_as_the_name():
    """A new list of choices (a new round's waste) whose labels repeat, card after card, but for the
    card's name: each label after the first few is sent as what differs from an alike one before it."""
    cards = ["Odd socks", "Bent wheel", "Chewing gum", "Leftover tiles", "Broken toaster", "Wooden crate"]
    choices = [
        {"action": f"{verb} {i}", "label": label.format(card=card), "group": f"{card}, on the table"}
        for i, card in enumerate(cards)
        for verb, label in (
            ("store", "Store {card} in your Storage (your rent stays 1)"),
            (
                "lend",
                "Ask Player 2 to agree: Player 1 stores {card} in Player 2's Storage; the rent goes to 3",
            ),
            ("burn", "Burn {card} (Burn slot 1 of 3)"),
        )
    ]
    ops = delta.diff({"legal": []}, {"legal": choices})
    assert delta.apply({"legal": []}, json.loads(json.dumps(ops))) == {"legal": choices}
    whole = json.dumps([[c["action"], c["label"], c["group"]] for c in choices])
    assert len(json.dumps(ops)) < len(whole) * 0.7  # each label whole: 0.9
    assert not any("your Storage (your rent" in json.dumps(row) for row in ops["legal"]["r"][3:])


def _in_a_browser(text: str, op: Any) -> str:
    """An edit ``[i, head, tail, middle]`` applied to ``text`` as play.js applies it: JavaScript
    strings count UTF-16 units, so an emoji is two characters."""
    units = text.encode("utf-16-le")
    head, tail = units[: 2 * op[1]], units[len(units) - 2 * op[2] :]
    return head.decode("utf-16-le") + op[3] + tail.decode("utf-16-le")


def test_edits_count_characters_as_a_browser_does():
    """A name with an emoji (a person's name on the board, a label) is edited where a browser counts
    it: the page pieces together the same text as the server has."""
    for old, new in (
        (
            "Player \U0001f331 Ana holds 3 money in the Cash Box",
            "Player \U0001f331 Ana holds 5 money in the Cash Box",
        ),
        (
            "\U0001f331\U0001f30d Grünfläche: 3 Münzen und viel mehr",
            "\U0001f331\U0001f30d Grünfläche: 4 Münzen und mehr",
        ),
        (
            "plain words, then an emoji \U0001f331 at the end",
            "plain words, then a leaf \U0001f331 at the end",
        ),
    ):
        op = delta._within(old, new, 0)
        assert _in_a_browser(old, op) == new
        rows = [{"label": old, "n": 1}, *({"label": new, "n": k} for k in range(2, 10))]
        ops = delta.diff({"x": None}, {"x": rows})
        assert delta.apply({"x": None}, json.loads(json.dumps(ops))) == {"x": rows}
        ops = delta.diff(
            {"svg": f"<svg><t>{old}</t>" + "<r/>" * 300}, {"svg": f"<svg><t>{new}</t>" + "<r/>" * 300}
        )
        assert delta.apply({"svg": f"<svg><t>{old}</t>" + "<r/>" * 300}, ops)["svg"].startswith(
            f"<svg><t>{new}<"
        )


def test_a_card_taken_out_of_a_numbered_row_travels_as_the_change_not_the_row():
    """A card leaves a row of cards numbered in order (SUSTAIN's solutions when one is carried
    out): every other card's number changes, so no card is as it was, yet the patch says which card
    went and each other's new number, not the whole row again; a card put in likewise."""
    text = "A plan for the city, its people and what they need, written out at length."
    row = [{"card": i + 1, "name": f"plan {i}", "text": text, "cost": i % 4} for i in range(18)]
    for gone in (0, 7, 17):
        fewer = [{**c, "card": n + 1} for n, c in enumerate(row[:gone] + row[gone + 1 :])]
        ops = delta.diff({"row": row}, {"row": fewer})
        assert delta.apply({"row": row}, json.loads(json.dumps(ops))) == {"row": fewer}
        assert [gone, gone + 1, []] in ops["row"]["l"]
        assert len(json.dumps(ops)) < len(json.dumps(fewer)) / 4
        back = delta.diff({"row": fewer}, {"row": row})  # and put back in
        assert delta.apply({"row": fewer}, json.loads(json.dumps(back))) == {"row": row}
        assert len(json.dumps(back)) < len(json.dumps(row)) / 3
    # a row of other cards altogether still travels whole
    other = [{"card": i, "title": f"other {i}", "text": "else", "gain": 2} for i in range(17)]
    ops = delta.diff({"row": row}, {"row": other})
    assert delta.apply({"row": row}, ops) == {"row": other}
    assert ops["row"]["l"][0][:2] == [0, 18]


def test_a_row_of_new_places_travels_as_edits_of_alike_ones():
    """A board that draws a row of new places (every edge a Build may take) sends each as what differs
    from an alike place before it, not whole."""

    def edge(i: int) -> str:
        return (
            f'<g data-info="edge {i}: free" data-act="build {i}" cursor="pointer">'
            f'<rect x="{100 + 24 * i}" y="106.28" width="24" height="73.44" rx="4" fill="#2b8a3e" stroke="#fff"/>'
            f'<text x="{112 + 24 * i}" y="149" font-size="17" class="minor" text-anchor="middle" '
            f'fill="#2b8a3e" font-weight="bold" stroke="#fff" stroke-width="4">E{i}</text></g>'
        )

    squares = "".join(f'<rect id="s{i}" x="{i}" y="0" width="9" height="9"/>' for i in range(100))
    old = {"svg": f"<svg>{squares}</svg>"}
    new = {"svg": f"<svg>{squares}{''.join(edge(i) for i in range(60))}</svg>"}
    ops = delta.diff(old, new)
    assert delta.apply(old, json.loads(json.dumps(ops))) == new
    added = len(new["svg"]) - len(old["svg"])
    assert len(json.dumps(ops)) < added / 2


SEEDS = (1, 2)
PLAYTHROUGH_MOVES = 100


class _Table:
    """What the hub reads of a live table (loopcity.web.tables.LiveTable), for games played in
    process."""

    def __init__(self, state: Any) -> None:
        self.id = "t"
        self.state = state
        self.version = 0
        self.clock = None
        self.settings: dict[str, Any] = {}
        self.chat: list[Any] = []
        self.waiting: set[int] = set()
        self.seats = [{"kind": "human"} for _ in range(state.players)]
        self.moves: list[Any] = []
        self.joined: set[int] = set()
        self.paused = self.ended = False
        self.chat_on = True


async def _nothing(text: str) -> None:
    return None


def _pages(state: Any, lang: str = "en") -> tuple[_Table, Any, Any, list[Any]]:
    """A table of ``state`` in a hub (the server's transport) with each seat's page and a
    spectator's: the table, the hub, its channel and the pages."""
    from loopcity.web.transport import Client, Hub

    table = _Table(state)
    hub = Hub()
    pages = [Client(s, _nothing, lang) for s in range(state.players)]
    pages.append(Client(None, _nothing, lang, role="spectator"))
    for page in pages:
        assert hub.admit(table, page) is None
    channel = hub.channels[table.id]
    channel.table = table
    return table, hub, channel, pages


@pytest.mark.parametrize("game", [g for g in GAME_IDS if g != "tiny"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_seeded_playthroughs_patches_rebuild_every_page_and_stay_small(game, lang):
    """Over seeded random games of every game, every page (each seat's and a spectator's) pieces
    together from its patches exactly the whole message a fresh page gets, and every message after the
    first is at most 16 KB."""
    from loopcity.engine import load_game
    from loopcity.web.transport import Client, Hub

    sizes: list[int] = []
    for seed in SEEDS:
        state = load_game(game).new_state(seed)
        table, hub, channel, pages = _pages(state, lang)
        has = {id(p): json.loads(hub._newest(channel, p) or "") for p in pages}
        rng = random.Random(seed)
        for _ in range(PLAYTHROUGH_MOVES):
            if state.is_terminal():
                break
            seat = rng.choice(list(state.active_seats()))
            state = state.clone()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            table.state, table.version = state, table.version + 1
            fresh = Hub()  # a fresh page's whole message of this version
            fresh.admit(table, Client(None, _nothing, lang, role="spectator"))  # type: ignore[arg-type]
            for page in pages:
                text = hub._newest(channel, page)
                assert text is not None
                msg = json.loads(text)
                assert msg["type"] == "patch" and msg["base"] == has[id(page)]["ref"]
                sizes.append(len(text.encode()))
                has[id(page)] = delta.apply(has[id(page)], msg["o"])
                whole = json.loads(fresh.message(table, page.seat, lang=lang))  # type: ignore[arg-type]
                assert {k: v for k, v in has[id(page)].items() if k != "ref"} == {
                    k: v for k, v in whole.items() if k != "ref"
                }
    assert len(sizes) > 100
    assert max(sizes) <= SMALL, sorted(sizes)[-5:]


def test_risks_are_worked_out_once_per_state_for_the_seats_that_can_act(monkeypatch):
    """What each action risks is looked ahead only for a seat with actions, once per state: a line of
    table talk or a page asking again gets the same warnings without the look-ahead again."""
    from loopcity.engine import load_game
    from loopcity.web import payload

    calls: list[int] = []
    real = payload.assess

    def counted(state: Any, seat: int, legal: Any = None, spares: Any = None) -> Any:
        calls.append(seat)
        return real(state, seat, legal, spares)

    monkeypatch.setattr(payload, "assess", counted)

    state = load_game("waste_what").new_state(1)
    table, hub, channel, pages = _pages(state)
    first = {id(p): json.loads(hub._newest(channel, p) or "") for p in pages}
    acting = [s for s in range(state.players) if state.legal_actions(s)]
    assert sorted(calls) == acting  # never a seat without actions, never the spectator
    table.chat.append((0, "hello"))
    for page in pages:
        msg = json.loads(hub._newest(channel, page) or "")
        rebuilt = delta.apply(first[id(page)], msg["o"])
        if page.seat is not None:
            assert rebuilt["legal"] == first[id(page)]["legal"]
    assert sorted(calls) == acting  # the talk changed the messages, not the look-ahead


@pytest.mark.parametrize("game", [g for g in GAME_IDS if g != "tiny"])
def test_random_games_to_their_end_send_no_message_over_16_kb_after_the_first(game):
    """Whole random games, every page's messages after its first: none over 16 KB (in SUSTAIN's
    first seed a solution carried out renumbers the row of solutions, which once sent the row whole
    in the view and the panels)."""
    from loopcity.engine import load_game

    largest = 0
    for seed in (1, 2, 3):
        state = load_game(game).new_state(seed)
        table, hub, channel, pages = _pages(state)
        for page in pages:
            hub._newest(channel, page)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = rng.choice(list(state.active_seats()))
            state = state.clone()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            table.state, table.version = state, table.version + 1
            for page in pages:
                text = hub._newest(channel, page)
                assert text is not None
                largest = max(largest, len(text.encode()))
    assert 0 < largest <= SMALL, largest


def test_messages_are_written_as_the_json_a_page_reads():
    """The live messages' encoder (orjson) writes what ``json`` would read back the same: texts in
    UTF-8 as they are, keys that are numbers as strings, tuples as lists; a number beyond 64 bits,
    which orjson refuses, still goes out whole."""
    from loopcity.web.transport import encode

    data = {"text": "Straßenbahn → Kläranlage", 3: [1.5, True, None, (1, 2)], "big": 2**70}
    text = encode(data)
    assert "Straßenbahn" in text and " " not in text.replace("Straßenbahn → Kläranlage", "")
    assert json.loads(text) == json.loads(json.dumps(data))


def test_a_changed_place_travels_as_its_changed_middle_in_any_alphabet():
    """A place of a long text that changed travels as the characters between what stayed at its
    start and at its end: the fewest characters, whether the text is plain ASCII (found byte by
    byte) or holds other letters (found character by character), and rebuilt exactly by the page
    (which counts an emoji as two characters)."""
    rnd = random.Random(3)
    for letters in ("ab<", "aä€<", "x\U0001f331\U0001f332<"):
        for _ in range(400):
            old = "".join(rnd.choice(letters) for _ in range(rnd.randrange(0, 12)))
            new = "".join(rnd.choice(letters) for _ in range(rnd.randrange(0, 12)))
            op = delta._within(old, new, 0)
            assert _in_a_browser(old, op) == new
            units = new.encode("utf-16-le")  # the characters kept, as Python counts them
            head = len(units[: 2 * op[1]].decode("utf-16-le"))
            tail = len(units[len(units) - 2 * op[2] :].decode("utf-16-le"))
            text = op[3]
            n = min(len(old), len(new))
            assert old[:head] == new[:head] and (head == n or old[head] != new[head])
            assert head + tail <= n and old[len(old) - tail :] == new[len(new) - tail :]
            assert tail == n - head or old[len(old) - tail - 1] != new[len(new) - tail - 1]
            assert old[:head] + text + old[len(old) - tail :] == new

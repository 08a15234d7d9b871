"""Property-based fuzzing of the whole JSON API, over real HTTP: schemathesis generates requests for every
operation of /openapi.json (valid and invalid bodies, query strings, path tokens), some of them aimed
at real tables (their real links swapped in, real game ids); hypothesis does the same for the lobby
form and the WebSocket. No answer may be a 5xx, each must come within seconds, and every API answer
must be one /openapi.json declares (schemathesis's conformance checks: status, content type, schema).

``LOOPCITY_FUZZ_REPORT=FILE`` writes the figures (requests, answers by status, slowest answer, the
server loop's latency) as JSON.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi import checks

from loopcity.engine import list_games
from tiny_game import SPEC as TINY

from .conftest import ROOMY
from .live_server import LiveServer

EXAMPLES = int(os.environ.get("LOOPCITY_FUZZ_EXAMPLES", "900"))
SLOWEST = 5.0
"""No answer may take longer (seconds), even on a loaded machine."""
FIGURES: dict[str, object] = {}
CONFORMANCE = [
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.response_headers_conformance,
    checks.negative_data_rejection,
]
"""schemathesis's conformance checks: every answer (refusals too) is declared in /openapi.json."""


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    srv = LiveServer(
        f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'web.db'}",
        settings=ROOMY,
        extra_games=[TINY],
        bot_delay=0,
    )
    yield srv
    srv.stop()
    report = os.environ.get("LOOPCITY_FUZZ_REPORT")
    if report:
        with open(report, "w") as f:
            json.dump(FIGURES, f, indent=1)


def _tables(base: str, session: requests.Session) -> list[str]:
    """Links of real tables to aim at: one per game (running), and a finished tiny game."""
    tokens = []
    for spec in list_games():
        n = spec.default_players or spec.min_players
        r = session.post(f"{base}/api/tables", json={"game": spec.id, "seats": [{"kind": "human"}] * n})
        assert r.status_code == 201, r.text
        t = r.json()
        tokens += [s["token"] for s in t["seats"][:2]] + [t["spectator"]["token"], t["facilitator"]["token"]]
    r = session.post(
        f"{base}/api/tables", json={"game": "tiny", "variant": "short", "seats": [{"kind": "human"}] * 2}
    )
    t = r.json()
    seats = [s["token"] for s in t["seats"]]
    for _ in range(40):
        state = session.get(f"{base}/api/state/{seats[0]}").json()
        if state["finished"]:
            break
        seat = state["active_seats"][0]
        legal = session.get(f"{base}/api/state/{seats[seat]}").json()["legal"]
        session.post(f"{base}/api/act/{seats[seat]}", json={"action": legal[-1]["action"]})
    tokens += seats + [t["facilitator"]["token"]]
    # a class of two tiny tables with a student seated: the class operations reach a real class
    made = session.post(f"{base}/api/classes", json={"game": "tiny", "tables": 2, "players": 2})
    assert made.status_code == 201, made.text
    joined = session.post(f"{base}/api/join", json={"code": made.json()["join_code"], "name": "Fuzz"})
    assert joined.status_code == 200, joined.text
    return tokens + [made.json()["token"], joined.json()["token"]]


def _summary(statuses: Counter[int], times: list[float], lags: list[float]) -> dict[str, object]:
    lags = sorted(lags) or [0.0]
    return {
        "requests": sum(statuses.values()),
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "slowest_s": round(max(times, default=0.0), 3),
        "loop_lag_p99_ms": round(1000 * lags[int(0.99 * (len(lags) - 1))], 1),
        "loop_lag_max_ms": round(1000 * lags[-1], 1),
    }


def test_no_request_to_the_api_gets_a_server_error(live):
    session = requests.Session()
    tokens = _tables(live.base, session)
    games = [s.id for s in list_games()]
    schema = schemathesis.openapi.from_url(f"{live.base}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12
    statuses: Counter[int] = Counter()
    times: list[float] = []
    live.watch_lag()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        case=st.one_of(
            [op.as_strategy() for op in operations]
            + [op.as_strategy(schemathesis.GenerationMode.NEGATIVE) for op in operations]
        ),
        aim=st.integers(0, len(tokens) * 2),
        game=st.integers(0, len(games) * 2),
    )
    def request(case, aim, game):
        if "token" in (case.path_parameters or {}) and aim < len(tokens):
            case.path_parameters["token"] = tokens[aim]
        # a real game's id gets past the game's check, in a body meant to be valid (one meant to be
        # refused stays as made: an id put into it could make it valid)
        negative = case.meta is not None and case.meta.is_negative_at(ParameterLocation.BODY)
        if isinstance(case.body, dict) and "game" in case.body and game < len(games) and not negative:
            case.body["game"] = games[game]
        began = time.perf_counter()
        response = case.call(session=session, timeout=30)
        times.append(time.perf_counter() - began)
        statuses[response.status_code] += 1
        assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:300]}"
        # the answer is one the OpenAPI document declares: its status, content type and schema
        case.validate_response(response, checks=CONFORMANCE)
        assert times[-1] < SLOWEST, f"{case.method} {case.formatted_path} took {times[-1]:.1f} s"

    request()
    FIGURES["api"] = _summary(statuses, times, live.stop_lag())
    print("fuzz, API:", FIGURES["api"])
    # real tables and a real class answered (200): the fuzz got past the links to the game; with the
    # class's operations among the others, 900 examples seldom make a valid new table (201), which
    # test_api.py and test_classes.py create on purpose
    assert statuses[200] > 0 and statuses[409] + statuses[422] + statuses[423] > 0, (
        "the fuzz reached real tables"
    )


FORM_TEXT = st.one_of(
    st.text(max_size=30),
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["human", "bot:random", "bot:mcts", "bot:x", "1e999", "5000000", "-1", "9" * 90]),
)


def test_no_lobby_form_gets_a_server_error(live):
    session = requests.Session()
    games = [s.id for s in list_games()]
    statuses: Counter[int] = Counter()
    fields = st.dictionaries(
        st.sampled_from(["players", "seed", "variant", "seat0", "seat1", "seat2", "opt_pile", "opt_x"]),
        FORM_TEXT,
        max_size=6,
    )

    @settings(max_examples=150, deadline=None, derandomize=True, database=None)
    @given(game=st.sampled_from([*games, "", "nosuch"]), form=fields)
    def post(game, form):
        response = session.post(f"{live.base}/tables", data={"game": game, **form}, allow_redirects=False)
        statuses[response.status_code] += 1
        assert response.status_code < 500, response.text[:300]

    post()
    FIGURES["form"] = {"requests": sum(statuses.values()), "statuses": dict(statuses)}
    print("fuzz, lobby form:", FIGURES["form"])
    assert statuses[303] > 0 and statuses[400] > 0


def _is_sync(text: str) -> bool:
    try:
        msg = json.loads(text)
    except ValueError:
        return False
    return isinstance(msg, dict) and msg.get("type") == "sync"


def test_no_websocket_message_breaks_the_connection(live):
    from websockets.sync.client import connect

    session = requests.Session()
    t = session.post(
        f"{live.base}/api/tables", json={"game": "tiny", "players": 2, "seats": [{"kind": "human"}] * 2}
    ).json()
    url = f"ws://127.0.0.1:{live.port}/ws/{t['seats'][0]['token']}"
    answers: Counter[str] = Counter()
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=12,
    )
    messages = st.one_of(
        st.text(max_size=200),
        json_values.map(json.dumps),
        st.fixed_dictionaries(
            {"type": st.sampled_from(["act", "sync", "x"])},
            optional={"action": json_values, "version": json_values, "id": json_values},
        ).map(json.dumps),
    )
    with connect(url) as ws:
        json.loads(ws.recv())

        @settings(max_examples=150, deadline=None, derandomize=True, database=None)
        @given(text=messages)
        def send(text):
            time.sleep(0.06)  # within the page's message rate
            ws.send(text)
            sync = _is_sync(text)  # answered with the state itself
            while True:  # state messages (whole, or patches after a move) may come before the answer
                answer = json.loads(ws.recv(timeout=10))
                if answer["type"] not in ("state", "patch") or sync:
                    break
            answers[f"{answer['type']} {answer.get('status', '')}".strip()] += 1
            assert answer["type"] in ("ack", "refused", "state", "patch") and answer.get("status", 200) < 500

        send()
    FIGURES["websocket"] = dict(answers)
    print("fuzz, WebSocket:", FIGURES["websocket"])
    assert sum(answers.values()) >= 150

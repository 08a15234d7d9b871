"""Replays, what-if tables and debriefs over the JSON API: who may see what, tables that continue from a
step, and debrief figures, CSV and PDF drawn from the table's own data."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from loopcity.bots import make_bot
from loopcity.cli.main import app as cli
from loopcity.debrief import build
from loopcity.engine import Record, load_game, unregister
from loopcity.engine.runner import play
from loopcity.games.reclaim.words import role_name
from loopcity.web.payload import render_board
from tiny_game import SPEC as TINY

from .conftest import new_table, seat_tokens


def bot_game(game_id: str, seed: int, bot: str = "heuristic", **options) -> tuple[Record, list]:
    """A whole game played by bots: its record and the state after every move (independent of the app)."""
    game = load_game(game_id, **options)
    state = game.new_state(seed)
    rec = Record.start(state, seed)
    states = [state.clone()]
    play(
        state,
        [make_bot(bot, game, i, seed) for i in range(game.players)],
        rec,
        lambda s, a, st: states.append(st.clone()),
    )
    return rec, states


def finished_table(client, game_id: str, seed: int, **options) -> tuple[dict, Record, list]:
    """A finished table (every seat a person) made from a bots' game, and that game's record and states."""
    rec, states = bot_game(game_id, seed, **options)
    game = load_game(game_id, **options)
    m = client.app.state.manager
    made = m.create(
        game_id, players=game.players, seats=[{"kind": "human"}] * game.players, seed=seed, moves=rec.moves
    )
    tokens = {role if seat is None else seat: tok for tok, role, seat in made["tokens"]}
    return tokens, rec, states


def pdf_text(data: bytes) -> str:
    """The text shown by a PDF's pages, as a PDF reader extracts it."""
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


# ----- replay: who may see what ---------------------------------------------------------------------
@pytest.fixture
def reclaim_running(client):
    """A RECLAIM table of four people, a few moves in: each seat holds a Hidden agenda the others may not see."""
    t = new_table(client, "reclaim", seed=5)
    toks = seat_tokens(t)
    for i in range(6):
        s = client.get(f"/api/state/{toks[0]}").json()
        seat = s["active_seats"][0]
        legal = client.get(f"/api/state/{toks[seat]}").json()["legal"]
        assert (
            client.post(
                f"/api/act/{toks[seat]}", json={"action": legal[i % len(legal)]["action"]}
            ).status_code
            == 200
        )
    return t, toks


def _agenda_lines(log: list[dict]) -> list[str]:
    return [line["text"] for line in log if "Hidden agenda:" in line["text"]]


def test_a_seat_replays_only_its_own_view_and_the_spectators_while_the_game_runs(client, reclaim_running):
    t, toks = reclaim_running
    r = client.get(f"/api/replay/{toks[0]}?step=0")
    assert r.status_code == 200 and r.json()["seat"] == 0
    assert r.json()["perspectives"] == [1, "spectator"]
    assert len(_agenda_lines(r.json()["log"])) == 1  # its own agenda, nobody else's
    assert client.get(f"/api/replay/{toks[0]}?as=2").status_code == 403
    assert client.get(f"/replay/{toks[0]}?as=3").status_code == 403
    spect = client.get(f"/api/replay/{toks[0]}?as=spectator&step=0").json()
    assert _agenda_lines(spect["log"]) == []


def test_the_replay_draws_the_board_of_that_seat_at_that_step(client, reclaim_running):
    t, toks = reclaim_running
    stored = client.app.state.manager.db.load(t["id"])
    rec = Record(stored.game, stored.config, stored.seed, moves=stored.moves)
    for k in (0, 3, 6):
        state = rec.replay(upto=k)
        got = client.get(f"/api/replay/{toks[1]}?step={k}").json()
        assert got["step"] == k and got["round"] == state.round
        assert got["svg"] == render_board(state, state.view(1), [])[0]
        assert got["move"] == (
            None if k == 0 else {"seat": rec.moves[k - 1][0], "action": rec.moves[k - 1][1]}
        )


def test_spectator_and_facilitator_links_see_only_the_spectators_view_before_the_end(client, reclaim_running):
    t, toks = reclaim_running
    for tok in (t["spectator"]["token"], t["facilitator"]["token"]):
        r = client.get(f"/api/replay/{tok}?step=2")
        assert r.status_code == 200 and r.json()["seat"] is None and r.json()["perspectives"] == ["spectator"]
        assert _agenda_lines(r.json()["log"]) == []
        assert client.get(f"/api/replay/{tok}?as=1").status_code == 403
        assert client.get(f"/replay/{tok}?as=1").status_code == 403


def test_after_the_end_the_facilitator_and_seats_may_see_every_seat(client):
    tokens, rec, states = finished_table(client, "reclaim", 3)
    fac = client.get(f"/api/replay/{tokens['facilitator']}?as=3&step=0").json()
    assert fac["seat"] == 2 and fac["perspectives"] == ["spectator", 1, 2, 3, 4]
    assert _agenda_lines(fac["log"]) == [
        line["text"] for line in states[0].log_for(2) if "Hidden agenda:" in line["text"]
    ]
    assert client.get(f"/api/replay/{tokens[0]}?as=4").status_code == 200


def test_replay_page_steps_and_jumps_to_rounds(client):
    tokens, rec, states = finished_table(client, "resourced", 2)
    page = client.get(f"/replay/{tokens['facilitator']}?step=5&as=spectator")
    assert page.status_code == 200
    fac = tokens["facilitator"]
    assert f'href="/replay/{fac}?step=4&amp;as=spectator"' in page.text
    assert f'href="/replay/{fac}?step=6&amp;as=spectator"' in page.text
    first_of_round = {}
    for k, s in enumerate(states):
        first_of_round.setdefault(s.round, k)
    assert client.get(f"/api/replay/{tokens[0]}").json()["rounds"] == {
        str(r): k for r, k in first_of_round.items()
    }
    assert client.get(f"/replay/{tokens[0]}?step=abc").status_code == 400
    assert client.get("/api/replay/nope").status_code == 403


# ----- what-if ----------------------------------------------------------------------------------------
def test_what_if_opens_a_table_that_continues_from_the_step_and_still_replays(client, make_client, tmp_path):
    tokens, rec, states = finished_table(client, "resourcity", 4)
    r = client.post(
        f"/api/whatif/{tokens['facilitator']}", json={"step": 20, "seats": [{"kind": "human"}] * 2}
    )
    assert r.status_code == 201, r.text
    new = r.json()
    stored = client.app.state.manager.db.load(new["id"])
    assert stored.moves == rec.moves[:20] and stored.version == 20 and stored.seed == rec.seed
    assert stored.settings == {
        "parent": client.get(f"/api/tables/{tokens['facilitator']}").json()["id"],
        "from_step": 20,
    }
    seat0 = new["seats"][0]["token"]
    assert client.get(f"/api/state/{seat0}").json()["view"] == states[20].view(0)
    # play it on with other choices, to the end; a restarted server rebuilds it; its record replays
    other = make_client()
    for i in range(2000):
        s = other.get(f"/api/state/{seat0}").json()
        if s["finished"]:
            break
        tok = new["seats"][s["active_seats"][0]]["token"]
        legal = other.get(f"/api/state/{tok}").json()["legal"]
        other.post(f"/api/act/{tok}", json={"action": legal[(i * 31) % len(legal)]["action"]})
    assert s["finished"]
    record = other.get(f"/api/record/{seat0}").json()
    assert [tuple(m) for m in record["moves"][:20]] == rec.moves[:20]
    path = tmp_path / "whatif.json"
    path.write_text(__import__("json").dumps(record))
    out = CliRunner().invoke(cli, ["replay", str(path), "--verify"])
    assert out.exit_code == 0, out.output
    assert other.get(f"/debrief/{new['facilitator']['token']}").status_code == 200


def test_what_if_is_the_facilitators_once_the_game_is_over(client, reclaim_running):
    t, toks = reclaim_running
    assert client.post(f"/api/whatif/{t['facilitator']['token']}", json={"step": 2}).status_code == 409
    tokens, rec, _states = finished_table(client, "waste_what", 1)
    assert client.post(f"/api/whatif/{tokens[0]}", json={"step": 2}).status_code == 403
    assert client.post(f"/api/whatif/{tokens['spectator']}", json={"step": 2}).status_code == 403
    fac = tokens["facilitator"]
    assert client.post(f"/api/whatif/{fac}", json={"step": len(rec.moves)}).status_code == 400
    assert client.post(f"/api/whatif/{fac}", json={"step": "3"}).status_code == 400
    form = {"step": "3", "seat0": "human", "seat1": "bot:random"}
    r = client.post(f"/replay/{fac}/whatif", data=form, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(r.headers["location"])
    assert "What-if table" in page.text and "from step 3" in page.text


# ----- debrief ----------------------------------------------------------------------------------------
def test_a_running_table_has_its_debrief_so_far_with_no_secret(client, reclaim_running):
    t, toks = reclaim_running
    d = client.get(f"/api/debrief/{toks[0]}").json()
    assert d["status"] == "running" and d["so_far"] and d["outcome"] is None and d["steps"] == 6
    assert d["agendas"] is None  # the Hidden agendas stay secret while the game runs
    assert "so far" in d["status_words"] and d["moments"][-1]["kind"] != "end"
    page = client.get(f"/debrief/{t['facilitator']['token']}")
    assert page.status_code == 200 and "Debrief so far" in page.text and 'id="so-far"' in page.text
    assert "Hidden agenda" not in page.text
    r = client.get(f"/api/debrief/{toks[1]}/pdf")
    assert r.status_code == 200 and "so-far" in r.headers["content-disposition"]
    text = pdf_text(r.content)
    assert "RECLAIM: debrief so far" in text and "this is its debrief so far" in text
    rows = list(csv.reader(io.StringIO(client.get(f"/api/debrief/{toks[2]}/csv").text)))
    assert len(rows) == 6 + 2


def test_the_final_debrief_reveals_the_hidden_agendas_and_names_roles(client):
    tokens, rec, states = finished_table(client, "reclaim", 8)
    final = states[-1]
    d = client.get(f"/api/debrief/{tokens[0]}").json()
    assert d["status"] == "finished" and not d["so_far"]
    agendas = d["agendas"]
    assert [a["seat"] for a in agendas] == [0, 1, 2, 3]
    for a in agendas:
        wanted = set(final.content.agendas[final.agendas[a["seat"]]].symbols)
        symbols = [s for p, c in final.owned[a["seat"]] for s in final.tables.pile_cards[p][c]]
        assert a["matched"] == sum(1 for s in symbols if s in wanted)
        assert a["score"] == final.scores()[a["seat"]]
        assert a["who"] == f"Seat {a['seat'] + 1} ({role_name(final.role_of(a['seat']))})"
    page = client.get(f"/debrief/{tokens[0]}").text
    assert "Hidden agendas revealed" in page and agendas[0]["agenda"].replace("'", "&#39;") in page
    assert [c["role"] for c in d["contributions"]] == [role_name(final.role_of(s)) for s in range(4)]


def test_one_tables_questions_speak_of_this_table_and_never_compare_tables(client):
    """A table's own debrief asks about "this table" (never its id) and asks nothing a class of tables
    answers ("Of 1 tables, ..."); a class's table is called by its number."""
    tokens, _rec, _states = finished_table(client, "reclaim", 8)
    questions = client.get(f"/api/debrief/{tokens[0]}").json()["questions"]
    t_id = client.get(f"/api/state/{tokens[0]}").json()["table"]
    assert any("this table" in q["text"] for q in questions), [q["text"] for q in questions]
    assert not any(t_id in q["text"] for q in questions)
    page = client.get(f"/debrief/{tokens[0]}").text
    assert t_id not in page.split("<main", 1)[1] and "Of 1 tables" not in page
    assert not any(q["id"] == "results" for q in questions)
    made = client.post(
        "/api/classes", json={"game": "reclaim", "tables": 1, "players": 4, "bots": "random"}
    ).json()
    seat = client.get(f"/api/classes/{made['token']}").json()["tables"][0]["seats"][0]["token"]
    asked = client.get(f"/api/debrief/{seat}").json()["questions"]
    assert any("Table 1" in q["text"] for q in asked), [q["text"] for q in asked]


def test_resourced_learning_point_gives_this_tables_waste_pile_growth(client):
    tokens, rec, states = finished_table(client, "resourced", 6)
    spec = states[0].game.spec
    end_of_round: dict[int, float] = {}
    for s in states:
        end_of_round[s.round] = spec.metrics(s)["waste"]
    before, growth = spec.metrics(states[0])["waste"], {}
    for r, v in end_of_round.items():
        growth[r], before = v - before, v
    r = max(growth, key=lambda x: growth[x])
    d = client.get(f"/api/debrief/{tokens[1]}").json()
    assert any(
        p.startswith(f"The Waste Pile grew by {growth[r]:g} in round {r},") for p in d["learning_points"]
    ), d["learning_points"]
    peak = max(spec.metrics(s)["waste"] for s in states)
    assert any(f"peaked at {peak:g}" in p for p in d["learning_points"])


def test_resourcity_learning_point_names_the_pool_closest_to_running_out(client):
    tokens, rec, states = finished_table(client, "resourcity", 11)
    spec = states[0].game.spec
    lows = {p: min(spec.metrics(s)[p] for s in states) for p in ("fuel", "food", "water")}
    pool = min(lows, key=lambda p: lows[p])
    d = client.get(f"/api/debrief/{tokens['spectator']}").json()
    assert d["learning_points"][0].startswith(
        f"{pool.capitalize()} came closest to running out: {lows[pool]:g} left"
    )


def test_sustain_learning_points_give_its_tables_and_the_year_co2_grew_most(client):
    tokens, rec, states = finished_table(client, "sustain", 4, players=4)
    spec, board = states[0].game.spec, states[0].game.content.board
    co2 = [spec.metrics(s)["co2"] for s in states]
    end_of_year: dict[int, float] = {}
    for s, v in zip(states, co2, strict=True):
        end_of_year[s.round] = v
    before, growth = co2[0], {}
    for y, v in end_of_year.items():
        growth[y], before = v - before, v
    y = max(growth, key=lambda r: growth[r])
    points = client.get(f"/api/debrief/{tokens[0]}").json()["learning_points"]
    assert f"The CO2 Accumulation table ended at {co2[-1]:g} of {board.co2_squares} marks" in points[1]
    assert any(p.startswith(f"CO2 grew most in year {y} ({growth[y]:+g})") for p in points), points


def test_debrief_key_moments_contributions_and_per_round_figures(client):
    tokens, rec, states = finished_table(client, "waste_what", 2)
    spec = states[0].game.spec
    d = client.get(f"/api/debrief/{tokens[0]}").json()
    assert d["outcome"] == {**states[-1].outcome().to_json(), "ending": states[-1].ending()}
    assert d["metrics"] == [k for k in spec.metrics(states[-1]) if k != "round"]
    assert d["per_round"][-1] == {
        "round": states[-1].round,
        **{k: v for k, v in spec.metrics(states[-1]).items() if k != "round"},
    }
    events = [m for m in d["moments"] if m["kind"] == "event"]
    public_events = [line["text"] for line in states[-1].log_for(None) if line["kind"] == "event"]
    assert events and [m["text"] for m in events] == public_events
    assert d["moments"][-1]["kind"] == "end" and d["moments"][-1]["text"] == states[-1].ending()
    by_seat = [sum(1 for seat, _a in rec.moves if seat == s) for s in range(2)]
    assert [c["moves"] for c in d["contributions"]] == by_seat
    burns = sum(1 for seat, a in rec.moves if seat == 0 and a.startswith("burn "))
    assert d["contributions"][0]["actions"].get("burn", 0) == burns
    page = client.get(f"/debrief/{tokens[0]}").text
    assert (
        page.count("<figure>") == len(d["metrics"]) and d["learning_points"][0].replace("'", "&#39;") in page
    )


def test_debrief_csv_has_a_row_per_step_with_the_games_metrics(client):
    tokens, rec, states = finished_table(client, "reclaim", 8)
    spec = states[0].game.spec
    r = client.get(f"/api/debrief/{tokens['facilitator']}/csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    names = [k for k in spec.metrics(states[0]) if k != "round"]
    assert rows[0] == ["step", "round", "seat", "action", *names]
    assert len(rows) == len(rec.moves) + 2
    k = 17
    assert rows[k + 1][:4] == [
        str(k),
        str(states[k].round),
        str(rec.moves[k - 1][0] + 1),
        rec.moves[k - 1][1],
    ]
    assert [float(x) for x in rows[-1][4:]] == [spec.metrics(states[-1])[n] for n in names]


def test_debrief_pdf_is_a_pdf_with_the_learning_points(client):
    tokens, rec, states = finished_table(client, "resourcity", 11)
    r = client.get(f"/api/debrief/{tokens[0]}/pdf")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF-") and r.content.rstrip().endswith(b"%%EOF")
    text = pdf_text(r.content)
    points = client.get(f"/api/debrief/{tokens[0]}").json()["learning_points"]
    assert "Resourcity: debrief" in text and points[0] in text and "Key moments" in text


def test_loopcity_debrief_writes_pdf_and_csv_from_a_record(tmp_path):
    rec, states = bot_game("waste_what", 4)
    rec.save(tmp_path / "g.json")
    out = CliRunner().invoke(
        cli,
        [
            "debrief",
            str(tmp_path / "g.json"),
            "--pdf",
            str(tmp_path / "d.pdf"),
            "--csv",
            str(tmp_path / "d.csv"),
        ],
    )
    assert out.exit_code == 0, out.output
    assert "CO2" in out.output
    assert (tmp_path / "d.pdf").read_bytes().startswith(b"%PDF-")
    assert len((tmp_path / "d.csv").read_text().splitlines()) == len(rec.moves) + 2


def test_a_timeline_gives_the_state_of_any_step_as_a_replay_from_the_seed():
    rec, states = bot_game("resourced", 9)
    tl = build(load_game("resourced"), rec.seed, rec.moves)
    for k in (0, 1, 15, 16, 17, 40, len(rec.moves)):
        assert tl.state_at(k) == rec.replay(upto=k) == states[k]
    s = states[40]  # the game's metrics plus the figures its debrief rules add
    assert tl.metrics[40] == {**s.game.spec.metrics(s), "composters": float(s.count["composter"])}


def test_replay_timelines_are_cached_per_table_and_version(client, reclaim_running):
    t, toks = reclaim_running
    cache = client.app.state.manager.timelines
    for k in range(7):
        client.get(f"/api/replay/{toks[0]}?step={k}")
    assert list(cache._items) == [(t["id"], 6)]


def _play_out(client, toks: dict[int, str]) -> None:
    for i in range(200):
        s = client.get(f"/api/state/{toks[0]}").json()
        if s["finished"]:
            return
        tok = toks[s["active_seats"][0]]
        legal = client.get(f"/api/state/{tok}").json()["legal"]
        client.post(f"/api/act/{tok}", json={"action": legal[(i * 7) % len(legal)]["action"]})


def _tiny_metrics(state) -> dict[str, float]:
    return {"pile": float(state.pile), "taken_by_seat_1": float(state.taken[0])}


TINY_METRICS = replace(TINY, id="tinymetrics", metrics=_tiny_metrics)


def test_a_game_without_debrief_rules_gets_learning_points_from_its_metrics(make_client):
    client = make_client(extra_games=[TINY, TINY_METRICS])
    try:
        t = new_table(client, "tinymetrics", players=2, variant="short")
        toks = seat_tokens(t)
        _play_out(client, toks)
        d = client.get(f"/api/debrief/{toks[0]}").json()
        stored = client.app.state.manager.db.load(t["id"])
        rec = Record(stored.game, stored.config, stored.seed, moves=stored.moves)
        metrics = [_tiny_metrics(rec.replay(upto=k)) for k in range(len(stored.moves) + 1)]
        # the tiny game has no rounds: everything is round 0, so each figure's change is first to last
        pile = metrics[-1]["pile"] - metrics[0]["pile"]
        taken = metrics[-1]["taken_by_seat_1"] - metrics[0]["taken_by_seat_1"]
        assert d["learning_points"] == [
            f"Pile changed most in round 0: {pile:+g}.",
            f"Taken by seat 1 changed most in round 0: {taken:+g}.",
        ]
    finally:
        unregister(TINY_METRICS.id)


def test_a_game_without_metrics_still_gets_a_debrief(client):
    t = new_table(client, "tiny", players=2, variant="short")
    toks = seat_tokens(t)
    _play_out(client, toks)
    d = client.get(f"/api/debrief/{toks[0]}").json()
    assert d["metrics"] == [] and d["learning_points"] == [] and d["moments"][-1]["kind"] == "end"
    assert client.get(f"/debrief/{toks[0]}").status_code == 200
    assert client.get(f"/api/debrief/{toks[0]}/pdf").content.startswith(b"%PDF-")
    assert client.get(f"/api/debrief/{toks[0]}/csv").text.splitlines()[0] == "step,round,seat,action"


def test_the_replay_page_lists_what_that_view_could_see(client, reclaim_running):
    t, toks = reclaim_running
    page = client.get(f"/replay/{toks[2]}?step=0").text
    stored = client.app.state.manager.db.load(t["id"])
    view = Record(stored.game, stored.config, stored.seed, moves=stored.moves).replay(upto=0).view(2)
    assert "<dt>my_agenda</dt>" in page and "my_agenda" in view
    spect = client.get(f"/replay/{toks[2]}?step=0&as=spectator").text
    assert "<dt>my_agenda</dt>" not in spect

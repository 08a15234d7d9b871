"""A class: one form for the teacher, join codes for the students, a dashboard, class-wide controls,
stepping in at a table, the projector's pages and slips (the JSON API and the pages, in one app)."""

from __future__ import annotations

import re
import time

import pytest

from loopcity.web.classes import CODE_ALPHABET, clean_code


def op_path(client, operation_id: str) -> tuple[str, str]:
    """The method and path of an operation, found in /openapi.json by its operationId."""
    spec = client.get("/openapi.json").json()
    for path, methods in spec["paths"].items():
        for method, op in methods.items():
            if op.get("operationId") == operation_id:
                return method.upper(), path
    raise AssertionError(f"no operation {operation_id}")


def call(client, operation_id: str, token: str | None = None, json=None):
    method, path = op_path(client, operation_id)
    if token is not None:
        path = re.sub(r"\{[^}]+\}", token, path)
    return client.request(method, path, json=json)


def new_class(client, **body):
    r = call(client, "create_class", json={"game": "sustain", "tables": 3, "players": 3, **body})
    assert r.status_code == 201, r.text
    return r.json()


def join(client, code, name, **kw):
    client.cookies.clear()  # each student on their own phone
    r = call(client, "join_class", json={"code": code, "name": name, **kw})
    return r


def test_the_api_runs_a_class_as_a_teacher_would(client):
    made = new_class(client)
    token, code = made["token"], made["join_code"]
    assert len(token) >= 22 and len(made["tables"]) == 3
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    ada = join(client, code, "Ada").json()
    ben = join(client, code.lower(), " Ben ").json()
    assert ada["token"] and ben["token"] and ada["token"] != ben["token"]
    board = call(client, "class_dashboard", token).json()
    names = [n for t in board["tables"] for s in t["seats"] for n in s["names"]]
    assert sorted(names) == ["Ada", "Ben"]
    # both sit at the same table, so it can start (tables fill up one by one)
    assert ada["table"] == ben["table"] == 1

    assert call(client, "pause_class", token, {"paused": True}).json() == {"paused": True}
    state = client.get(f"/api/state/{ada['token']}").json()
    assert state["paused"]
    legal = state["legal"] or client.get(f"/api/state/{ben['token']}").json()["legal"]
    mover = ada if state["legal"] else ben
    r = client.post(f"/api/act/{mover['token']}", json={"action": legal[0]["action"]})
    assert r.status_code == 423
    call(client, "pause_class", token, {"paused": False})
    assert not client.get(f"/api/state/{ada['token']}").json()["paused"]

    r = call(client, "announce_class", token, {"text": "Five minutes left"})
    assert r.status_code == 200
    assert client.get(f"/api/state/{ben['token']}").json()["announcement"]["text"] == "Five minutes left"

    r = call(client, "seat_to_bot", token, {"seat": ada["token"], "bot": "heuristic"})
    assert r.status_code == 200, r.text
    seats = next(t for t in call(client, "class_dashboard", token).json()["tables"] if t["n"] == ada["table"])
    seat = seats["seats"][ada["seat"]]
    assert seat["kind"] == "bot" and seat["bot"] == "heuristic" and seat["names"] == ["Ada"]
    assert client.get(f"/api/state/{ada['token']}").json()["handed"]

    r = call(client, "end_game", token, {"seat": ada["token"]})
    assert r.status_code == 200, r.text
    table = next(t for t in call(client, "class_dashboard", token).json()["tables"] if t["n"] == ada["table"])
    assert table["status"] == "ended" and table["outcome"]["ending"]
    state = client.get(f"/api/state/{ben['token']}").json()
    assert state["finished"] and state["outcome"]["cause"] == "ended by the facilitator"
    record = client.get(f"/api/record/{ben['token']}")
    assert record.status_code == 200 and record.json()["header"]["game"] == "sustain"


def test_class_operations_are_in_the_openapi_document_by_operation_id(client):
    for op in (
        "create_class",
        "join_class",
        "class_dashboard",
        "pause_class",
        "announce_class",
        "seat_to_bot",
        "end_game",
    ):
        method, path = op_path(client, op)
        if op not in ("create_class", "join_class"):
            assert path.count("{") == 1, path  # the class's facilitator token, nothing else


def test_a_code_grants_no_seat_that_is_taken_and_a_phone_comes_back_to_its_seat(client):
    made = new_class(client, tables=1)
    code = made["join_code"]
    seated = [join(client, code, f"S{i}").json() for i in range(3)]
    assert [s["seat"] for s in seated] == [0, 1, 2]
    late = join(client, code, "Late").json()
    assert late["token"] is None and late["waiting"]
    # the same phone (its cookie) joins again: the same seat, not a new one
    client.cookies.clear()
    first = call(client, "join_class", json={"code": code, "name": "Kim"})
    again = call(client, "join_class", json={"code": code, "name": "Kim"})
    assert first.json()["student"] == again.json()["student"]
    # another phone cannot take Ada's name, nor her seat
    client.cookies.clear()
    assert join(client, code, "s0").status_code == 409


def test_bad_codes_names_and_tokens_are_refused_with_reasons(client):
    made = new_class(client, tables=1)
    assert join(client, "ZZZZZZ", "Ada").status_code == 404
    r = join(client, made["join_code"], "   ")
    assert r.status_code == 400 and "name" in r.json()["detail"]
    assert call(client, "class_dashboard", "not-a-token").status_code == 403
    assert call(client, "seat_to_bot", made["token"], {"seat": "nope"}).status_code == 403
    r = call(client, "create_class", json={"game": "sustain", "tables": 0})
    assert r.status_code == 400 and "tables" in r.json()["detail"]
    r = call(client, "create_class", json={"game": "sustain", "tables": 2, "players": 9})
    assert r.status_code == 400
    r = call(client, "create_class", json={"game": "nope", "tables": 2})
    assert r.status_code == 404


def test_guessing_codes_is_rate_limited(client):
    new_class(client, tables=1)
    answers = [join(client, f"AAAA{c}{d}", "X").status_code for c in "CD" for d in "ACDEFHJ"]
    assert 429 in answers and answers[0] == 404


def test_look_alike_characters_read_as_the_code_meant():
    assert clean_code("t0-ad 3") == clean_code("TD AD3") == "TDAD3"


def test_a_trial_run_has_bots_everywhere_and_the_dashboard_and_wall_show_each_table(client):
    made = new_class(client, tables=2, bots="random")
    board = call(client, "class_dashboard", made["token"]).json()
    assert all(s["kind"] == "bot" for t in board["tables"] for s in t["seats"])
    page = client.get(f"/class/{made['token']}")
    assert page.status_code == 200 and made["join_code"] in page.text and "<svg" in page.text
    wall = client.get(f"/class/{made['token']}/wall")
    assert wall.status_code == 200 and wall.text.count('class="wall-table') == 2
    big = client.get(f"/class/{made['token']}/table/1")
    assert big.status_code == 200 and "big-board" in big.text
    assert client.get(f"/class/{made['token']}/table/9").status_code == 404
    # the key figures read as the table holds them: counts as counts ("Year 1", not "1.0")
    for text in (wall.text, big.text):
        shown = re.findall(r"<dd>([^<]*)</dd>", text.split('class="wall-figures"', 1)[1])
        assert shown and all(re.fullmatch(r"-?\d+(\.\d{1,2})?", v) and not v.endswith(".0") for v in shown), (
            shown
        )


def test_start_fills_empty_seats_with_bots_and_a_rematch_keeps_seats_and_names(client):
    made = new_class(client, tables=1)
    ada = join(client, made["join_code"], "Ada").json()
    assert call(client, "fill_class", made["token"], {}).json()["bots"] == 2
    call(client, "end_game", made["token"], {"table": 1})
    r = call(client, "rematch_table", made["token"], {"table": 1})
    assert r.status_code == 200, r.text
    state = client.get(f"/api/state/{ada['token']}").json()  # the same link, the new game
    assert not state["finished"] and state["version"] == 0
    assert state["seats"][ada["seat"]]["people"] == "Ada"
    assert [s["kind"] for s in state["seats"]].count("bot") == 2


def test_a_student_who_comes_late_takes_a_seat_a_bot_kept_and_plays_from_there(client):
    """The teacher started the games with two of three students there: bots took the empty seats. The
    latecomer joins and is seated where a bot kept a seat, which the bot hands over; a trial run's own
    bots and a seat a bot plays for an absent student keep theirs."""
    made = new_class(client, tables=1)  # SUSTAIN, three seats
    ada = join(client, made["join_code"], "Ada").json()
    assert call(client, "fill_class", made["token"], {}).json()["bots"] == 2
    call(client, "seat_to_bot", made["token"], {"seat": ada["token"]})  # Ada's phone is flat for now
    late = join(client, made["join_code"], "Cleo").json()
    assert late["token"] and not late["waiting"] and late["seat"] != ada["seat"]
    seats = call(client, "class_dashboard", made["token"]).json()["tables"][0]["seats"]
    assert seats[late["seat"]]["kind"] == "human" and seats[late["seat"]]["names"] == ["Cleo"]
    assert seats[ada["seat"]]["kind"] == "bot" and seats[ada["seat"]]["names"] == ["Ada"]
    assert client.get(f"/api/state/{late['token']}").json()["seat"] == late["seat"]
    # the teacher frees Cleo's seat: while she waits, the seat a bot still keeps is offered to place her
    ids = {x["name"]: x["id"] for x in call(client, "class_dashboard", made["token"]).json()["students"]}
    call(client, "place_student", made["token"], {"student": ids["Cleo"]})
    page = client.get(f"/class/{made['token']}").text
    waiting = page.split('id="waiting-h"', 1)[1].split("</section>", 1)[0]
    assert re.search(r"<option value=\"1:\d\">[^<]*\(bot: [^<]+\)</option>", waiting), waiting
    # Dev and Kim take Cleo's seat and the one a bot kept; then Lee waits (Ada's seat stays hers)
    dev, kim, lee = (join(client, made["join_code"], n).json() for n in ("Dev", "Kim", "Lee"))
    assert {dev["seat"], kim["seat"]} == {0, 1, 2} - {ada["seat"]} and lee["waiting"]
    trial = new_class(client, tables=1, bots="random")
    assert join(client, trial["join_code"], "Noor").json()["waiting"]


def test_the_teacher_moves_and_frees_a_student_and_the_old_link_stops_working(client):
    made = new_class(client, tables=2)
    ada = join(client, made["join_code"], "Ada").json()
    board = call(client, "class_dashboard", made["token"]).json()
    sid = board["students"][0]["id"]
    r = call(client, "place_student", made["token"], {"student": sid, "table": 2, "seat": 1})
    assert r.status_code == 200, r.text
    assert client.get(f"/api/state/{ada['token']}").status_code == 403
    board = call(client, "class_dashboard", made["token"]).json()
    assert board["tables"][1]["seats"][1]["names"] == ["Ada"]
    assert board["tables"][0]["seats"][0]["names"] == []


def test_the_teacher_lets_a_student_in_on_another_phone_and_the_old_one_stops_leading_there(client):
    made = new_class(client, tables=1)
    code = made["join_code"]
    ada = join(client, code, "Ada").json()
    old_phone = dict(client.cookies)
    ben = join(client, code, "Ben").json()
    # Ada's phone is flat: on a friend's phone her name is refused, and the refusal says what to do
    refused = join(client, code, "ada")
    assert refused.status_code == 409 and "new phone" in refused.json()["detail"]
    board = call(client, "class_dashboard", made["token"]).json()
    sid = next(s["id"] for s in board["students"] if s["name"] == "Ada")
    r = call(client, "new_phone", made["token"], {"student": sid})
    assert r.status_code == 200, r.text
    assert r.json()["until"] > time.time() + 60
    board = call(client, "class_dashboard", made["token"]).json()
    assert next(s for s in board["students"] if s["name"] == "Ada")["new_phone"] == 10
    # the old phone's key and its seat's link lead nowhere now; Ben's seat is untouched
    client.cookies.clear()
    client.cookies.update(old_phone)
    assert client.get("/me", follow_redirects=False).headers["location"] == "/join"
    assert client.get(f"/api/state/{ada['token']}").status_code == 403
    assert client.get(f"/api/state/{ben['token']}").status_code == 200
    # the new phone joins by her name and lands on her seat, once: a third phone is refused again
    again = join(client, code, "Ada")
    assert again.status_code == 200, again.text
    assert (again.json()["table"], again.json()["seat"]) == (ada["table"], ada["seat"])
    assert client.get(f"/api/state/{again.json()['token']}").json()["seat"] == ada["seat"]
    assert join(client, code, "Ada").status_code == 409
    board = call(client, "class_dashboard", made["token"]).json()
    assert next(s for s in board["students"] if s["name"] == "Ada")["new_phone"] is None
    assert len(board["students"]) == 2
    # an unknown student is refused with a reason
    r = call(client, "new_phone", made["token"], {"student": "nobody"})
    assert r.status_code == 404 and "student" in r.json()["detail"]


def test_a_page_open_on_a_seat_the_teacher_gave_a_new_link_is_closed_and_cannot_act(client):
    """A moved student's page, and the page still open on the phone a student was let off, are closed
    (4403: the link no longer leads to the seat; the class's page then reloads to wherever the seat is
    now); nothing more is played through them."""
    from starlette.websockets import WebSocketDisconnect

    made = new_class(client, tables=2)
    ada = join(client, made["join_code"], "Ada").json()
    ben = join(client, made["join_code"], "Ben").json()
    ids = {s["name"]: s["id"] for s in call(client, "class_dashboard", made["token"]).json()["students"]}
    for name, seat, step in (("Ada", ada, "place_student"), ("Ben", ben, "new_phone")):
        with client.websocket_connect(f"/ws/{seat['token']}") as ws:
            assert ws.receive_json()["type"] == "state"
            body = {"student": ids[name], **({"table": 2, "seat": 1} if step == "place_student" else {})}
            assert call(client, step, made["token"], body).status_code == 200
            ws.send_json({"type": "sync"})  # a page still served would be answered its state
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403 and "no longer leads" in closed.value.reason
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(f"/ws/{ben['token']}") as ws:
        ws.receive_json()
    assert closed.value.code == 4403


def test_the_dashboards_new_phone_button_lets_a_student_in_again(client):
    made = new_class(client, tables=1)
    join(client, made["join_code"], "Kim")
    page = client.get(f"/class/{made['token']}")
    sid = re.search(r'data-new-phone="([0-9a-f]+)"', page.text)[1]
    r = client.post(f"/class/{made['token']}/do/new-phone", data={"student": sid}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("#students-list")  # the list open again
    page = client.get(f"/class/{made['token']}")
    assert "joins again by name within 10 minutes" in page.text
    assert join(client, made["join_code"], "Kim").status_code == 200


def test_at_a_class_table_the_teacher_not_a_student_starts_the_next_game(client):
    """A student's page offers no Play again at a class's table (a game started from a seat would
    run outside the class, where the teacher does not see it), and the request is refused."""
    made = new_class(client, tables=1)
    ada = join(client, made["join_code"], "Ada").json()
    call(client, "end_game", made["token"], {"table": 1})
    state = client.get(f"/api/state/{ada['token']}").json()
    assert state["finished"] and state["in_class"]
    assert "teacher ended the game" in state["outcome"]["ending"]
    r = client.post(f"/api/rematch/{ada['token']}")
    assert r.status_code == 403 and "teacher" in r.json()["detail"]
    assert call(client, "rematch_table", made["token"], {"table": 1}).status_code == 200
    assert not client.get(f"/api/state/{ada['token']}").json()["finished"]


def test_ending_the_class_kills_its_code(client):
    made = new_class(client, tables=1)
    assert call(client, "end_class", made["token"]).status_code == 200
    assert join(client, made["join_code"], "Ada").status_code == 404
    board = call(client, "class_dashboard", made["token"]).json()
    assert board["ended"] and board["tables"][0]["status"] == "ended"


def test_the_form_makes_a_class_in_one_submit_and_students_join_by_form(client):
    r = client.post(
        "/classes",
        data={
            "game": "reclaim",
            "tables": "2",
            "clock_reclaim_alarm": "7",
            "variant_reclaim": "timer",
            "chat": "1",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303 and r.headers["location"].startswith("/class/")
    page = client.get(r.headers["location"])
    code = re.search(r'id="join-code">([A-Z0-9]+)<', page.text).group(1)
    client.cookies.clear()
    joined = client.post("/join", data={"code": code, "name": "Noor"}, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == "/me"
    me = client.get("/me")
    assert me.status_code == 200 and "Noor" in me.text and "loopcity-data" in me.text
    bad = client.post("/join", data={"code": "QQQQQQ", "name": "Noor"})
    assert bad.status_code == 404 and "code" in bad.text


@pytest.mark.parametrize("lang", ["de"])
def test_the_dashboard_reads_in_german(client, lang):
    made = new_class(client, tables=1)
    join(client, made["join_code"], "Ada")
    page = client.get(f"/class/{made['token']}?lang={lang}")
    assert "Tisch 1" in page.text
    # a teacher moves a student to another seat ("umsetzen"), where a player makes a move ("Zug")
    assert ">Umsetzen</button>" in page.text and "Neues Handy" in page.text and ">Zug<" not in page.text


def test_the_class_debrief_answers_at_once_while_the_games_run(client):
    import io

    from pypdf import PdfReader

    made = new_class(client, game="reclaim", tables=3, players=4, bots="heuristic")
    call(client, "end_game", made["token"], {"table": 2})
    r = call(client, "class_debrief", made["token"])
    assert r.status_code == 200, r.text
    data = r.json()
    assert len(data["tables"]) == 3
    assert {t["status"] for t in data["tables"]} >= {"ended"}
    assert "agenda" in r.text.lower()  # the teacher's own link names RECLAIM's Hidden agendas
    pdf = call(client, "class_debrief_pdf", made["token"])
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) >= 3
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", text), re.findall(r"\b[a-z]+_[a-z_]+\b", text)[:5]
    page = client.get(f"/class/{made['token']}/debrief")
    assert page.status_code == 200 and "Table 3" in page.text
    # its look comes from a style sheet: the page's Content-Security-Policy refuses an inline style
    assert "<style" not in page.text and "style-src 'self';" in page.headers["content-security-policy"]
    sheet = re.search(r'<link rel="stylesheet" href="(/class-debrief.css)">', page.text)
    assert sheet, "the page links the class debrief's style sheet"
    css = client.get(sheet[1])
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert ".cd-slide" in css.text
    csv = client.get(f"/api/classes/{made['token']}/debrief.csv?anonymous=true")
    assert csv.status_code == 200 and csv.text.count("\n") > 3


def test_a_class_plays_the_operators_content_file_and_a_bad_one_is_refused_naming_the_field(
    make_client, tmp_path
):
    import shutil
    from dataclasses import replace as _replace
    from pathlib import Path

    from loopcity.games import reclaim

    from .conftest import ROOMY

    folder = tmp_path / "content" / "reclaim"
    folder.mkdir(parents=True)
    source = Path(reclaim.__file__).parent / "content.toml"
    shutil.copy(source, folder / "our-town.toml")
    text = source.read_text()
    (folder / "broken.toml").write_text(text.replace("timer_minutes = 10", "timer_minutes = -3", 1))
    client = make_client(settings=_replace(ROOMY, content_dir=str(tmp_path / "content")))
    assert "our-town" in client.get("/class/new").text
    made = call(client, "create_class", json={"game": "reclaim", "tables": 1, "content": "our-town"})
    assert made.status_code == 201, made.text
    broken = call(client, "create_class", json={"game": "reclaim", "tables": 1, "content": "broken"})
    assert broken.status_code == 400 and "timer_minutes" in broken.json()["detail"]
    elsewhere = call(client, "create_class", json={"game": "reclaim", "tables": 1, "content": "../../etc"})
    assert elsewhere.status_code == 400


def test_the_dashboard_names_each_games_round_in_its_own_word(client):
    made = new_class(client, tables=1)  # SUSTAIN: its rounds are years
    table = call(client, "class_dashboard", made["token"]).json()["tables"][0]
    assert table["round_word"] == "Year"
    page = client.get(f"/class/{made['token']}/tables?lang=de")
    assert "Jahr 1" in page.text


def test_the_log_names_the_students_at_their_seats_once_move_after_move(client):
    """With names given, each log line about a seat says who sits there ("Ada · <seat>"), once per
    mention, in every message of every move: the live pages' (whose lines are worded once and
    shared from message to message, so adding the names must never change them) as a fresh load's."""
    import contextlib

    from .pages import Page

    made = new_class(client, game="waste_what", tables=1, players=2)
    code = made["join_code"]
    people = {"Ada": join(client, code, "Ada").json(), "Ben": join(client, code, "Ben").json()}
    named = 0
    with contextlib.ExitStack() as stack:
        pages = {
            n: Page(stack.enter_context(client.websocket_connect(f"/ws/{p['token']}")))
            for n, p in people.items()
        }
        for page in pages.values():
            page.receive()
        for version in range(1, 13):
            mover = next(p for p in people.values() if client.get(f"/api/state/{p['token']}").json()["legal"])
            action = client.get(f"/api/state/{mover['token']}").json()["legal"][0]["action"]
            assert client.post(f"/api/act/{mover['token']}", json={"action": action}).status_code == 200
            for name, page in pages.items():
                while page.receive().get("version") != version:
                    pass
                fresh = client.get(f"/api/state/{people[name]['token']}").json()
                assert page.has is not None and page.has["log"] == fresh["log"]
                roles = {s["people"]: s["role"] for s in fresh["seats"]}
                for line in fresh["log"]:
                    for who, role in roles.items():
                        if who:
                            assert line["text"].count(role) == line["text"].count(f"{who} · {role}"), line
                            named += line["text"].count(f"{who} · {role}")
    assert named >= 4


def test_the_pages_that_refresh_every_few_seconds_send_nothing_while_nothing_changed(client):
    """The dashboard, the wall and the big screen fetch their tables every few seconds: while no table
    moves, the server answers 304 to the part the page has (its ETag), so nothing travels and nothing
    is redrawn, though the time since the last move goes on (the page counts it from the time of the
    move); after a move the new part comes whole."""
    made = new_class(client, tables=2, players=3)
    token = made["token"]
    for name in ("Ada", "Ben", "Cem"):
        join(client, made["join_code"], name)
    parts = [f"/class/{token}/tables", f"/class/{token}/wall/tables", f"/class/{token}/table/1/view"]
    first = {url: client.get(url) for url in parts}
    for url, r in first.items():
        assert r.status_code == 200 and r.headers["etag"], url
    time.sleep(1.1)  # a second later: the same parts
    for url, r in first.items():
        again = client.get(url, headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and again.content == b"", url
        assert client.get(url).text == r.text, url
    assert 'data-moved="' in first[parts[0]].text
    # everyone at table 1 passes: the discussion is over, and every part shows it
    for _ in range(3):
        board = call(client, "class_dashboard", token).json()["tables"][0]
        mover = next(s["token"] for s in board["seats"] if s["active"])
        r = client.post(f"/api/act/{mover}", json={"action": "pass"})
        assert r.status_code == 200, r.text
    for url, r in first.items():
        after = client.get(url, headers={"If-None-Match": r.headers["etag"]})
        assert after.status_code == 200 and after.headers["etag"] != r.headers["etag"], url
        assert after.text != r.text
    assert "3 moves" in client.get(parts[0]).text


def test_the_wall_shares_each_tables_spectator_message_with_its_pages(client):
    """The wall and the big screen read each table's spectator message built once per version (and
    shared with the table's own pages), not a message of their own at every fetch."""
    made = new_class(client, tables=1, players=3)  # nobody joined: the table moves only as below
    hub = client.app.state.manager.hub
    t = client.app.state.manager.live[made["tables"][0]["id"]]
    seen = hub.watching(t, "en")
    assert hub.watching(t, "en") is seen  # the same version: the same message
    assert seen["seat"] is None and seen["legal"] == [] and seen["version"] == t.version
    assert seen["svg"] == client.get(f"/api/state/{_spectator(client, t.id)}").json()["svg"]
    state = t.state.clone()
    seat = next(iter(state.active_seats()))
    state.apply(seat, state.legal_actions(seat)[0])
    t.state, t.version = state, t.version + 1
    moved = hub.watching(t, "en")
    assert moved is not seen and moved["version"] == t.version


def _spectator(client, table_id: str) -> str:
    """The table's spectator link."""
    tokens = client.app.state.manager.db.tokens(table_id)
    return next(token for token, role, _seat in tokens if role == "spectator")


def test_the_lesson_clock_counts_down_on_the_dashboard_the_wall_and_the_big_screen(client):
    """The teacher says the lesson ends in 45 minutes: every one of the class's pages shows how long is
    left (its script counts on by the second), 0 takes the clock down, and a wrong number is refused with
    its reason and changes nothing."""
    made = new_class(client, tables=2)
    token = made["token"]
    set_at = time.time()
    answer = call(client, "lesson_class", token, {"minutes": 45}).json()["lesson"]
    assert answer["minutes"] == 45 and set_at + 45 * 60 - 2 <= answer["ends"] <= time.time() + 45 * 60 + 1
    assert call(client, "class_dashboard", token).json()["lesson"] == answer
    pages = [f"/class/{token}", f"/class/{token}/tables", f"/class/{token}/wall", f"/class/{token}/table/1"]
    for page in pages:
        text = client.get(page).text
        assert f'data-ends="{answer["ends"]}"' in text and "45 min left in the lesson" in text, page
    german = client.get(f"/class/{token}/wall?lang=de").text
    assert "noch 45 Min. Unterricht" in german
    for bad, said in (
        ({"minutes": 301}, "minutes"),
        ({"minutes": -1}, "minutes"),
        ({"minutes": "5"}, "minutes"),
        ({"minutes": 5, "and": 1}, "and"),
    ):
        r = call(client, "lesson_class", token, bad)
        assert r.status_code == 400 and said in r.json()["detail"], r.text
    for bad in ("301", "ten", "-5"):
        r = client.post(f"/class/{token}/do/lesson", data={"minutes": bad}, follow_redirects=False)
        assert r.status_code == 400 and "a whole number from 0 to 300" in r.text
    assert call(client, "class_dashboard", token).json()["lesson"] == answer
    r = client.post(f"/class/{token}/do/lesson", data={"minutes": "0"}, follow_redirects=False)
    assert r.status_code == 303 and call(client, "class_dashboard", token).json()["lesson"] is None
    assert "data-ends" not in client.get(f"/class/{token}/wall").text


def test_a_lesson_whose_time_is_up_says_so(client):
    from loopcity.web.routers.classes import lesson_clock

    assert lesson_clock(time.time() - 5) == {"ends": pytest.approx(time.time() - 5, abs=2), "minutes": 0}
    assert lesson_clock(time.time() + 61)["minutes"] == 2  # a minute and a second: "2 min left"
    assert lesson_clock(None) is None


def test_the_wall_shows_a_long_name_as_first_name_and_initial_and_the_dashboard_the_whole_name(client):
    """A shared screen (the projector's wall) shows each student by first name and the initial of
    their last, where the name is long; a short name, or one that ends in a number, as it is. The
    teacher's dashboard shows every whole name."""
    made = new_class(client, tables=1, players=3)
    for name in ("Charlotte Abdelrahman", "Student 07", "Ana Lee"):
        assert join(client, made["join_code"], name).status_code == 200
    wall = client.get(f"/class/{made['token']}/wall").text
    people = wall.split('class="wall-people"', 1)[1].split("</p>", 1)[0]
    assert "Charlotte A." in people and "Abdelrahman" not in people
    assert "Student 07" in people and "Ana Lee" in people
    dashboard = client.get(f"/class/{made['token']}").text
    assert "Charlotte Abdelrahman" in dashboard


def test_a_tables_last_move_reads_as_the_same_second_at_every_refresh(client, monkeypatch):
    """The dashboard gives each table's last move as a wall-clock second (the page counts "n s ago"
    from it): a refresh a moment later, even with the wall clock a second on from the server's
    monotonic clock (read at another instant, or set by the network's time), gives the same second, so
    the table's part is not sent and drawn again."""
    made = new_class(client, tables=1, players=3)
    for name in ("Ada", "Ben", "Cem"):
        join(client, made["join_code"], name)
    url = f"/class/{made['token']}/tables"
    first = client.get(url)
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 1.0)
    again = client.get(url, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304, re.findall(r'data-moved="\d+"', client.get(url).text)


def test_a_refresh_a_minute_later_sends_nothing_while_no_table_moved(client, monkeypatch):
    """The dashboard's tables say how long ago each last moved ("(1 min ago)"), and the page counts that
    on by itself: a minute later the part is the same for the page, answered 304, not sent and drawn
    again once a minute (the 24-phone class test caught a table redrawn as its minute turned)."""
    from loopcity.web import classes

    made = new_class(client, tables=1, players=3)
    for name in ("Ada", "Ben", "Cem"):
        join(client, made["join_code"], name)
    url = f"/class/{made['token']}/tables"
    first = client.get(url)
    assert "(0 min ago)" in first.text

    class Later:  # the server's clock a minute on (the classes module's only)
        def __getattr__(self, name):
            return getattr(time, name)

        def monotonic(self):
            return time.monotonic() + 61

    monkeypatch.setattr(classes, "time", Later())
    assert "(1 min ago)" in client.get(url).text
    again = client.get(url, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304

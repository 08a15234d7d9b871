"""The class debrief (loopcity.debrief.classroom): three RECLAIM tables of bots, one finished, one ended
early by the teacher, one still running, side by side in data, on a projector page, in a PDF handout
with a page per table, and as CSV and Parquet."""

from __future__ import annotations

import io
import re

import pyarrow.parquet as pq
import pytest

from loopcity.debrief import build as timeline
from loopcity.debrief import from_record
from loopcity.debrief.classroom import ClassTable, build, multi_chart
from loopcity.engine import load_game
from loopcity.engine.text import reading_in

from .conftest import SNAKE, bot_record, pdf_pages, texts

NAMES = {0: "Ada", 1: "Ben", 2: "Cleo", 3: "Dev"}
BOTS = [{"kind": "bot"}] * 4


def three_tables() -> list[ClassTable]:
    game = load_game("reclaim")
    ended, running = bot_record("reclaim", 4), bot_record("reclaim", 5)
    return [
        ClassTable("Table 1", record=bot_record("reclaim", 3), names=NAMES, seats=BOTS),
        ClassTable(
            "Table 2", timeline=timeline(game, ended.seed, ended.moves[:120]), status="ended", seats=BOTS
        ),
        ClassTable("Table 3", timeline=timeline(game, running.seed, running.moves[:40]), seats=BOTS),
    ]


@pytest.fixture(scope="module")
def class_debrief():
    return build(three_tables(), title="Class 7b")


def test_every_table_is_there_with_its_status(class_debrief):
    data = class_debrief.to_json()
    rows = data["tables"]
    assert [(t["label"], t["status"]) for t in rows] == [
        ("Table 1", "finished"),
        ("Table 2", "ended"),
        ("Table 3", "running"),
    ]
    assert [t["steps"] for t in rows] == [len(bot_record("reclaim", 3).moves), 120, 40]
    assert rows[0]["outcome"] is not None and rows[1]["outcome"] is None and rows[2]["so_far"]
    assert (
        rows[1]["result_words"] == "Ended early" and "ended early by the teacher" in rows[1]["status_words"]
    )
    assert rows[2]["result_words"] == "Still playing" and "so far" in rows[2]["status_words"]
    counts = data["counts"]
    assert (counts["tables"], counts["running"], counts["finished"], counts["ended"]) == (3, 1, 1, 1)
    assert counts["won"] + counts["lost"] == 1 and counts["won"] == int(rows[0]["outcome"]["team_won"])


def test_the_hidden_agendas_are_named_once_a_table_is_over_and_stay_secret_while_it_runs(class_debrief):
    rows = class_debrief.to_json()["tables"]
    final = from_record(bot_record("reclaim", 3)).final
    agendas = rows[0]["agendas"]
    assert [a["who"].split(" (")[0] for a in agendas] == ["Ada", "Ben", "Cleo", "Dev"]
    assert [a["score"] for a in agendas] == final.scores()
    assert rows[1]["agendas"] and len(rows[1]["agendas"]) == 4
    assert rows[2]["agendas"] is None
    assert rows[2]["agendas_words"] == "Hidden agendas stay secret until the game ends."
    assert rows[0]["agendas_words"] == "Hidden agendas revealed"


def test_the_teacher_may_reveal_a_running_tables_agendas_on_their_own_screen():
    tables = three_tables()
    tables[2].reveal = True
    row = build(tables).to_json()["tables"][2]
    assert row["status"] == "running" and [a["seat"] for a in row["agendas"]] == [0, 1, 2, 3]


def test_each_key_figure_has_one_line_per_table(class_debrief):
    plots = class_debrief.to_json()["plots"]
    assert [p["metric"] for p in plots] == ["water_waste", "land_waste", "disease", "food"]
    for p in plots:
        lines = re.findall(r'<polyline class="table-line" data-table="([^"]+)"', p["svg"])
        assert lines == ["Table 1", "Table 2", "Table 3"]
        assert all(f"{label}: " in p["svg"] for label in lines)  # each line labelled: never colour alone


def test_line_labels_stay_apart_and_on_the_plot():
    """Six tables whose figure ends at the same value (a class's first minutes: every line at 0), or
    all at the top: each label is readable, none on another, none below the axis or above the plot."""
    top, height, bottom = 34, 420, 40
    for end in (0.0, 5.0):
        lines = [(f"Table {i + 1}", [1.0, 1.5, 2.0], [5.0 - i % 2, 3.0, end]) for i in range(6)]
        svg = multi_chart("Disease", lines, h=height)
        ys = sorted(float(y) - 6 for y in re.findall(r'class="line-label" x="[^"]+" y="([^"]+)"', svg))
        assert len(ys) == 6
        assert all(b - a >= 18 for a, b in zip(ys, ys[1:], strict=False)), ys
        assert top <= ys[0] and ys[-1] <= height - bottom, ys


def test_before_any_table_has_moved_the_debrief_says_so_instead_of_empty_plots():
    game = load_game("sustain")
    tables = [ClassTable(f"Table {i + 1}", timeline=timeline(game, 7 + i, [])) for i in range(3)]
    start = build(tables)
    assert start.to_json()["plots"] == []
    assert "No table has moved yet" in start.html()


def test_a_figure_the_same_at_every_table_is_said_in_words_not_plotted():
    game = load_game("sustain")
    tables = []
    for i in range(3):
        rec = bot_record("sustain", 3 + i)
        tables.append(ClassTable(f"Table {i + 1}", timeline=timeline(game, rec.seed, rec.moves[:12])))
    c = build(tables)
    data = c.to_json()
    plotted = {p["metric"] for p in data["plots"]}
    same = {u["metric"]: u["value"] for u in data["unchanged"]}
    assert same, "a SUSTAIN class's first dozen moves leave some figure as it was at every table"
    assert plotted.isdisjoint(same) and plotted | set(same) == set(c.tables[0].key_series())
    for name, value in same.items():
        assert all(set(d.series(name)) == {value} for d in c.tables)
    for p in data["plots"]:
        assert len({v for d in c.tables for v in d.series(p["metric"])}) > 1
    html = c.html()
    assert "The same at every table all along:" in html
    assert all(u["label"] in html for u in data["unchanged"])


def test_what_each_table_did_differently_names_actions_in_words(class_debrief):
    diffs = class_debrief.differences()
    assert diffs and all(d["name"] in d["text"] and "_" not in d["name"] for d in diffs)
    first = diffs[0]
    shares = [t["share"] for t in first["tables"]]
    assert len(shares) == 3 and max(shares) > min(shares)


def test_the_pdf_has_a_class_summary_then_a_page_per_table(class_debrief):
    pages = pdf_pages(class_debrief.pdf())
    starts = [i for i, p in enumerate(pages) if re.match(r"Table \d: debrief", p)]
    assert len(starts) == 3 and starts[0] >= 1 and len(pages) >= 4
    assert pages[starts[0]].startswith("Table 1: debrief") and pages[starts[2]].startswith(
        "Table 3: debrief so far"
    )
    text = "\n".join(pages)
    assert "Class 7b" in pages[0] and "Outcomes side by side" in pages[0]
    assert "Hidden agendas revealed" in text and "Ada (" in text
    assert not SNAKE.findall(text), sorted(set(SNAKE.findall(text)))


def test_english_text_and_projector_page_hold_no_snake_case_id(class_debrief):
    said = " ".join(texts(class_debrief.to_json()))
    assert not SNAKE.findall(said), sorted(set(SNAKE.findall(said)))
    page = class_debrief.html(page=True)
    shown = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
    assert not SNAKE.findall(shown), sorted(set(SNAKE.findall(shown)))
    assert page.count('class="cd-table"') == 3 and page.count("<section") >= 5
    assert "Questions to discuss" in page and "Table 3" in page


def test_moves_and_figures_as_csv_and_parquet_with_names_or_seat_numbers(class_debrief):
    steps = [len(bot_record("reclaim", 3).moves), 120, 40]
    rows = class_debrief.rows()
    assert len(rows) == sum(s + 1 for s in steps)
    named = {r["person"] for r in rows if r["table"] == "Table 1" and r["seat"]}
    assert named == set(NAMES.values())
    anonymous = class_debrief.rows(anonymous=True)
    assert {r["person"] for r in anonymous if r["seat"]} == {"Seat 1", "Seat 2", "Seat 3", "Seat 4"}
    csv_text = class_debrief.csv(anonymous=True)
    assert "Ada" not in csv_text and csv_text.splitlines()[0].startswith(
        "table,status,game,step,round,seat,person"
    )
    table = pq.read_table(io.BytesIO(class_debrief.parquet()))
    assert table.num_rows == len(rows) and "disease" in table.column_names
    assert table.column("disease").to_pylist() == [r["disease"] for r in rows]


def test_the_class_debrief_in_german():
    with reading_in("de"):
        c = build(three_tables())
        data = c.to_json()
        page = c.html()
    assert [t["result_words"] for t in data["tables"]][1:] == ["Vorzeitig beendet", "Spielt noch"]
    assert "Ergebnisse nebeneinander" in page and "Fragen zur Diskussion" in page
    assert all("Variante standard" not in line for t in data["tables"] for line in t["summary"])


def test_loopcity_debrief_of_several_records_is_a_class_debrief(tmp_path):
    from typer.testing import CliRunner

    from loopcity.cli.main import app

    files = []
    for seed in (3, 4):
        bot_record("waste_what", seed).save(tmp_path / f"t{seed}.json")
        files.append(str(tmp_path / f"t{seed}.json"))
    out = CliRunner().invoke(
        app,
        [
            "debrief",
            *files,
            "--pdf",
            str(tmp_path / "c.pdf"),
            "--html",
            str(tmp_path / "c.html"),
            "--parquet",
            str(tmp_path / "c.parquet"),
            "--csv",
            str(tmp_path / "c.csv"),
        ],
    )
    assert out.exit_code == 0, out.output
    assert "Table 1 (Waste What?)" in out.output and "Table 2 (Waste What?)" in out.output
    pages = pdf_pages((tmp_path / "c.pdf").read_bytes())
    assert sum(1 for p in pages if re.match(r"Table \d: debrief", p)) == 2
    assert 'class="cd-table"' in (tmp_path / "c.html").read_text()
    moves = sum(len(bot_record("waste_what", s).moves) + 1 for s in (3, 4))
    assert pq.read_table(tmp_path / "c.parquet").num_rows == moves
    assert len((tmp_path / "c.csv").read_text().splitlines()) == moves + 1

"""Discussion questions: data beside each game's content, validated like content (a bad file names the
question and field), translated by id, filled with a table's own figures."""

from __future__ import annotations

import pytest

from loopcity.debrief import Debrief, from_record
from loopcity.debrief.questions import check_texts, default_file, fill_for, load
from loopcity.engine import ContentError, load_game
from loopcity.engine.text import reading_in

from .conftest import GAMES, bot_record


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_questions_from_its_rulebook_or_ours_translated_into_german(game_id):
    game = load_game(game_id)
    qs = load(game).questions
    assert len(qs) >= 3 and {q.source for q in qs} <= {"rulebook", "ours"}
    assert all(q.aim for q in qs if q.source == "rulebook")
    assert check_texts(game) == []
    d = Debrief(from_record(bot_record(game_id)), label="Table 3")
    english = fill_for([d])
    with reading_in("de"):
        german = fill_for([Debrief(from_record(bot_record(game_id)), label="Tisch 3")])
    assert english and [q["id"] for q in english] == [q["id"] for q in german]
    assert all("{" not in q["text"] for q in english + german)
    assert any("Table 3" in q["text"] for q in english) and any("Tisch 3" in q["text"] for q in german)


def test_a_question_is_filled_with_the_tables_own_figures():
    d = Debrief(from_record(bot_record("resourced")), label="Table 3")
    growth = d.round_change("waste")
    r = max(growth, key=lambda x: growth[x])
    q = next(q for q in fill_for([d]) if q["id"] == "waste_growth")
    assert q["text"].startswith(f"At Table 3, the Waste Pile grew by {growth[r]:g} in round {r}.")
    assert q["source"] == "rulebook" and "Waste mechanic" in q["aim"] and q["table"] == "Table 3"


def _write(tmp_path, body: str):
    path = tmp_path / "questions.toml"
    path.write_text(body)
    return path


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            '[[questions]]\nid = "a"\nsource = "ours"\npick = "each"\ntext = "{table} had {nope}"\n',
            "item a: field 'text': no figure {nope}",
        ),
        (
            '[[questions]]\nid = "a"\nsource = "ours"\npick = "most:nope"\ntext = "{table}"\n',
            "item a: field 'pick': ResourCEd has no figure 'nope'",
        ),
        ('[[questions]]\nid = "a"\nsource = "book"\npick = "each"\ntext = "{table}"\n', "field 'source'"),
        ('[[questions]]\nid = "a"\nsource = "ours"\npick = "each"\ntxet = "{table}"\n', "field 'txet'"),
        ('[[questions]]\nid = "a"\nsource = "rulebook"\npick = "each"\ntext = "{table}"\n', "field 'aim'"),
    ],
)
def test_a_bad_questions_file_is_refused_naming_the_question_and_field(tmp_path, body, said):
    with pytest.raises(ContentError) as e:
        load(load_game("resourced"), _write(tmp_path, body))
    assert said in str(e.value) and str(tmp_path) in str(e.value)


def test_a_teachers_edited_questions_file_is_used_and_its_german_checked(tmp_path):
    path = _write(
        tmp_path,
        '[[questions]]\nid = "mine"\nsource = "ours"\npick = "most:waste_peak"\n'
        'text = "{table} reached {waste_peak}: why?"\n',
    )
    d = Debrief(from_record(bot_record("resourced")), label="Table 1")
    assert [q["text"] for q in fill_for([d], path)] == [f"Table 1 reached {max(d.series('waste')):g}: why?"]
    (tmp_path / "questions.de.toml").write_text(
        '[[questions]]\nid = "mine"\ntext = "{table} erreichte {peak}"\n'
    )
    assert check_texts(load_game("resourced"), path) == [
        f"{tmp_path / 'questions.de.toml'}: item mine: field 'text': placeholders differ from the English"
    ]
    assert default_file(load_game("resourced")).name == "questions.toml"

"""ResourCEd in German: every text the game makes for a person (labels, prompts, refusals, log
lines, the board, panels, stage, reference, the end and the debrief) reads in German, with no
English word of the game's catalogue or content left; the content file translates every name and
text; the English, worded in the same run, stays as it was."""

from __future__ import annotations

import re
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po

from loopcity import load_game
from loopcity.debrief import Debrief
from loopcity.debrief.timeline import build
from loopcity.engine import Action, RandomBot, Record, play
from loopcity.engine.runner import next_seat
from loopcity.engine.table import rule_text
from loopcity.engine.text import _, reading_in, reference_text, say
from loopcity.games.resourced import SPEC
from loopcity.games.resourced.actions import ACTION_SPACE
from loopcity.games.resourced.content import CONTENT_SPEC, EVENT_IDS
from loopcity.games.resourced.debrief import key_moments
from loopcity.games.resourced.render import render_svg, render_text
from loopcity.games.resourced.rules import ResourcedState

from .helpers import strike

LOCALE = SPEC.locale
assert LOCALE is not None
TEMPLATE = LOCALE / "resourced.pot"
GERMAN = LOCALE / "de" / "LC_MESSAGES" / "resourced.po"
CONTENT_DE = CONTENT_SPEC.path.with_name("content.de.toml")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß_]+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TEXT_FIELDS = ("name", "text")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)) if len(w) > 2}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    else:
        yield from (s for s in value if s)


def _content_texts(data: Any) -> Iterator[str]:
    """The names and texts of a content file (its other strings are ids and values)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in TEXT_FIELDS and isinstance(value, str):
                yield value
            else:
                yield from _content_texts(value)
    elif isinstance(data, list):
        for item in data:
            yield from _content_texts(item)


def _toml(path: Any) -> Any:
    with open(path, "rb") as f:
        return tomllib.load(f)


def _english_only() -> set[str]:
    """Words of the game's English texts that no German text of it uses (``Waste``, ``the``)."""
    english: set[str] = set()
    german: set[str] = set()
    for m in read_po(TEMPLATE.open("rb")):
        for s in _strings(m.id):
            english |= _words(s)
    for m in read_po(GERMAN.open("rb")):
        for s in _strings(m.string):
            german |= _words(s)
    for s in _content_texts(_toml(CONTENT_SPEC.path)):
        english |= _words(s)
    for s in _content_texts(_toml(CONTENT_DE)):
        german |= _words(s)
    return english - german


ENGLISH = _english_only()


class Reader:
    """Everything a German reader is shown, gathered from states as a game goes on."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def add(self, *texts: str) -> None:
        self.texts += [t for t in texts if t]

    def state(self, st: ResourcedState, illegal: bool = False) -> None:
        with reading_in("de", "resourced"):
            self.add(_without_rule(st, st.prompt(None)))
            for seat in range(st.players):
                self.add(_without_rule(st, st.prompt(seat)))
                view = st.view(seat)
                self.board(view, st.legal_actions(seat))
                for p in SPEC.panels(view):
                    texts = (p.title, *p.notes, *(x for row in p.rows for x in row))
                    self.add(*(_without_rule(st, x) for x in texts))
                for c in SPEC.stage(view):
                    self.add(c.title, c.text, *(x for f in c.facts for x in f))
            for seat in st.active_seats():
                legal = st.legal_actions(seat)
                for a in legal:
                    label = st.label(seat, a)
                    text = label.text.split(": ", 1)[1] if a.kind == "vote" else label.text
                    self.add(text, label.group)
                if illegal:
                    for i in range(0, ACTION_SPACE.size, 7):
                        a = ACTION_SPACE.action(i)
                        if a not in legal:
                            self.add(st.explain_illegal(seat, a) or "")

    def board(self, view: dict[str, Any], legal: list[Action]) -> None:
        self.add(render_text(view))
        root = ET.fromstring(render_svg(view, legal))
        for el in root.iter():
            self.add(el.text or "", el.get("data-info") or "", el.get("aria-label") or "")

    def english(self) -> list[tuple[str, list[str]]]:
        """The texts that hold an English word of the game, with those words."""
        found = []
        for text in dict.fromkeys(self.texts):
            words = sorted(w for w in {w.lower() for w in WORD.findall(text)} if w in ENGLISH)
            if words:
                found.append((text, words))
        return found


def _without_rule(st: ResourcedState, text: str) -> str:
    """A text with the voting rule taken out (the engine's words, translated with Loopcity's own)."""
    return text.replace(rule_text(st.ballot), "") if st.ballot is not None else text


def _play(st: ResourcedState, reader: Reader, seed: int, steps: int, illegal_every: int = 25) -> None:
    """Random moves from ``st``, the German reader reading every state on the way."""
    bots = [RandomBot(st.game, s, seed) for s in range(st.players)]
    for step in range(steps):
        if st.is_terminal():
            break
        reader.state(st, illegal=step % illegal_every == 0)
        seat = next_seat(st)
        st.apply(seat, bots[seat].choose(st, seat))
    reader.state(st)


def _logged(st: ResourcedState, reader: Reader) -> None:
    with reading_in("de", "resourced"):
        reader.add(*(line["text"] for line in st.log_for(None)))


def _german_game(players: int = 4, variant: str = "standard") -> Any:
    game = load_game("resourced", players=players, variant=variant)
    game.tongues = ("en", "de")
    return game


def _assert_german(reader: Reader) -> None:
    left = reader.english()
    assert not left, "English left in German:\n" + "\n".join(f"{w}: {t!r}" for t, w in left[:30])


def test_the_english_words_are_known():
    """The check below knows the game's English words (and the German for proper names)."""
    assert {"waste", "gather", "the", "seat", "recycler", "propurrrty"} <= ENGLISH
    assert not {"bgcs", "carya", "resourced", "banksia", "ring"} & ENGLISH


@pytest.mark.parametrize(("players", "variant", "seed"), [(4, "standard", 3), (3, "alternate", 8)])
def test_a_random_game_reads_in_german(players, variant, seed):
    st = _german_game(players, variant).new_state(seed)
    reader = Reader()
    _play(st, reader, seed, 1200)
    _logged(st, reader)
    assert len(reader.texts) > 1000
    _assert_german(reader)


def test_a_whole_game_of_the_heuristic_reads_in_german_to_its_end():
    game = _german_game()
    st = game.new_state(5)
    play(st, [game.spec.bots["heuristic"](game, s, 5) for s in range(4)])
    reader = Reader()
    reader.state(st)
    _logged(st, reader)
    with reading_in("de", "resourced"):
        ending = st.ending()
        reader.add(ending, st.prompt(0))
    assert ending in {
        "maximaler Abfall",
        "Rundenlimit erreicht",
        "Banksia Gardens voll entwickelt, ohne Abfall",
    }
    _assert_german(reader)


@pytest.mark.parametrize("event", EVENT_IDS)
def test_every_event_reads_in_german(event):
    with reading_in("de", "resourced"):  # the Event's lines are worded as it strikes
        st = strike(
            event,
            upgrades={1: "irrigation_system", 2: "composter", 4: "shipping_container"},
            waste=["wood", "food"],
            on={2: 1, 3: 5},
        )
    st.game.tongues = ("en", "de")
    reader = Reader()
    _play(st, reader, 1, 60, illegal_every=1)
    _logged(st, reader)
    _assert_german(reader)


def test_the_reference_and_the_description_read_in_german():
    reader = Reader()
    with reading_in("de", "resourced"):
        text = reference_text(SPEC.reference(load_game("resourced").content))
        reader.add(text, _(SPEC.description))
    assert "EREIGNISKARTEN" in text and "Katzastrophe" in text and "Schattenoase" in text
    _assert_german(reader)


def test_the_debrief_reads_in_german():
    game = load_game("resourced", players=4)
    st = game.new_state(2)
    record = Record.start(st, 2)
    play(st, [RandomBot(game, s, 2) for s in range(4)], record)
    reader = Reader()
    with reading_in("de", "resourced"):
        d = Debrief(build(game, 2, record.moves))
        ours = [m.text for m in key_moments(d)] + [m.text for m in d.moments() if m.kind == "end"]
        reader.add(*d.learning_points(), *(d.labels[n] for n in d.names), *ours)
    assert d.labels["waste"] == "Abfallstapel" and d.learning_points()
    _assert_german(reader)


def test_the_content_file_translates_every_name_and_text():
    english = list(_content_texts(_toml(CONTENT_SPEC.path)))
    german = list(_content_texts(_toml(CONTENT_DE)))
    assert len(german) == len(english) == 42
    assert not set(english) & set(german)  # each translated (no name is a proper name kept as it is)


def test_the_log_keeps_both_languages_and_the_english_is_as_it_was():
    plain = load_game("resourced", players=4).new_state(9)
    both = _german_game().new_state(9)
    for st in (plain, both):
        bots = [RandomBot(st.game, s, 9) for s in range(4)]
        for _step in range(400):
            if st.is_terminal():
                break
            seat = next_seat(st)
            st.apply(seat, bots[seat].choose(st, seat))
    assert [text for _s, _k, text, _v in plain.log] == [
        say(text) for _s, _k, text, _v in both.log
    ]  # English, worded as before
    with reading_in("de", "resourced"):
        german = [say(text) for _s, _k, text, _v in both.log]
    assert german[0].startswith("Platz 1 schlägt vor: ")
    assert any(line.startswith("Runde 1 von 20 beginnt") for line in german)
    assert any("gewürfelt" in line for line in german)  # chance lines too


def test_german_words_agree_with_the_number():
    st = strike("trash_pickup_day", seed=14, waste=["wood"] * 8)
    with reading_in("de", "resourced"):
        cards = SPEC.stage(st.view(0))
        assert cards[2].text == "höchstens 4 Abfallkarten recycelt"
        st = strike("trash_pickup_day", seed=14, waste=["wood"])
        lines = [text for _s, kind, text, _v in st.log if kind == "event" and str(text).startswith("Müll")]
        assert lines == ["Müllsammeltag: Der Würfel zeigt 4; 1 Abfallkarte wird recycelt."]

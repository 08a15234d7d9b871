"""Resourcity read in German: every text a person reads (labels, prompts, refusals, the log, views,
panels, the stage, the text and SVG boards, the reference, the debrief, the lobby's words) comes out
in German, with no English word of the game's own catalogue or content left, and the English stays
as it was."""

from __future__ import annotations

import re
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from loopcity import load_game
from loopcity.debrief import Debrief
from loopcity.debrief.timeline import build
from loopcity.engine import RandomBot, Record, play
from loopcity.engine import text as engine_text
from loopcity.engine.table import rule_text
from loopcity.engine.text import reading_in, reference_text, say
from loopcity.games.resourcity import SPEC
from loopcity.games.resourcity import debrief as hooks
from loopcity.games.resourcity.actions import ACTION_SPACE
from loopcity.games.resourcity.rules import ResourcityState
from loopcity.games.resourcity.words import loss_words

from .helpers import crop, fresh, harvest, new_game, point, scenario

PACKAGE = Path(SPEC.locale or "").parent
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")


def _texts_of(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("id", "source"):
                yield from _texts_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts_of(item)


def _words(texts: Iterator[str]) -> set[str]:
    return {w.lower() for t in texts for w in WORD.findall(re.sub(r"\{[^{}]*\}", " ", t))}


def _vocabulary() -> tuple[set[str], set[str]]:
    """The words of the English texts (catalogue and content) and of their German translations."""
    with open(PACKAGE / "locale" / "de" / "LC_MESSAGES" / "resourcity.po", "rb") as f:
        catalogue = [m for m in read_po(f) if m.id]
    english = [i for m in catalogue for i in ([m.id] if isinstance(m.id, str) else m.id)]
    german = [s for m in catalogue for s in ([m.string] if isinstance(m.string, str) else m.string)]
    content = tomllib.loads((PACKAGE / "content.toml").read_text())
    values = {"rulebook", "research", "reconstructed", "fuel", "food", "water"}
    english += [t for t in _texts_of(content) if t not in values]
    german += list(_texts_of(tomllib.loads((PACKAGE / "content.de.toml").read_text())))
    return _words(iter(english)), _words(iter(german))


ENGLISH, GERMAN = _vocabulary()
SAME = {"huat"}
"""Words both languages write alike that the catalogues do not show as such."""
ENGLISH_ONLY = ENGLISH - GERMAN - SAME


def english_left(text: str) -> set[str]:
    """The game's English words in a text meant to be German."""
    return {w for w in WORD.findall(text) if w.lower() in ENGLISH_ONLY}


DATA = {
    "game",
    "phase",
    "tile",
    "crop",
    "power",
    "hand",
    "exits",
    "layout",
    "id",
    "discard_pile",
    "harvest",
    "result",
}
DATA |= {"kind", "rule", "votes"}  # the question's data (engine.table.ballot_view)
"""View fields that are data (ids; ``result`` the state's English reason, worded by ``loss_words``
where people read it), not words."""


class Reader:
    """Collects what a German reader is shown, with where it came from."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}
        self.count = 0

    def read(self, where: str, text: str, strip: tuple[str, ...] = ()) -> None:
        self.count += 1
        for part in strip:  # the engine's own words (its catalogue), not the game's
            text = text.replace(part, " ")
        left = english_left(text)
        if left and text not in self.found:
            self.found[text] = f"{where}: {sorted(left)}"

    def read_all(self, where: str, value: Any, strip: tuple[str, ...] = ()) -> None:
        if isinstance(value, str):
            self.read(where, value, strip)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in DATA:
                    self.read_all(f"{where}.{key}", item, strip)
        elif isinstance(value, list | tuple):
            for item in value:
                self.read_all(where, item, strip)


def engine_words(s: ResourcityState) -> tuple[str, ...]:
    """The words the engine's table module adds to a question (its rule, Accept/Decline)."""
    out = [engine_text._(w) for w in ("Accept", "Decline", "Vote yes", "Vote no")]
    if s.ballot is not None:
        out.insert(0, rule_text(s.ballot))
    return tuple(out)


def read_state(r: Reader, s: ResourcityState, refusals: bool = False) -> None:
    """Everything one state shows, to every seat and a spectator."""
    strip = engine_words(s)
    for seat in (None, *range(s.players)):
        r.read("prompt", s.prompt(seat), strip)
        view = s.view(seat)
        r.read_all("view", view, strip)
        for panel in SPEC.panels(view) if SPEC.panels else []:
            r.read_all("panel", panel.to_json(), strip)
        for card in SPEC.stage(view) if SPEC.stage else []:
            r.read_all("stage", card.to_json(), strip)
        r.read("text board", SPEC.render_text(view), strip)
    for seat in s.active_seats():
        legal = s.legal_actions(seat)
        for a in legal:
            label = s.label(seat, a)
            r.read(f"label {a}", label.text, strip)
            r.read(f"group {a}", label.group, strip)
            r.read(f"log line {a}", s.describe(seat, a), strip)
        svg = ET.fromstring(SPEC.render_svg(s.view(seat), legal)) if SPEC.render_svg else None
        for el in svg.iter() if svg is not None else []:
            r.read("svg text", "".join(el.itertext()) if el.tag.endswith("text") else "", strip)
            r.read("svg info", el.get("data-info", ""), strip)
        if refusals:
            allowed = set(legal)
            for i in range(ACTION_SPACE.size):
                a = ACTION_SPACE.action(i)
                if a not in allowed:
                    r.read(f"refusal {a}", s.explain_illegal(seat, a) or "", strip)


def play_in_german(r: Reader, players: int, seed: int, bot: str, every: int) -> ResourcityState:
    game = load_game("resourcity", players=players, variant="advanced" if seed % 2 else "beginner")
    game.tongues = ("en", "de")
    s = game.new_state(seed)
    assert isinstance(s, ResourcityState)
    make = RandomBot if bot == "random" else SPEC.bots[bot]
    bots = [make(game, i, seed) for i in range(players)]
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            read_state(r, s, refusals=step % (every * 10) == 0)
        seat = s.active_seats()[0]
        s.apply(seat, bots[seat].choose(s, seat))
        step += 1
    read_state(r, s)
    for _step, _kind, line, _seats in s.log:
        assert isinstance(line, dict) and set(line) == {"en", "de"}, line  # worded in both languages
        r.read("log", say(line))
    return s


@pytest.mark.parametrize(
    ("players", "seed", "bot"), [(1, 1, "random"), (3, 2, "heuristic"), (6, 3, "random")]
)
def test_a_game_read_in_german_has_no_english_left(players, seed, bot):
    r = Reader()
    with reading_in("de", "resourcity"):
        s = play_in_german(r, players, seed, bot, every=3)
    assert s.is_terminal() and r.count > 1000
    assert r.found == {}, list(r.found.items())[:10]


def test_the_rare_situations_read_in_german():
    """The Policy Maker moving a token, a tile being laid, harvests carried, the table's decisions before
    the first turn with every proposal turned down, a lost game."""
    r = Reader()
    with reading_in("de", "resourcity"):
        s = scenario(
            ["┌┐", "└┘"],
            powers=["policymaker", "planner"],
            tokens=[0, 1],
            crops=[crop(point(1, 1), "sugarcane", 2)],
            harvests=[harvest(1, "sweetpotato", 4)],
            hands={1: "tee curve green"},
        )
        read_state(r, s, refusals=True)
        s.apply(0, "relocate 2")
        read_state(r, s, refusals=True)
        s.apply(0, "to 20")
        read_state(r, s, refusals=True)
        s.apply(0, "replace 0 1")
        read_state(r, s, refusals=True)
        table = new_game(players=3)  # where the tokens start, and every proposal turned down
        while table.phase != "act":
            read_state(r, table, refusals=True)
            seat = table.active_seats()[0]
            legal = [str(a) for a in table.legal_actions(seat)]
            table.apply(seat, "vote no" if "vote no" in legal else legal[-1])
        read_state(r, table, refusals=True)
        for state in (s, table):
            for _step, _kind, line, _seats in state.log:
                r.read("log", say(line))
        lost = scenario(available={"food": 0}, powers=["builder", "farmer"])
        while not lost.is_terminal():  # the next turn's upkeep cannot be paid
            seat = lost.active_seats()[0]
            lost.apply(seat, lost.legal_actions(seat)[0])
        assert lost.result == "Food ran out (the turn's upkeep)"
        read_state(r, lost)
        for why in ("Fuel ran out (Rotate)", "Food ran out (the turn's upkeep)", "Water ran out (Drought)"):
            r.read("loss", loss_words(why))
        r.read("loss", loss_words("Water ran out (Planting Sugar Cane)"))
    assert r.found == {}, list(r.found.items())[:10]


def test_the_reference_the_lobby_and_the_debrief_read_in_german():
    r = Reader()
    game = load_game("resourcity", players=2)
    state = game.new_state(11)
    record = Record.start(state, 11)
    play(state, [SPEC.bots["heuristic"](game, s, 11) for s in range(2)], record)
    with reading_in("de", "resourcity"):
        assert SPEC.reference is not None
        for section in SPEC.reference(game.content):
            r.read_all("reference", section.to_json())
        r.read("reference text", reference_text(SPEC.reference(game.content)))
        # what the lobby and the terminal read through the engine's catalogues
        r.read("description", engine_text._(SPEC.description))
        for v in SPEC.variants:
            r.read("variant", engine_text._(v.description))
        for o in SPEC.options:
            r.read("option", engine_text._(o.help))
        for k in ACTION_SPACE.kinds:
            if k.name != "vote":  # the engine's kind (loopcity.engine.table)
                r.read("kind help", engine_text._(k.help))
        d = Debrief(build(game, 11, record.moves))
        r.read_all("debrief labels", dict(hooks.LABELS))
        r.read_all("key moments", [m.text for m in hooks.key_moments(d)])
        points = hooks.learning_points(d)
        r.read_all("learning points", points)
        assert any(p.startswith("Der Spielzug, der in Runde") for p in points)
    assert r.count > 100 and r.found == {}, list(r.found.items())[:10]
    assert engine_text._(SPEC.description) == SPEC.description  # English outside the German block


def test_the_words_people_read_are_german():
    with reading_in("de", "resourcity"):
        s = scenario(["┌┐.", "└┘."], powers=["cyclist", "builder"], tokens=[0, 35], quiet=True)
        got = {str(a): s.label(0, a).text for a in s.legal_actions(0)}
        assert got["move 1"] == "Nach B1 (Kurve) bewegen"
        assert got["rotate 0 cw"].startswith(
            "Kurve auf A1 eine Vierteldrehung im Uhrzeigersinn drehen (1 Energie)"
        )
        assert s.prompt(0) == "Du bist am Zug (Radfahrer): noch 4 Aktionen; dann beende deinen Zug"
        assert s.seat_name(1) == "Platz 2 (Baumeister)"
        text = reference_text(SPEC.reference(s.content)) if SPEC.reference else ""
        assert "Zuckerrohr" in text and "Gemeindezentrum" in text and "Pflanzenfäule" in text
    s = fresh()
    assert s.label(0, s.legal_actions(0)[0]).text.startswith("End your turn now, leaving ")


def test_the_log_keeps_each_line_in_each_language_of_the_table():
    game = load_game("resourcity", players=2)
    game.tongues = ("en", "de")
    s = game.new_state(7)
    lines = [line for _step, _kind, line, _seats in s.log]
    assert isinstance(lines[0], dict)
    assert lines[0]["en"] == "Step 2: the remaining tiles shuffled"
    assert lines[0]["de"] == "Schritt 2: die übrigen Plättchen gemischt"
    assert lines[-1]["en"].startswith("Set-up: the Beginner layout; 3 tiles in each hand")
    assert lines[-1]["de"].startswith("Aufbau: Einsteiger; 3 Plättchen offen auf jeder Hand")


def test_a_word_another_game_reads_otherwise_stays_resourcitys(monkeypatch):
    """Every game's translations are read as one: a short word another game translates in another
    sense (``Move`` a move of the record, ``Food`` a card) does not change Resourcity's words."""
    others = {game: dict(texts) for game, texts in engine_text._TEXTS.get("de", {}).items()}
    others["another"] = {"Move": "Zug", "Food": "Lebensmittel"}
    monkeypatch.setattr(engine_text, "_TEXTS", {**engine_text._TEXTS, "de": others})
    monkeypatch.setattr(engine_text, "_LOADED", {})
    with reading_in("de", "another"):
        assert engine_text._("Move") == "Zug"
    with reading_in("de", "resourcity"):
        text = reference_text(SPEC.reference(load_game("resourcity").content)) if SPEC.reference else ""
        assert fresh().view(0)["players"][0]["place"] is not None
        pool = SPEC.render_text(fresh().view(0))
    assert text.split("Aktion (je 1)")[1].splitlines()[2].startswith("Bewegen")
    assert re.search(r"verfügbar: Energie \d+, Nahrung \d+", pool) and "Lebensmittel" not in pool + text

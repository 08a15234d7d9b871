"""SUSTAIN in German: every text a person reads while playing, looking things up or looking back
(labels, prompts, refusals, panels, stage, reference, terminal text, board, the log, the debrief)
reads in German, with no English word left but proper names; the English reads as it did; and the
content file translates every name and text of the content."""

from __future__ import annotations

import functools
import html
import os
import re
import tomllib
from collections.abc import Iterator
from typing import Any, get_args

import pytest

from loopcity import load_game
from loopcity.debrief import Debrief
from loopcity.debrief.timeline import build
from loopcity.engine import Action, RandomBot, Record, play
from loopcity.engine.content import load_translation, translation_files
from loopcity.engine.text import Panel, _, reading_in, reference_text
from loopcity.games.sustain import SPEC, debrief
from loopcity.games.sustain.actions import BUILD, N_, SPACE
from loopcity.games.sustain.heuristic import HeuristicBot
from loopcity.games.sustain.rules import SustainState
from loopcity.games.sustain.svg import _wrap
from loopcity.games.sustain.year import CAUSES, Defeat

from .helpers import again, investing, new, pay

PROPER_NAMES = {"sustain"}
"""Words that stay as they are in German: the game's title."""
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")  # single letters: ids (S-07, I-4) and spaces (C3)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TEXT_FIELDS = {
    "buildings": ("name",),
    "departments": ("name",),
    "gray_sides": ("title", "text"),
    "solutions": ("title",),
    "events": ("title", "text"),
    "scenarios": ("name",),
}
"""Every name and text of the content, by table (the other strings are ids and values the rules read)."""


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


def _german() -> dict[str, str]:
    assert SPEC.content is not None
    return load_translation(SPEC.content, translation_files(SPEC.content)["de"])


@functools.cache
def english_only() -> frozenset[str]:
    """The words of SUSTAIN's English texts (its catalogue's and its content's) that none of their
    German translations uses."""
    from babel.messages.pofile import read_po

    assert SPEC.locale is not None
    with (SPEC.locale / "de" / "LC_MESSAGES" / "sustain.po").open("rb") as f:
        catalogue = read_po(f)
    english: set[str] = set()
    german: set[str] = set()
    for m in catalogue:
        if not m.id:
            continue
        for text in [m.id] if isinstance(m.id, str) else m.id:
            english |= _words(text)
        for text in [m.string] if isinstance(m.string, str) else m.string:
            german |= _words(text)
    for en, de in _german().items():
        english |= _words(en)
        german |= _words(de)
    return frozenset(english - german - PROPER_NAMES)


def english_in(text: str) -> set[str]:
    return _words(text) & english_only()


# ----- the content file -------------------------------------------------------------------------------
def test_the_content_file_translates_every_name_and_text_of_the_content():
    assert SPEC.content is not None
    with SPEC.content.path.open("rb") as f:
        content = tomllib.load(f)
    german = _german()
    for table, fields in TEXT_FIELDS.items():
        for item in content[table]:
            for field in fields:
                english = item[field]
                assert german.get(english, "").strip(), f"{table} {item['id']}: {field} {english!r}"
                assert not english_in(german[english]), (english, german[english])
    same = {en for en, de in german.items() if en == de}
    assert same <= {"Park", "Museum"}, same  # the same word in both languages


def test_names_fit_the_board():
    """The German names drawn on the board fit their places at the board's size (17 units; measured
    in DejaVu Sans, a wide sans-serif): a Building's on a big square, a gray side's on its card."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    if not os.path.exists(path):
        pytest.skip("no DejaVu Sans here")
    font = ttlib.TTFont(path)
    glyphs, advance, em = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm

    def width(text: str) -> float:
        return sum(advance[glyphs[ord(c)]][0] for c in text) / em * 17

    game = load_game("sustain")
    with reading_in("de", "sustain"):
        for b in game.content.buildings:
            if b.space == "square":
                for line in _wrap(_(b.name), 11)[:2]:
                    assert width(line) <= 100, (b.name, line)  # the square's 96 (English: up to 98)
        for g in game.content.gray_sides:
            assert width(_(g.title)) <= 140, g.title


# ----- playing in German ------------------------------------------------------------------------------
def _games() -> Iterator[tuple[SustainState, list[Any], int]]:
    """Games of every scenario and deal, 3 to 6 players, heuristic and random bots (the city lost
    too), the discussion clock on in some: each game's states, every few steps, and its end."""
    configs = [
        dict(players=4, variant="first_game", deal="random", bots="heuristic"),
        dict(players=3, variant="traffic_crisis", deal="chosen", bots="random", discussion_minutes=5),
        dict(players=6, variant="housing_boom", deal="in_order", bots="random"),
        dict(players=5, variant="traffic_crisis", deal="chosen", bots="heuristic", decks="shuffled"),
        dict(players=3, variant="housing_boom", deal="random", bots="heuristic"),
        dict(players=4, variant="first_game", deal="random", bots="random"),
    ]
    for seed, config in enumerate(configs):
        options = dict(config)
        kind = options.pop("bots")
        game = load_game("sustain", **options)
        game.tongues = ("en", "de")
        state = game.new_state(seed)
        assert isinstance(state, SustainState)
        bots = [
            HeuristicBot(game, s, seed) if kind == "heuristic" else RandomBot(game, s, seed)
            for s in range(game.players)
        ]
        moves: list[tuple[int, str]] = []
        seen: set[str] = set()
        while not state.is_terminal():
            if state.step % 41 == 0 or state.phase not in seen:
                seen.add(state.phase)
                yield state, moves, seed
            if state.round == 2 and state.clock_actions():  # the discussion clock runs out
                moves.append((state.apply_clock("clock"), "clock"))
                continue
            seat = state.active_seats()[0]
            action = bots[seat].choose(state, seat)
            moves.append((seat, str(action)))
            state.apply(seat, action)
        yield state, moves, seed


def _panel_texts(panels: list[Panel]) -> Iterator[str]:
    for p in panels:
        yield p.title
        for row in p.rows:
            yield from row
        yield from p.notes
        for c in p.cards:
            yield c.title
            yield c.text
            for fact in c.facts:
                yield from fact


def _svg_texts(svg: str) -> Iterator[str]:
    yield from (html.unescape(t) for t in re.findall(r">([^<>]+)</text>", svg))
    yield from (html.unescape(t) for t in re.findall(r'data-info="([^"]*)"', svg))


def _texts_of(state: SustainState) -> Iterator[tuple[str, str]]:
    """(where, text) for everything a person at the table reads of ``state``, in the language being
    read."""
    spec = state.game.spec
    assert spec.panels is not None and spec.stage is not None and spec.render_text is not None
    assert spec.render_svg is not None
    for seat in [*range(state.players), None]:
        yield "prompt", state.prompt(seat)
        view = state.view(seat)
        for text in _panel_texts(list(spec.panels(view))):
            yield "panel", text
        for card in spec.stage(view):
            yield "stage", card.title
            yield "stage", card.text
            for fact in card.facts:
                yield from (("stage", t) for t in fact)
        yield "terminal", spec.render_text(view)
        legal = state.legal_actions(seat) if seat is not None and seat in state.active_seats() else []
        for text in _svg_texts(spec.render_svg(view, legal)):
            yield "board", text
    for seat in state.active_seats():
        legal = set(map(str, state.legal_actions(seat)))
        for action in state.legal_actions(seat):
            label = state.label(seat, action)
            yield "label", label.text
            yield "label", label.group
        for action in map(SPACE.action, range(state.step % 5, SPACE.size, 5)):
            if str(action) not in legal:
                reason = state.explain_illegal(seat, action)
                if reason:
                    yield "refusal", reason
        yield "seat", state.seat_name(seat)
    for action in state.clock_actions():
        yield "label", state.label(state.active_seats()[0], action).text


@functools.cache
def german_table() -> list[tuple[str, str]]:
    """(where, text) for everything read in German over the games."""
    texts: list[tuple[str, str]] = []
    for state, moves, seed in _games():
        with reading_in("de", "sustain"):
            texts += list(_texts_of(state))
            if state.is_terminal():
                texts += [
                    ("log", line["text"]) for seat in range(state.players) for line in state.log_for(seat)
                ]
                d = Debrief(build(state.game, seed, moves))
                texts += [("debrief", m.text) for m in debrief.key_moments(d)]
                texts += [("debrief", p) for p in debrief.learning_points(d)]
                texts += [("debrief", d.labels[name]) for name in debrief.LABELS]
    return texts


def test_a_german_table_reads_no_english():
    texts = german_table()
    where = {w for w, _t in texts}
    assert {"prompt", "panel", "stage", "terminal", "board", "label", "refusal", "log", "debrief"} <= where
    left = {(w, t): english_in(t) for w, t in texts if english_in(t)}
    assert not left, list(left.items())[:10]


def test_the_reference_reads_in_german():
    assert SPEC.reference is not None
    game = load_game("sustain")
    with reading_in("de", "sustain"):
        text = reference_text(SPEC.reference(game.content))
    assert "Indikatorentafel" in text and "Recycling-Zentrum" in text and "Ereigniskarten" in text
    assert not english_in(text), english_in(text)


def test_what_front_ends_show_of_the_game_reads_in_german():
    """The description, the variants, the options' and the actions' help and the outcomes' causes:
    kept as data in English and marked for the catalogue, read with ``_``."""

    texts = [SPEC.description, *(v.description for v in SPEC.variants), *(o.help for o in SPEC.options)]
    texts += [k.help for k in SPACE.kinds] + list(CAUSES)
    with reading_in("de", "sustain"):
        for text in texts:
            assert _(text) != text and not english_in(_(text)), text
    assert set(get_args(Defeat)) < set(CAUSES)
    assert N_("x") == "x"


@pytest.mark.parametrize("variant", ["first_game", "traffic_crisis", "housing_boom"])
def test_a_table_kept_in_two_languages_reads_in_english_as_before_and_in_german(variant):
    """Read in English, the log of a table kept in English and German is the log of a table that
    asked for no language (whose lines are plain text); read in German, every line is German."""
    logs = []
    for tongues in (None, ("en", "de")):
        game = load_game("sustain", players=4, variant=variant, deal="chosen", discussion_minutes=5)
        game.tongues = tongues
        state = game.new_state(3)
        play(state, [HeuristicBot(game, s, 3) for s in range(game.players)], Record.start(state, 3))
        assert all(isinstance(line[2], str) == (tongues is None) for line in state.log)
        for lang in ("en", "de"):
            with reading_in(lang):
                logs.append([line["text"] for line in state.log_for(None)])
    plain_en, _plain_de, en, de = logs
    assert en == plain_en
    assert len(de) == len(en) and not [line for line in de if english_in(line)]


def test_worked_examples_read_in_german():
    """The German terms at work (docs/games/sustain.md, "In German")."""
    s = investing(new(players=4), seat=2, coins=10)  # seat 3 runs Environment
    with reading_in("de", "sustain"):
        park = s.label(2, Action.parse("fund 3 1"))
        assert park.group == "Dein Ressortbogen: Umwelt"
        assert park.text == (
            "Park (3 Münzen): Verschmutzung \u22121; neben einem Gebäude der Kategorie Wohnen: "
            "Attraktivität der Stadt +1; 2 Punkte für dich"
        )
        assert s.label(2, Action.parse("pass")).text == (
            "Passen: Dein Jahr ist vorbei; du behältst deine 10 Münzen für das nächste Jahr"
        )
        s.apply(2, "fund 3 1")
        assert s.label(2, Action.parse("coins 2")).text == (
            "Lege 2 Münzen auf das Gebäude Park (Ressortbogen Umwelt): danach noch 1 Münze offen"
        )
        assert s.prompt(0) == (
            "Warten, bis Platz 3 (Umwelt) sagt, wie viele Münzen auf das Gebäude Park (Ressortbogen Umwelt) kommen."
        )
    s = investing(new(players=4), seat=1, coins=10)
    pay(s, 1, "fund 2 1", 2)  # a Bus Stop
    with reading_in("de", "sustain"):
        label = s.label(1, BUILD(s.tables.cell_of["B2+"]))
        assert label.group == "Gebäude Bushaltestelle einzeichnen"
        assert label.text == (
            "Ecke B2\u2013C3 (zwischen B2, C2, B3 und C3); Nachbarn: Wohnhaus; Bonus Attraktivität der Stadt +1"
        )
    s = investing(new(players=3), seat=2, coins=10)
    pay(s, 2, "fund 3 2", 4)  # a Recycling Centre
    with reading_in("de", "sustain"):
        assert (
            s.explain_illegal(2, BUILD(s.tables.cell_of["C3"]))
            == "auf Feld C3 steht schon das Gebäude Rathaus"
        )
        assert s.explain_illegal(2, BUILD(s.tables.cell_of["B1"])) == (
            "das Gebäude Recycling-Zentrum darf nicht auf Feld B1 stehen: "
            "kein Gebäude der Kategorie Wohnen im Umkreis von 1 Feld"
        )
    over = again(investing(new(players=3), seat=0), phase="over", points={"urban_planning": 9}, passed=[])
    lost = again(over, unhappy_population=10, defeat="Unhappy Population table full")
    with reading_in("de", "sustain"):
        assert over.prompt(None).startswith(
            "Das Spiel ist vorbei: Die Stadt hat überlebt. Platz 1 (Stadtplanung) gewinnt, Ergebnis:"
        )
        assert lost.prompt(1) == (
            "Das Spiel ist vorbei, denn die Tabelle Unzufriedene Bevölkerung ist voll. Alle verlieren."
        )

"""Waste What? read in German: whole games played and every text a player reads made in German (the
log, labels, prompts, refusals, the board as text and SVG, the panels and stage, the reference, the
outcome and the debrief), with no English left; the content file translates every name and text; the
names written on Combo cards and the game's result read in German; the English stays as it was."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from html import unescape
from typing import Any

import pytest

from loopcity import load_game
from loopcity.cli.translations import domains, read
from loopcity.debrief import Debrief, build
from loopcity.engine import RandomBot
from loopcity.engine.content import load_translation, read_toml, translation_files
from loopcity.engine.text import _, reading_in, reference_text, say
from loopcity.games.waste_what import SPEC
from loopcity.games.waste_what.debrief import key_moments, learning_points
from loopcity.games.waste_what.heuristic import HeuristicBot
from loopcity.games.waste_what.rules import WasteWhatState
from loopcity.games.waste_what.words import combo_title, result_words

from .helpers import card, fields_of, load, new_game

GAMES = [
    ("normal", 0, 0.0),  # a first game (Skill cards dealt), a combo accepted, the Skill-share workshop, a win
    ("normal", 1, 0.3),  # a combo not accepted, a player who cannot pay the rent
    ("normal", 10, 0.6),  # the die decides between two proposals, the last CO2 token
    ("normal", 15, 0.0),  # an empty bank when CO2 is released
    ("difficult", 7, 0.3),
    ("beginners", 12, 0.6),
]
"""(variant, seed, share of random moves): games that between them meet every kind of moment."""

PROPER = {"Waste What?", "CO2", "Loopcity"}
"""Proper names and words that read the same in German."""
ENGLISH_WORDS = re.compile(
    r"\b(the|and|your|you|with|from|takes|pays|money|cards?|rounds?|slots?|skills?|level|waste|rent|"
    r"player|Player|of|is|are|this|Storage|Burn|Sell|Donate|Reuse|Store|Combo|Event|Just)\b"
)
"""Common English words of the game's texts, none of which is a German word."""


# ----- the texts of a game, made in German -------------------------------------------------------------
def _svg_words(svg: str) -> list[str]:
    """What a person reads on the board: its text, its ``data-info`` and its ``aria-label`` (never the
    ``data-act`` action texts, which are the actions' syntax)."""
    said = re.findall(r'(?:data-info|aria-label)="([^"]*)"', svg)
    shown = re.findall(r">([^<>]+)<", svg)
    return [unescape(t) for t in said + shown if t.strip()]


def _panels(view: dict[str, Any]) -> Iterator[str]:
    assert SPEC.panels is not None and SPEC.stage is not None
    for panel in SPEC.panels(view):
        yield panel.title
        yield from panel.notes
        for row in panel.rows:
            yield from row
        for c in panel.cards:
            yield c.title
            yield c.text
            for fact in c.facts:
                yield from fact
    for c in SPEC.stage(view):
        yield c.title
        yield c.text
        for fact in c.facts:
            yield from fact


def _at_step(state: WasteWhatState, seat: int, rnd: random.Random) -> Iterator[str]:
    """Everything a player reads at this step, in German."""
    assert SPEC.render_text is not None and SPEC.render_svg is not None
    legal = state.legal_actions(seat)
    for a in legal:
        label = state.label(seat, a)
        yield label.text
        yield label.group
    for s in (0, 1, None):
        yield state.prompt(s)
    view = state.view(seat)
    yield SPEC.render_text(view)
    yield from _svg_words(SPEC.render_svg(view, legal))
    yield from _panels(view)
    space = state.game.spec.action_space
    taken = {str(a) for a in legal}
    for index in rnd.sample(range(space.size), 12):
        action = space.action(index)
        if str(action) not in taken:
            why = state.explain_illegal(seat, action)
            if why:
                yield why


def play_in_german(variant: str, seed: int, randomness: float) -> tuple[WasteWhatState, list[str]]:
    """A game played by bots (the heuristic, with a share of random moves), its log kept in English and
    German, and every text read in German at every step."""
    game = load_game("waste_what", variant=variant, first_game=seed % 5 == 0)
    game.tongues = ("en", "de")
    state = game.new_state(seed)
    assert isinstance(state, WasteWhatState)
    bots = [HeuristicBot(game, s, seed + s) for s in range(2)]
    randoms = [RandomBot(game, s, seed + s) for s in range(2)]
    rnd = random.Random(seed)
    moves: list[tuple[int, str]] = []
    texts: list[str] = []
    while not state.is_terminal():
        seat = state.active_seats()[0]
        with reading_in("de", "waste_what"):
            texts += _at_step(state, seat, rnd)
        bot = randoms[seat] if rnd.random() < randomness else bots[seat]
        action = bot.choose(state, seat)
        moves.append((seat, str(action)))
        state.apply(seat, action)
    with reading_in("de", "waste_what"):
        texts += [row["text"] for row in state.log_for(0)]
        texts += _at_step(state, 0, rnd)
        assert state.outcome() is not None
        texts.append(state.ending())
        debrief = Debrief(build(game, seed, moves))  # the game's own part of it: names, moments, points
        texts += [debrief.labels[name] for name in debrief.names]
        texts += [m.text for m in key_moments(debrief)] + [_(m.kind) for m in key_moments(debrief)]
        texts += learning_points(debrief)
    return state, texts


@cache
def german_games() -> list[tuple[WasteWhatState, list[str]]]:
    return [play_in_german(*g) for g in GAMES]


def _reference_and_spec() -> list[str]:
    """The reference, and the words of the game's description, variants, options and actions (what the
    lobby and the terminal's help show, read through ``_``)."""
    assert SPEC.reference is not None
    game = load_game("waste_what")
    with reading_in("de", "waste_what"):
        texts = [reference_text(SPEC.reference(game.content))]
        texts += [_(SPEC.description)] + [_(v.description) for v in SPEC.variants]
        texts += [_(o.help) for o in SPEC.options]
        texts += [
            _(k.help) for k in SPEC.action_space.kinds if k.help and k.name != "vote"
        ]  # vote: the engine's
    return texts


# ----- what counts as English ------------------------------------------------------------------------
@cache
def _catalogue() -> tuple[dict[str, list[str]], list[str]]:
    """The English texts of the game's catalogue with their German, and every German text."""
    domain = next(d for d in domains() if d.name == "waste_what")
    english: dict[str, list[str]] = {}
    german: list[str] = []
    for m in read(domain.po("de")):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for i in ids:
            english[i] = strings
        german += strings
    return english, german


@cache
def _content() -> dict[str, str]:
    """The English texts of the content with their German."""
    assert SPEC.content is not None
    return load_translation(SPEC.content, translation_files(SPEC.content)["de"])


@cache
def english_only() -> list[re.Pattern[str]]:
    """The words of the English texts (catalogue and content) that no German text uses: the pieces of
    each text between its placeholders, and each content text whole."""
    english, german = _catalogue()
    german_text = "\n".join(german + list(_content().values()))
    pieces: set[str] = set()
    for text in english:
        for piece in re.split(r"\{[^{}]*\}", text):
            piece = piece.strip(" .,:;()-–+/")
            if re.search(r"[A-Za-z]{3}", piece) and piece not in german_text and piece not in PROPER:
                pieces.add(piece)
    pieces |= {en for en, de in _content().items() if en != de and en not in german_text}
    return [re.compile(rf"(?<![\w-]){re.escape(p)}(?![\w-])") for p in sorted(pieces, key=len, reverse=True)]


def english_in(texts: list[str]) -> list[tuple[str, str]]:
    """(English words, the text they were found in), for each text that still has English in it."""
    found = []
    for text in dict.fromkeys(texts):
        for pattern in english_only():
            if pattern.search(text):
                found.append((pattern.pattern, text))
                break
        else:
            word = ENGLISH_WORDS.search(text)
            if word and not any(word[0] in name for name in PROPER):
                found.append((word[0], text))
    return found


# ----- the tests -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("index", range(len(GAMES)), ids=[f"{v}-{s}" for v, s, _r in GAMES])
def test_a_whole_game_reads_in_german_with_no_english_left(index):
    state, texts = german_games()[index]
    assert state.is_terminal() and len(texts) > 1000
    assert english_in(texts) == []


def test_the_games_meet_every_kind_of_moment():
    said = "\n".join(t for _state, texts in german_games() for t in texts)
    for moment in (
        "Die Kombo wird als Kombokarte",  # a combo accepted
        "Die Kombo wird nicht angenommen",
        "Die Initiativen konnten sich nicht einigen",  # the die decides between two proposals
        "Der letzte CO2-Marker wurde freigesetzt",
        "konnte die Miete nicht zahlen",
        "Alle 6 Runden geschafft",
        "Der Wissenstausch-Workshop hebt",
        "Die Bank ist leer",
        "erhält die Fähigkeitskarte",  # a first game
        "Alle 4 Verkaufs- und Spendenfelder waren voll",
    ):
        assert moment in said, moment


def test_the_reference_and_the_game_s_descriptions_read_in_german():
    texts = _reference_and_spec()
    assert english_in(texts) == []
    reference = texts[0]
    for words in (
        "Kreative Gemeinschaft",
        "Zerrissene Jeans",
        "Restmüllkarten",
        "Mietendeckel",
        "Einsteiger",
    ):
        assert words in reference


def test_every_log_line_is_kept_in_english_and_german_and_the_english_is_the_game_s_own():
    state, _texts = german_games()[0]
    plain = load_game("waste_what", variant="normal", first_game=True).new_state(0)
    bots = [HeuristicBot(plain.game, s, s) for s in range(2)]
    while not plain.is_terminal():
        seat = plain.active_seats()[0]
        plain.apply(seat, bots[seat].choose(plain, seat))
    assert [say(t) for _s, _k, t, _v in plain.log] == [t["en"] for _s, _k, t, _v in state.log]
    with reading_in("de", "waste_what"):
        german = [say(t) for _s, _k, t, _v in state.log]
    assert all(isinstance(t, dict) and set(t) == {"en", "de"} for _s, _k, t, _v in state.log)
    assert german != [t["en"] for _s, _k, t, _v in state.log]


def test_the_content_file_translates_every_name_and_text():
    assert SPEC.content is not None
    english = read_toml(SPEC.content.path)
    texts = [s["name"] for s in english["skills"]]
    texts += [c["name"] for c in english["waste"] + english["just_waste"]]
    texts += [e[f] for e in english["events"] for f in ("name", "text")]
    texts += english["combo_words"]
    translated = _content()
    assert [t for t in texts if t not in translated] == []
    same = {t for t in texts if translated[t] == t}
    assert same <= {"Patchwork", "Frankenstein", "Hybrid"}, "words German shares with English"


def test_a_combo_card_s_name_reads_in_german():
    s = new_game(seed=3)
    first = s.tables.first_combo
    fields = _with_combo(s, first, "Upcycled Jeans-Socks")
    s = load(s, fields)
    assert s.card_name(first) == "Upcycled Jeans-Socks"
    with reading_in("de", "waste_what"):
        assert s.card_name(first) == "Upcycling-Jeans-Socken"
        assert combo_title(s, "Remixed Jeans-socks-Bread") == "Remix-Jeans-Socken-Brot", (
            "a Combo card in a combo"
        )
        assert combo_title(s, "Repurposed T-shirts-E-bike") == "Umbau-T-Shirts-E-Bike", "words with hyphens"
        assert combo_title(s, "Our Frankensofa") == "Our Frankensofa", "a name the players wrote stays"
        assert combo_title(s, "Hybrid Unknown-Socks") == "Hybrid Unknown-Socks"


def test_cards_that_share_a_last_word_are_told_apart_by_the_cards_out_of_the_game():
    s = new_game(seed=3)
    wheel, chair = card(s, "Bent wheel"), card(s, "Office chair with a broken wheel")
    fields = fields_of(s)
    for pile in ("deck", "table", "removed"):
        fields[pile] = [c for c in fields[pile] if c not in (wheel, chair)]
    fields["deck"].append(chair)
    fields["removed"].append(wheel)
    s = load(s, fields)
    with reading_in("de", "waste_what"):
        assert combo_title(s, "Hybrid Wheel-Bread") == "Hybrid-Laufrad-Brot"
    fields["removed"].remove(wheel)
    fields["deck"].remove(chair)
    fields["deck"].append(wheel)
    fields["removed"].append(chair)
    s = load(s, fields)
    with reading_in("de", "waste_what"):
        assert combo_title(s, "Hybrid Wheel-Bread") == "Hybrid-Rolle-Brot"


def _with_combo(s: WasteWhatState, number: int, name: str) -> dict[str, Any]:
    """The position of ``s`` with a Combo card ``number`` filled out as ``name`` lying on the table."""
    fields = fields_of(s)
    fields["combos"] = [
        *fields.get("combos", []),
        {"card": number, "name": name, "category": "textile", "complexity": 1, "cards": 2},
    ]
    jeans, socks = card(s, "Torn jeans"), card(s, "Odd socks")
    for pile in ("deck", "table"):
        fields[pile] = [c for c in fields[pile] if c not in (jeans, socks)]
    fields["removed"] = [*fields.get("removed", []), jeans, socks]
    fields["table"].append(number)
    fields["blank_combos"] = [c for c in fields["blank_combos"] if c != number]
    return fields


@pytest.mark.parametrize(
    ("result", "won", "co2", "english", "german"),
    [
        ("made it through all 6 rounds", True, 0, "made it through all 6 rounds", "Alle 6 Runden geschafft"),
        ("the last CO2 token was released", False, 3, None, "Der letzte CO2-Marker wurde freigesetzt"),
        (
            "P2 could not pay the rent",
            False,
            0,
            "Player 2 could not pay the rent",
            "Initiative 2 konnte die Miete nicht zahlen",
        ),
        ("something the players agreed on", False, 0, None, "something the players agreed on"),
    ],
)
def test_the_game_s_result_reads_in_the_reader_s_language(result, won, co2, english, german):
    s = new_game(seed=3)
    s.result, s.won, s.co2, s.round = result, won, co2, 6
    assert result_words(s) == (english or result)
    with reading_in("de", "waste_what"):
        assert result_words(s) == german

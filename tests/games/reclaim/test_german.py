"""RECLAIM read in German (issue 23): every text a person reads from the game — labels, prompts,
refusals, the log, the terminal picture, the SVG map, the panels, the stage, the reference, the
debrief, the lobby's words — is German when read in German, and the English stays as it was.

The English to look for is RECLAIM's own: every text of its catalogue and every name and text of its
content whose German differs, each as a pattern with its ``{placeholders}`` standing for any text.
Proper names (RECLAIM, NPK, Kampala) read the same in both languages and are never looked for."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po

from loopcity import load_game
from loopcity.bots import make_bot
from loopcity.debrief import Debrief, build
from loopcity.engine import Action, RandomBot, Rng
from loopcity.engine.content import load_translation, read_toml, translation_files
from loopcity.engine.table import DONE, VOTE, rule_text
from loopcity.engine.text import _, reading_in, reference_text, say
from loopcity.games.reclaim import SPEC
from loopcity.games.reclaim import debrief as hooks

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
GERMAN_WORDS = {"Die", "positive", "negative"}
"""English texts of the catalogue that are also ordinary German words (``Die``: a die, and the
German article; ``positive``: the German adjective inflected)."""
ENGLISH_WORDS = re.compile(r"\b(?:the|of|and|with|from|for|on|to|round|rounds|hex|seat|points?)\b")
"""Everyday English words that no German text has: they find English the catalogue does not know
(a text never marked for translation)."""
TEXT_FIELDS = {"name", "text", "title", "colour"}
"""The fields of RECLAIM's content that people read."""
TRIES = (
    "build house0to1 8",
    "build farm1 3",
    "link road 3",
    "link_to 8",
    "card 0",
    "move food 9 8",
    "move sludge 4 5",
    "convert",
    "treat 4 mixed",
    "grow 5 npk",
    "dump_site 3",
    "play_event 0",
    "end_turn",
    "propose npk 5",
    "units 2",
    "vote yes",
    "fund",
    "contribute 500",
    "done",
    "place_block 4",
    "urbanize 3",
    "role treatment",
)
"""Actions tried at each step for their refusals (when they are not legal)."""


# ----- RECLAIM's English ------------------------------------------------------------------------
@cache
def english() -> list[tuple[str, list[str], re.Pattern[str]]]:
    """Each English text of RECLAIM whose German differs: the text, its words between placeholders
    (all in a text that shows it) and a pattern that finds it in a line."""
    with SPEC.locale.joinpath("de", "LC_MESSAGES", "reclaim.po").open("rb") as f:  # type: ignore[union-attr]
        catalog = read_po(f)
    pairs: list[tuple[str, str]] = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        pairs += list(zip(ids, strings, strict=True))
    assert SPEC.content is not None
    pairs += list(load_translation(SPEC.content, translation_files(SPEC.content)["de"]).items())
    out = []
    for text, german in pairs:
        if text == german or text in GERMAN_WORDS:
            continue
        parts = PLACEHOLDER.split(text)
        if sum(len(re.findall(r"[A-Za-z]", p)) for p in parts) < 3:
            continue  # the board's letter codes: looked for on their own (test below)
        pattern = "[^\\n]+?".join(re.escape(p) for p in parts)
        if re.match(r"\w", text):
            pattern = r"(?<!\w)" + pattern
        if re.search(r"\w$", text):
            pattern += r"(?!\w)"
        out.append((text, [p for p in parts if p], re.compile(pattern)))
    return out


def english_in(text: str) -> list[str]:
    found = [
        msgid
        for msgid, parts, pattern in english()
        if all(part in text for part in parts) and pattern.search(text)
    ]
    found += ENGLISH_WORDS.findall(text)
    if re.search(r"\d C\b", text):
        found.append("{coins} C")
    return found


# ----- what a person reads -----------------------------------------------------------------------
class _SvgText(HTMLParser):
    """The texts of an SVG picture: its text nodes and the words it carries for people."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [v for k, v in attrs if k in ("aria-label", "data-info") and v]

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data.strip())


def svg_texts(svg: str) -> list[str]:
    parser = _SvgText()
    parser.feed(svg)
    return parser.texts


def table_texts(st: Any) -> list[str]:
    """Everything the game shows at one step, for each seat and a spectator."""
    out: list[str] = [st.prompt(None)]
    game = st.game
    for seat in [*range(st.players), None]:
        view = st.view(seat)
        out.append(SPEC.render_text(view))  # type: ignore[misc]
        legal = st.legal_actions(seat) if seat is not None else []
        out += svg_texts(SPEC.render_svg(view, legal))  # type: ignore[misc]
        for panel in SPEC.panels(view):  # type: ignore[misc]
            out += [panel.title, *panel.notes, *(x for row in panel.rows for x in row)]
            out += [x for card in panel.cards for x in (card.title, card.text, *sum(card.facts, ()))]
        out += [x for card in SPEC.stage(view) for x in (card.title, card.text, *sum(card.facts, ()))]  # type: ignore[misc]
        if view.get("decision"):
            out.append(view["decision"]["subject"])
        out += [x for x in (view["last_event"], view["last_event_text"]) if x]
        if seat is None:
            continue
        out.append(st.prompt(seat))
        for a in legal:
            label = st.label(seat, a)
            out += [label.text, label.group]
        if seat in st.active_seats():
            for text in TRIES:
                action = Action.parse(text)
                if action not in legal:
                    why = st.explain_illegal(seat, action)
                    if why:
                        out.append(why)
    assert game.tongues == ("en", "de")
    if st.ballot is not None:  # the engine's own words for the table's rule (Loopcity's catalogue)
        rule = rule_text(st.ballot)
        out = [x.replace(rule, "…") for x in out]
    return out


def play_in_german(variant: str, seed: int, bot: str) -> tuple[Any, list[str], list[tuple[int, str]]]:
    """A whole game with its log kept in English and German: the last state, every text read in
    German along the way (every third step), and the moves."""
    game = load_game("reclaim", variant=variant)
    game.tongues = ("en", "de")
    st = game.new_state(seed)
    bots = [RandomBot(game, s, seed) if bot == "random" else make_bot(bot, game, s, seed) for s in range(4)]
    rng = Rng(seed)
    texts: set[str] = set()
    moves: list[tuple[int, str]] = []
    step = 0
    while not st.is_terminal():
        if step % 3 == 0:
            with reading_in("de", "reclaim"):
                texts.update(table_texts(st))
        seat = st.active_seats()[0]
        if ALARM in st.legal_actions(seat) and rng.below(4) == 0:
            action = ALARM  # the timer rang (the front end sends it)
        else:
            action = bots[seat].choose(st, seat)
        moves.append((seat, str(action)))
        st.apply(seat, action)
        step += 1
    with reading_in("de", "reclaim"):
        texts.update(table_texts(st))
        texts.update(say(line) for _step, _kind, line, _seats in st.log)
    return st, sorted(texts), moves


ALARM = Action.parse("alarm")


@pytest.mark.parametrize(
    ("variant", "seed", "bot"),
    [("standard", 7, "heuristic"), ("timer", 5, "heuristic"), ("standard", 5, "random")],
)
def test_a_whole_game_reads_in_german(variant, seed, bot):
    st, texts, moves = play_in_german(variant, seed, bot)
    assert len(texts) > 500
    left = {text: english_in(text) for text in texts if text and english_in(text)}
    assert left == {}
    german = " ".join(texts)
    for word in (
        "Wohnblock",
        "Kläranlage",
        "Hof",
        "Stadtkasse",
        "Runde",
        "Feld",
        "Krankheitswürfel",
        "gemischt",
    ):
        assert word in german
    assert not re.search(r"(?<![\w-])(Fd|Mx|Sp|Sl)\d", german), "the board's letter codes"
    # the same game read in English is the game as it was: its log in English is the log of a game
    # kept in one language
    plain = load_game("reclaim", variant=variant).new_state(seed)
    for seat, move in moves:
        plain.apply(seat, move)
    assert [say(line) for _s, _k, line, _v in st.log] == [line for _s, _k, line, _v in plain.log]
    assert plain.state_hash() == st.state_hash()


def test_the_reference_lobby_words_and_debrief_read_in_german():
    game = load_game("reclaim")
    st, _texts, moves = play_in_german("standard", 11, "heuristic")
    d = Debrief(build(game, 11, moves))
    with reading_in("de", "reclaim"):
        sections = SPEC.reference(game.content)  # type: ignore[misc]
        texts = [reference_text(sections)]
        texts += [_(SPEC.description), *(_(v.description) for v in SPEC.variants)]
        texts += [_(o.help) for o in SPEC.options]
        texts += [_(k.help) for k in SPEC.action_space.kinds if k not in (DONE, VOTE)]  # RECLAIM's own
        texts += [_(label) for label in hooks.LABELS.values()]
        texts += [m.text for m in hooks.key_moments(d)] + hooks.learning_points(d)
    left = {text: english_in(text) for text in texts if english_in(text)}
    assert left == {}
    joined = " ".join(texts)
    assert "EREIGNISKARTEN" in joined and "GEHEIME AGENDEN" in joined and "Stadtkasse" in joined
    assert "1.000 M" in texts[0]


def test_money_reads_as_the_language_writes_it():
    from loopcity.games.reclaim.words import money

    assert money(1575) == "1,575 C"
    with reading_in("de", "reclaim"):
        assert money(1575) == "1.575 M"
    assert money(-200) == "-200 C"


def test_every_name_and_text_of_the_content_has_its_german():
    assert SPEC.content is not None
    german = load_translation(SPEC.content, translation_files(SPEC.content)["de"])
    missing = []

    def walk(data: Any, where: str) -> None:
        if isinstance(data, dict):
            for k, v in data.items():
                if k in TEXT_FIELDS and isinstance(v, str):
                    if v not in german:
                        missing.append(f"{where}.{k}: {v}")
                else:
                    walk(v, f"{where}.{k}")
        elif isinstance(data, list):
            for i, item in enumerate(data):
                walk(item, f"{where}[{i}]")

    walk(read_toml(SPEC.content.path), "content")
    assert missing == []

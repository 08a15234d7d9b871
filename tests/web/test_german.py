"""Every page of every game read in German: the lobby, a table's links page, the play page (a seat's and
the spectator's), the replay at several steps and from several seats, the debrief, the error pages and
the JSON answers a person reads (the reference, a seat's state, refusals). None of them may still show
an English text of Loopcity's own catalogue (``src/loopcity/locale``).

What the games word (labels, log lines, panels, card texts, learning points) is translated in the
games' own catalogues and content files; this test leaves it aside: it gathers every text the game
produced for that table from the JSON answers (in German, as the pages show it) and takes those texts
out of the pages before it looks for Loopcity's own English."""

from __future__ import annotations

import io
import re
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader

from loopcity.debrief import game_hooks
from loopcity.engine import list_games, load_game
from loopcity.engine.text import LOCALE, _, reading_in
from loopcity.web.i18n import client_strings
from tiny_game import SPEC as TINY

from .conftest import GAME_IDS, new_table, seat_tokens
from .test_review import bot_game

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
FILLED = 300
"""The longest text a placeholder of Loopcity's own stands for in a page."""
MINE = {"t", "rule_text", "lang"}
"""Keys of the JSON answers whose texts are Loopcity's own, not the game's."""


# ----- Loopcity's own English --------------------------------------------------------------------
@cache
def english() -> list[tuple[str, re.Pattern[str]]]:
    """Each English text of the ``loopcity`` catalogue whose German differs, as a pattern that finds it
    in a page: its words as written, each ``{placeholder}`` standing for any text up to
    :data:`FILLED` characters (a name, a number, a list of a few: never the rest of a document)."""
    with (LOCALE / "de" / "LC_MESSAGES" / "loopcity.po").open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for text in ids:
            if text in strings:
                continue  # the same in German (Details, Link, Live)
            parts = PLACEHOLDER.split(text)
            if sum(len(re.findall(r"[A-Za-z]", p)) for p in parts) < 2:
                continue
            pattern = f".{{1,{FILLED}}}?".join(re.escape(p) for p in parts)
            if re.match(r"\w", text):
                pattern = r"(?<!\w)" + pattern
            if re.search(r"\w$", text):
                pattern += r"(?!\w)"
            out.append((text, re.compile(pattern)))
    return out


def english_in(text: str) -> list[str]:
    return [msgid for msgid, pattern in english() if pattern.search(text)]


# ----- what a page shows --------------------------------------------------------------------------
class Shown(HTMLParser):
    """The texts a page shows a person: text nodes and the attributes read aloud or shown (aria-label,
    placeholder, title, alt), without scripts, the board (svg, pre), action texts (code) and the raw
    view of the replay's details (machine data)."""

    SKIP = {"script", "style", "svg", "code", "pre"}
    VOID = {"meta", "link", "input", "br", "img", "hr", "source", "col"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.stack: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        skipping = bool(self.stack and self.stack[-1])
        classes = (dict(attrs).get("class") or "").split()
        if not skipping:
            for name, value in attrs:
                if name in ("aria-label", "placeholder", "title", "alt") and value:
                    self.texts.append(value)
        if tag in self.VOID:
            return
        self.stack.append(skipping or tag in self.SKIP or "view-list" in classes)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]) and data.strip():
            self.texts.append(" ".join(data.split()))


def shown(html: str) -> list[str]:
    parser = Shown()
    parser.feed(html)
    return parser.texts


class GameWords:
    """Every text a game produced for a table (in the language read), to be taken out of the pages."""

    def __init__(self) -> None:
        self.words: set[str] = set()
        self.ids: set[str] = set()
        """Names programs read (action kinds, variants, option values), shown as they are."""

    def add(self, text: Any) -> None:
        if isinstance(text, str) and (len(text) >= 4 or " " in text.strip()):
            self.words.add(" ".join(text.split()))

    def walk(self, data: Any, skip: set[str] = MINE) -> None:
        if isinstance(data, dict):
            for k, v in data.items():
                if k not in skip:
                    self.walk(v, skip)
        elif isinstance(data, list):
            for v in data:
                self.walk(v, skip)
        else:
            self.add(data)

    def spec(self, spec: Any) -> None:
        """What the lobby shows of a game: title, description, variants, options, bots, action kinds."""
        s = spec.summary()
        for text in [s["title"], s["description"], *(v["description"] for v in s["variants"])]:
            self.add(text)
            self.add(german(text))
        for o in s["options"]:
            for text in (o["help"], *(map(str, o["choices"] or ()))):
                self.add(text)
                self.add(german(text))
        self.ids |= {v["name"] for v in s["variants"]} | {
            str(c) for o in s["options"] for c in o["choices"] or ()
        }
        self.ids |= {o["name"].replace("_", " ") for o in s["options"]}  # an option is labelled by its name
        for k in spec.action_space.kinds:
            self.ids.add(k.name)
            self.add(k.help)
            self.add(german(k.help))

    def debrief(self, data: dict[str, Any], game_id: str) -> None:
        """A debrief's texts, but for Loopcity's own: its key moments of kind 'biggest change' and, for a
        game without learning points of its own, the generic ones."""
        own_points = game_id != "tiny" and hasattr(game_hooks(load_game(game_id)), "learning_points")
        self.walk({k: v for k, v in data.items() if k not in ("moments", "learning_points")})
        for m in data["moments"]:
            if m["kind"] != "biggest change":
                self.add(m["text"])
        if own_points:
            self.walk(data["learning_points"])

    def strip(self, text: str) -> str:
        for word in sorted(self.words, key=len, reverse=True):
            if word in text:
                text = text.replace(word, " ⌧ ")
        for name in self.ids:
            if name in text:
                text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ⌧ ", text)
        return text


def german(text: str) -> str:
    with reading_in("de"):
        return _(text)


def english_left(texts: list[str], words: GameWords) -> list[tuple[str, str]]:
    """(English msgid, where) for every English text of Loopcity's own left in ``texts``."""
    found = []
    for text in texts:
        for msgid in english_in(words.strip(text)):
            found.append((msgid, text[:160]))
    return found


def finished_table(client: Any, game_id: str, seed: int) -> tuple[dict[Any, str], Any]:
    """A finished table (every seat a person) made from a bots' game; its tokens and record."""
    rec, _states = bot_game(game_id, seed, "random" if game_id == "tiny" else "heuristic")
    n = rec.new_game().players
    made = client.app.state.manager.create(
        game_id, players=n, seats=[{"kind": "human"}] * n, seed=seed, moves=rec.moves
    )
    return {role if seat is None else seat: tok for tok, role, seat in made["tokens"]}, rec


# ----- the tests ----------------------------------------------------------------------------------
@pytest.fixture
def de_client(client):
    """A client whose person has picked German (the picker's cookie)."""
    client.cookies.set("lang", "de")
    return client


def test_the_play_pages_script_texts_are_german():
    texts = client_strings("de")
    english_texts = client_strings("en")
    left = [k for k, v in texts.items() if english_in(v)]
    assert left == []
    assert texts["your_turn"] == "Du bist am Zug" and texts["seat_n"] == "Platz {n}"
    assert sum(texts[k] != english_texts[k] for k in texts) >= len(texts) - 3  # Details, Live


def test_the_lobby_is_german(de_client):
    words = GameWords()
    words.spec(TINY)
    for spec in list_games():
        words.spec(spec)
    html = de_client.get("/").text
    assert 'lang="de"' in html and "Einen Tisch einrichten" in html
    assert english_left(shown(html), words) == []
    assert '<option value="de" lang="de" selected>Deutsch</option>' in html


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_page_of_a_finished_game_is_german(de_client, game):
    client = de_client
    tokens, rec = finished_table(client, game, seed=3)
    seats = [tokens[s] for s in range(rec.new_game().players)]
    words = GameWords()
    words.spec(TINY if game == "tiny" else rec.new_game().spec)
    for _seat, action in rec.moves:
        words.add(action)
    for tok in [*seats, tokens["spectator"]]:
        words.walk(client.get(f"/api/state/{tok}").json())
    reference = client.get(f"/api/reference/{seats[0]}").json()
    words.walk(reference)
    debrief = client.get(f"/api/debrief/{seats[0]}").json()
    words.debrief(debrief, game)
    steps = len(rec.moves)
    pages = {
        "links": f"/table/{tokens['facilitator']}",
        "play (seat 1)": f"/play/{seats[0]}",
        "play (spectator)": f"/play/{tokens['spectator']}",
        "debrief": f"/debrief/{seats[0]}",
    }
    for k in sorted({0, 1, steps // 2, steps}):
        for who in ("spectator", "1"):
            words.walk(client.get(f"/api/replay/{tokens['facilitator']}?step={k}&as={who}").json())
            pages[f"replay step {k} as {who}"] = f"/replay/{tokens['facilitator']}?step={k}&as={who}"
    found = {}
    for name, url in pages.items():
        r = client.get(url)
        assert r.status_code == 200, (name, r.text[:300])
        assert 'lang="de"' in r.text
        left = english_left(shown(r.text), words)
        if left:
            found[name] = left
    assert found == {}
    what_if = client.get(f"/replay/{tokens['facilitator']}?step=1").text
    assert "Was wäre, wenn …?" in what_if and "Ab Schritt 1 weiterspielen" in what_if
    debrief_page = client.get(f"/debrief/{seats[0]}").text
    assert "Lernpunkte" in debrief_page and "Schlüsselmomente" in debrief_page
    assert "?lang=de" in debrief_page  # the CSV and PDF links ask for the page's language


def test_a_running_table_its_refusals_and_error_pages_are_german(de_client):
    client = de_client
    words = GameWords()
    words.spec(TINY)
    t = new_table(client, players=2)
    tok = seat_tokens(t)
    fac = t["facilitator"]["token"]
    for s in tok.values():
        words.walk(client.get(f"/api/state/{s}").json())
    words.walk(client.get(f"/api/replay/{tok[0]}").json())
    client.post(f"/api/chat/{fac}", json={"text": "Willkommen"})
    found = {}
    pages = {
        "links": f"/table/{fac}",
        "play": f"/play/{tok[0]}",
        "replay while running": f"/replay/{tok[0]}",
        "debrief so far": f"/debrief/{tok[0]}",
    }
    words.debrief(client.get(f"/api/debrief/{tok[0]}").json(), "tiny")
    for name, url in pages.items():
        r = client.get(url)
        assert r.status_code == 200, (name, r.text[:300])
        found[name] = english_left(shown(r.text), words)
    links = client.get(f"/table/{fac}").text
    assert "Spielleitung:" in links and "Tisch anhalten" in links
    assert client.post(f"/api/tables/{fac}/pause", json={"paused": True}).status_code == 200
    paused = client.get(f"/table/{fac}").text
    assert "Der Tisch ist angehalten" in paused
    found["links (paused)"] = english_left(shown(paused), words)
    refused = client.post(f"/api/act/{tok[0]}", json={"action": "ready"})
    assert refused.status_code == 423
    found["paused refusal"] = english_left([refused.json()["detail"]], words)
    client.post(f"/api/tables/{fac}/pause", json={"paused": False})
    # error pages: a link that is not valid, a page that does not exist, a lobby form with a seed that is no number
    errors = {
        "bad link": (client.get("/play/not-a-token"), 403),
        "no page": (client.get("/nowhere"), 404),
        "bad seed": (client.post("/tables", data={"game": "tiny", "players": "2", "seed": "x"}), 400),
        "facilitator's link as a seat": (client.get(f"/play/{fac}"), 403),
    }
    for name, (r, status) in errors.items():
        assert r.status_code == status, (name, r.text[:300])
        assert "Das hat leider nicht geklappt" in r.text and "Zurück zur Lobby" in r.text
        found[name] = english_left(shown(r.text), words)
    assert "Diese Seite gibt es nicht" in errors["no page"][0].text
    # refusals a seat reads: not its turn, an action the game does not know, a move while waiting
    client.post(f"/api/act/{tok[0]}", json={"action": "ready"})
    not_yet = client.post(f"/api/act/{tok[0]}", json={"action": "ready"}).json()["detail"]
    unknown = client.post(f"/api/act/{tok[1]}", json={"action": "fly"}).json()["detail"]
    stale = client.post(f"/api/act/{tok[1]}", json={"action": "ready", "version": 0}).json()["detail"]
    spectator = client.post(f"/api/chat/{t['spectator']['token']}", json={"text": "hallo"}).json()["detail"]
    for name, detail in {
        "not its turn": not_yet,
        "unknown": unknown,
        "stale": stale,
        "spectator": spectator,
    }.items():
        found[name] = english_left([detail], words)
    assert not_yet.startswith("Platz 1 ist jetzt nicht am Zug")
    assert unknown.startswith("unbekannte Aktion 'fly'")
    with client.websocket_connect(f"/ws/{tok[1]}") as ws:
        ws.receive_text()
        ws.send_text("{}")
        said = ws.receive_json()
    assert said["type"] == "refused" and said["reason"] == "unbekannte Nachricht"
    assert {k: v for k, v in found.items() if v} == {}


def test_the_reference_and_state_answers_use_loopcitys_german(de_client):
    """The engine's own words in a seat's state: the prompt, the question put to the table and its rule."""
    t = new_table(de_client, players=2)
    s = de_client.get(f"/api/state/{seat_tokens(t)[0]}").json()
    assert s["prompt"] == "Du bist am Zug: Wähle, was du tun willst."
    assert (
        de_client.get(f"/api/state/{seat_tokens(t)[0]}?lang=en").json()["prompt"]
        == "Your turn: choose what to do."
    )


def test_the_debrief_csv_names_its_columns_in_words_when_a_language_is_asked_for(de_client):
    tokens, _rec = finished_table(de_client, "tiny", seed=3)
    machine = de_client.get(f"/api/debrief/{tokens[0]}/csv").text.splitlines()[0]
    words = de_client.get(f"/api/debrief/{tokens[0]}/csv?lang=de").text.splitlines()[0]
    assert machine.startswith("step,round,seat,action")
    assert words.startswith("Zug,Runde,Platz,Aktion")


@pytest.mark.parametrize("game", ["tiny", "resourcity", "sustain"])
def test_the_debrief_pdf_is_german(de_client, game):
    """The handout as a PDF reader shows it: headings, the table's facts, key moments and contributions
    in German, none of Loopcity's own English (the game's words taken out as above)."""
    from loopcity.debrief.report import _latin

    tokens, _rec = finished_table(de_client, game, seed=11)
    r = de_client.get(f"/api/debrief/{tokens[0]}/pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(r.content))
    text = " ".join("\n".join(page.extract_text() for page in reader.pages).split())
    title = de_client.get(f"/api/state/{tokens[0]}").json()["title"]
    assert f"{title}: Nachbesprechung" in text
    for heading in ("Lernpunkte", "Verläufe", "Schlüsselmomente", "Beitrag der einzelnen Plätze"):
        assert heading in text
    assert "Am Ende jeder Runde" in text and "Personen" in text and "Züge" in text
    assert reader.metadata.title == f"Nachbesprechung {title}"
    words = GameWords()
    words.spec(TINY if game == "tiny" else load_game(game).spec)
    words.debrief(de_client.get(f"/api/debrief/{tokens[0]}").json(), game)
    words.words = {" ".join(_latin(w).split()) for w in words.words}
    assert english_left([text], words) == []
    english_pdf = de_client.get(f"/api/debrief/{tokens[0]}/pdf?lang=en").content
    assert "Learning points" in " ".join(
        page.extract_text() for page in PdfReader(io.BytesIO(english_pdf)).pages
    )

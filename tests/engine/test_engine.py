import json
import random
from typing import NamedTuple

import pytest
from pydantic import BaseModel

from loopcity.engine import (
    Action,
    ActionSpace,
    ContentError,
    ContentSpec,
    IllegalAction,
    MalformedAction,
    OptionError,
    Record,
    RecordError,
    Rng,
    UnknownGame,
    kind,
    load_game,
    load_snapshot,
)
from loopcity.engine.content import load_content
from loopcity.engine.serialize import copy_data, decode, encode
from loopcity.engine.testing import check_game, random_playout


def test_rng_is_deterministic_and_clonable():
    a, b = Rng(7), Rng(7)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    c = a.copy()
    assert a.next64() == c.next64()
    assert Rng(7).next64() != Rng(8).next64()
    rolls = [Rng(1).randint(1, 6)] + [Rng(1).randint(1, 6)]
    assert all(1 <= r <= 6 for r in rolls)


def test_rng_is_roughly_uniform():
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randint(1, 6) - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_action_text_and_json_forms_read_back():
    for a in [Action("spin"), Action("move", (14,)), Action("trade", (2, "wood")), Action("pay", (-1,))]:
        assert Action.parse(str(a)) == a
        assert Action.from_json(a.to_json()) == a
    assert str(Action("trade", (2, "wood"))) == "trade 2 wood"
    with pytest.raises(MalformedAction, match="empty"):
        Action.parse("   ")
    with pytest.raises(MalformedAction, match="kind"):
        Action.parse("3 wood")
    with pytest.raises(MalformedAction, match="args"):
        Action.from_json({"kind": "x", "args": [1.5]})


def test_action_space_indexes_every_action_once():
    class Move(NamedTuple):
        tile: int

    class Trade(NamedTuple):
        n: int
        what: str

    space = ActionSpace(
        [
            kind("spin"),
            kind("move", "", Move, tile=range(5)),
            kind("trade", "", Trade, n=(1, 2), what=("wood", "food")),
        ]
    )
    assert space.size == 1 + 5 + 4
    seen = {space.index(space.action(i)) for i in range(space.size)}
    assert seen == set(range(space.size))
    assert space.action(space.index(Action("trade", (2, "food")))) == Action("trade", (2, "food"))
    with pytest.raises(MalformedAction, match="unknown action 'fly'"):
        space.validate(Action("fly"))
    with pytest.raises(MalformedAction, match="takes 1 argument"):
        space.validate(Action("move"))
    with pytest.raises(MalformedAction, match="<what> must be one of wood, food"):
        space.validate(Action("trade", (1, "gold")))


def test_serialize_round_trips_plain_data():
    data = {"a": [1, (2, 3)], "s": {3, 1}, "f": frozenset({"x"}), 4: "int key", "r": Rng(5), "__x": None}
    back = decode(json.loads(json.dumps(encode(data))))
    assert back == data
    copy = copy_data(data)
    copy["a"][0] = 99
    assert data["a"][0] == 1


def test_game_options_and_variants(tiny):
    assert load_game("tiny").options["pile"] == 12
    assert load_game("tiny", variant="short").options["pile"] == 5
    assert load_game("tiny", variant="short", pile="7").options["pile"] == 7
    with pytest.raises(OptionError, match="no variant 'huge'"):
        load_game("tiny", variant="huge")
    with pytest.raises(OptionError, match="no option 'colour'"):
        load_game("tiny", colour="red")
    with pytest.raises(OptionError, match="2-4 players, not 5"):
        load_game("tiny", players=5)
    with pytest.raises(OptionError, match="takes a int"):
        load_game("tiny", pile="many")
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        load_game("chess")


def test_refused_actions_change_nothing_and_say_why(tiny):
    state = load_game("tiny", players=2, pile=3).new_state(1)
    state.apply(0, "ready")
    state.apply(1, Action("ready"))
    state.apply(0, "take 2")
    before = state.state_hash()
    with pytest.raises(IllegalAction, match="only 1 counter"):
        state.apply(1, "take 2")
    with pytest.raises(IllegalAction, match="seat 1 may not act now; waiting for seat 2"):
        state.apply(0, "take 1")
    with pytest.raises(MalformedAction, match="unknown action"):
        state.apply(1, "fly")
    with pytest.raises(MalformedAction, match="seat must be"):
        state.apply(7, "take 1")
    assert state.state_hash() == before
    state.apply(1, "take 1")
    assert state.is_terminal()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(0, "take 1")


def test_chance_draws_are_logged_and_never_shown(tiny):
    state = load_game("tiny").new_state(3)
    for s in (0, 1):
        state.apply(s, "ready")
    state.apply(0, "roll")
    kinds = [entry[1] for entry in state.log]
    assert kinds.count("chance") == 2  # the deck shuffle and the die
    view = json.dumps(state.view(0))
    assert "rng" not in view and str(state.rng.key) not in view
    assert any("die: rolled" in row["text"] for row in state.log_for(None))


def test_snapshot_clone_and_replay(tiny):
    game = load_game("tiny", players=3)
    record = Record.start(game.new_state(11), 11)
    state = random_playout(game, 11, record)
    assert load_snapshot(json.loads(json.dumps(state.to_json()))) == state
    assert record.replay(verify=True) == state
    record.hashes[2] = "0" * 20
    with pytest.raises(RecordError, match="move 3"):
        record.replay(verify=True)


def test_same_seed_same_game(tiny):
    game = load_game("tiny", players=4)
    assert random_playout(game, 5) == random_playout(game, 5)
    assert any(random_playout(game, 5).view(None) != random_playout(game, s).view(None) for s in range(6, 12))


def test_conformance_suite_passes_on_tiny(tiny):
    report = check_game(load_game("tiny", players=3), playouts=4)
    assert len(report["lengths"]) == 4


def test_conformance_suite_catches_a_leak(tiny, monkeypatch):
    from tiny_game import TinyState

    def leaky_view(self, seat):
        return {"pile": self.pile, "cards": list(self.cards)}

    monkeypatch.setattr(TinyState, "view", leaky_view)
    with pytest.raises(AssertionError, match="depends on what it cannot see"):
        check_game(load_game("tiny"), playouts=1)


def test_conformance_suite_catches_a_broken_invariant(tiny, monkeypatch):
    from tiny_game import TinyState

    original = TinyState._apply

    def cheating_apply(self, seat, action):
        original(self, seat, action)
        if action.kind == "take":
            self.taken[seat] += 1

    monkeypatch.setattr(TinyState, "_apply", cheating_apply)
    with pytest.raises(AssertionError):
        check_game(load_game("tiny"), playouts=1)


class Card(BaseModel):
    id: str
    cost: int


class Deck(BaseModel):
    cards: list[Card]


def test_content_errors_name_file_item_and_field(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text('[[cards]]\nid = "compost"\ncost = 2\n[[cards]]\nid = "shelter"\ncost = "lots"\n')
    spec = ContentSpec(Deck, path)
    with pytest.raises(ContentError) as e:
        load_content(spec)
    assert "deck.toml" in str(e.value) and "shelter" in str(e.value) and "'cost'" in str(e.value)
    path.write_text('[[cards]]\nid = "compost"\ncost = 2\n')
    model, h = load_content(spec, overrides={"cards.compost.cost": 5})
    assert model.cards[0].cost == 5 and len(h) == 16
    with pytest.raises(ContentError, match="no item 'shelter'"):
        load_content(spec, overrides={"cards.shelter.cost": 5})
    path.write_text("cards = [")
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(spec)


def test_outcome_returns_map_team_result_and_scores():
    from loopcity.engine import Outcome

    assert Outcome(True, "won", (3.0, 1.0), (0, 1)).returns(cooperative=True) == (1.0, 1.0)
    assert Outcome(False, "waste", (3.0, 1.0), ()).returns(cooperative=True) == (-1.0, -1.0)
    assert Outcome(False, "disease", (9.0, 1.0), ()).returns(cooperative=False) == (-1.0, -1.0)
    assert Outcome(True, "end", (8.0, 4.0, 0.0), (0,)).returns(cooperative=False) == (1.0, 0.5, 0.0)


def test_conformance_suite_catches_a_redraw_that_depends_on_the_truth(tiny, monkeypatch):
    from tiny_game import TinyState

    def truth_ordered_redraw(self, seat, rng):
        unseen = self.deck + [c for s, c in enumerate(self.cards) if s != seat]  # true order kept
        rng.shuffle(unseen)
        for s in range(self.players):
            if s != seat:
                self.cards[s] = unseen.pop()
        self.deck = unseen

    monkeypatch.setattr(TinyState, "resample_hidden", truth_ordered_redraw)
    with pytest.raises(AssertionError, match="depends on the true hidden state"):
        check_game(load_game("tiny"), playouts=1)


# ----- positions ---------------------------------------------------------------------------------
def test_a_position_written_by_hand_sets_up_that_situation(tiny):
    from loopcity.engine import read_position

    text = """
game = "tiny"
players = 2
seed = 3
ready = [0, 1]
pile = 2
taken = [6, 4]
turn = 1
cards = [9, 2]
deck = [1, 3, 4, 5, 6, 7, 8]
"""
    state = read_position(text)
    assert state.active_seats() == (1,)
    assert [str(a) for a in state.legal_actions(1)] == ["take 1", "take 2", "roll"]
    state.apply(1, "take 2")
    assert state.is_terminal() and state.outcome().winners == (0,)


def test_a_bad_position_names_the_field_or_the_rule_it_breaks(tiny):
    from loopcity.engine import PositionError, read_position

    base = 'game = "tiny"\nplayers = 2\nturn = 0\ncards = [9, 2]\ndeck = [1, 3, 4, 5, 6, 7, 8]\n'
    with pytest.raises(PositionError, match="field 'pile'"):
        read_position(base + "pile = -1\ntaken = [0, 0]\n")
    with pytest.raises(PositionError, match="field 'colour'.*not permitted"):
        read_position(base + 'pile = 12\ntaken = [0, 0]\ncolour = "red"\n')
    with pytest.raises(PositionError, match="counters are in the pile or taken"):
        read_position(base + "pile = 12\ntaken = [3, 0]\n")
    with pytest.raises(PositionError, match="no game 'chess'"):
        read_position('game = "chess"\n')
    with pytest.raises(PositionError, match="not a TOML position"):
        read_position("pile = = 3")


def test_a_state_position_round_trips_through_toml(tiny):
    from loopcity.engine import dump_position, read_position

    game = load_game("tiny", players=3, variant="short")
    state = game.new_state(4)
    state.apply(0, "ready")
    text = dump_position(state, seed=9)
    assert 'variant = "short"' in text and "seed = 9" in text and "ready = [0]" in text
    again = read_position(text)
    assert again.view(0) == state.view(0) and again.active_seats() == state.active_seats()


def test_content_refuses_a_misspelled_field_naming_file_item_and_field(tmp_path):
    from loopcity.engine import ContentError, ContentModel, ContentSpec

    class Card(ContentModel):
        id: str
        recycle_cost: int = 0

    class Deck(ContentModel):
        cards: list[Card]

    path = tmp_path / "deck.toml"
    path.write_text('[[cards]]\nid = "jar"\nrecylce_cost = 2\n')
    with pytest.raises(ContentError, match=r"deck.toml: item cards\.\[0\] \(jar\): field 'recylce_cost'"):
        load_content(ContentSpec(Deck, path))


def test_a_kind_makes_its_actions_with_named_arguments_and_lists_them_in_index_order():
    from loopcity.engine import Handlers

    class Trade(NamedTuple):
        n: int
        what: str

    trade = kind("trade", "trade n of what", Trade, n=(1, 2), what=("wood", "food"))
    space = ActionSpace([kind("spin"), trade])
    a = trade(2, "food")
    assert (
        a is trade(2, "food")
        and a == Action("trade", (2, "food"))
        and hash(a) == hash(Action("trade", (2, "food")))
    )
    assert str(a) == "trade 2 food" and a.to_json() == {"kind": "trade", "args": [2, "food"]}
    assert trade.read(a).what == "food" and trade.read(Action.parse("trade 1 wood")) == Trade(1, "wood")
    assert [space.index(x) for x in trade.actions()] == list(range(1, 5))
    seen = []
    handlers = Handlers[list]()
    handlers.on(trade)(lambda state, seat, args: state.append(args.n * 10 + seat))
    handlers.apply(seen, 3, Action.parse("trade 2 food"))
    assert seen == [23] and handlers.missing(space) == ["spin"]
    with pytest.raises(TypeError, match="do not match the fields"):
        kind("trade", "", Trade, what=("wood",), n=(1,))


# ----- translations -------------------------------------------------------------------------------
def test_translated_content_is_checked_against_the_content_and_read_in_the_readers_language(
    tmp_path, own_words
):
    from loopcity.engine import ContentError, ContentModel, ContentSpec
    from loopcity.engine.content import load_translation, translation_files
    from loopcity.engine.text import _, add_texts, reading_in

    class Card(ContentModel):
        id: str
        name: str
        text: str
        cost: int = 0

    class Deck(ContentModel):
        cards: list[Card]

    source = tmp_path / "content.toml"
    source.write_text(
        '[[cards]]\nid = "jar"\nname = "Glass jars"\ntext = "Pay {n} to recycle"\ncost = 2\n'
        '[[cards]]\nid = "can"\nname = "Tin cans"\ntext = "Free"\n'
    )
    spec = ContentSpec(Deck, source)
    german = tmp_path / "content.de.toml"
    german.write_text(
        '[[cards]]\nid = "can"\nname = "Konservendosen"\n[[cards]]\nid = "jar"\ntext = "Zahle {n} fürs Recycling"\n'
    )
    assert translation_files(spec) == {"de": german}
    texts = load_translation(spec, german)
    assert texts == {"Tin cans": "Konservendosen", "Pay {n} to recycle": "Zahle {n} fürs Recycling"}
    add_texts("de", texts)
    with reading_in("de"):
        assert (
            _("Tin cans") + ": " + _("Pay {n} to recycle").format(n=2)
            == "Konservendosen: Zahle 2 fürs Recycling"
        )
    assert _("Tin cans") == "Tin cans"
    bad = {
        '[[cards]]\nid = "cup"\nname = "Tassen"\n': r"cards\[0\]: no item of the content has this id",
        '[[cards]]\nid = "jar"\ncost = 3\n': r"cards\[0\] \(jar\).cost: only texts are translated",
        '[[cards]]\nid = "jar"\ntext = "Zahle {m}"\n': r"placeholders differ",
        '[[cards]]\nid = "jar"\ncolour = "rot"\n': r"field 'colour': not in the content",
    }
    for text, message in bad.items():
        german.write_text(text)
        with pytest.raises(ContentError, match=message):
            load_translation(spec, german)


@pytest.fixture
def own_words(monkeypatch):
    """Translations added by a test are forgotten after it."""
    from loopcity.engine import text

    monkeypatch.setattr(
        text, "_TEXTS", {k: {g: dict(t) for g, t in v.items()} for k, v in text._TEXTS.items()}
    )
    monkeypatch.setattr(text, "_LOADED", {})


def test_the_log_is_kept_in_each_language_of_the_table(own_words):
    """Two people reading different languages each read every log line in their own, moves included;
    a game kept in English alone words each line once."""
    from loopcity.engine import Game
    from loopcity.engine.text import _, add_texts, reading_in
    from tiny_game import SPEC as TINY

    add_texts("xx", {"{who} takes {n} Coins": "{who} nimmt {n} Münzen"})
    game = Game(TINY)
    made: list[str] = []

    def words() -> str:
        made.append("once")
        return _("{who} takes {n} Coins").format(who="A", n=2)

    state = game.new_state(1)
    state.note(words)
    assert state.log_for(None)[-1]["text"] == "A takes 2 Coins" and made == ["once"]
    with reading_in("xx"):  # a terminal reading one language keeps its lines in it
        state.note(words)
    assert state.log_for(None)[-1]["text"] == "A nimmt 2 Münzen"
    game.tongues = ("en", "xx")
    state = game.new_state(1)
    state.note(words)
    seat = state.active_seats()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    with reading_in("xx"):
        lines = state.log_for(None)
    assert lines[-2]["text"] == "A nimmt 2 Münzen"
    assert lines[-1]["text"] == state.log_for(None)[-1]["text"]  # a move line without a translation


def test_a_games_own_translations_come_first(own_words):
    """Two games may translate one English word differently; each reads its own."""
    from loopcity.engine.text import _, add_texts, reading_in

    add_texts("xx", {"Compost heap": "Komposthaufen"}, game="first")
    add_texts("xx", {"Compost heap": "Kompost"}, game="second")
    with reading_in("xx", "first"):
        assert _("Compost heap") == "Komposthaufen"
    with reading_in("xx", "second"):
        assert _("Compost heap") == "Kompost"
    with reading_in("xx"):  # no game named: some translation rather than none
        assert _("Compost heap") in {"Komposthaufen", "Kompost"}


def test_a_log_nobody_reads_costs_no_words():
    """Simulation, benchmarks and learners keep the log unread (``tongues = ()``): no step words a
    line; each line keeps its step, kind and seats and says it was not kept; the game is the same
    (hashes, snapshots), and a search's copy words nothing either."""
    from loopcity.engine import Game
    from loopcity.engine.text import UNREAD, _, reading_in
    from tiny_game import SPEC as TINY

    made: list[str] = []

    def words() -> str:
        made.append("once")
        return _("{who} takes {n} Coins").format(who="A", n=2)

    read, unread = Game(TINY), Game(TINY)
    unread.tongues = ()
    states = []
    for game in (read, unread):
        state = game.new_state(3)
        state.note(words, seats=[1], kind="event")
        while not state.is_terminal():
            seat = state.active_seats()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        states.append(state)
    worded, kept = states
    assert made == ["once"]  # only the log being read was worded
    assert kept.state_hash() == worded.state_hash()
    assert [e[:2] + e[3:] for e in kept.log] == [e[:2] + e[3:] for e in worded.log]
    assert {e[2] for e in kept.log} == {UNREAD}
    assert kept.log_for(1)[0]["text"] == "(not kept: nobody read this game's log as it was played)"
    with reading_in("de"):
        assert kept.log_for(1)[0]["text"].startswith("(nicht festgehalten")
    assert TINY.state_class.from_fields(unread, kept.to_json()["state"]).log == kept.log

    search = worded.clone()
    search.keep_log_unread()
    search.note(words)
    again = search.clone()
    again.note(words)
    assert made == ["once"] and search.state_hash() == worded.state_hash()
    assert again.log[-1][2] == UNREAD and worded.log[-1][2] != UNREAD


def test_what_the_rules_keep_between_steps_is_no_part_of_the_state(tiny):
    game = load_game("tiny", players=3)
    state = random_playout(game, 11)
    before = (state.state_hash(), state.to_json())
    state._kept["anything"] = [1, 2, 3]
    assert (state.state_hash(), state.to_json()) == before
    assert state == random_playout(game, 11)  # the same game, whatever each keeps
    copy = state.clone()
    assert copy._kept == {} and copy == state
    assert load_snapshot(json.loads(json.dumps(state.to_json())))._kept == {}


def test_the_latest_log_lines_a_seat_may_read():
    """A page shows a seat's latest lines: the same as the end of everything the seat may read,
    private lines kept to their seats, for every seat, the spectator and any count."""
    from loopcity.engine import Game
    from tiny_game import SPEC as TINY

    game = Game(TINY)
    state = game.new_state(5)
    for n in range(12):
        state.note(f"line {n} for seat 1", seats=[1])
        state.note(f"line {n} for everyone")
        seat = state.active_seats()[0]
        if state.is_terminal():
            break
        state.apply(seat, state.legal_actions(seat)[0])
    rows: dict = {}  # the lines worded so far, as a web table keeps them from move to move
    for seat in (None, 0, 1):
        every = state.log_for(seat)
        assert every and all(("for seat 1" in line["text"]) <= (seat == 1) for line in every)
        for last in (1, 3, 7, len(every), len(every) + 5):
            assert state.log_for(seat, last=last) == every[-last:]
            assert state.log_for(seat, last=last, rows=rows) == every[-last:]
    later = state.clone()
    later.note("one more line")
    again = later.log_for(0, last=5, rows=rows)
    assert [line["text"] for line in again] == [line["text"] for line in later.log_for(0)[-5:]]
    assert all(a is b for a, b in zip(again[:4], state.log_for(0, last=4, rows=rows), strict=True))


@pytest.mark.parametrize("game_id", ["reclaim", "resourced", "resourcity", "sustain", "waste_what"])
def test_a_copy_reset_to_its_source_is_the_source_again(game_id):
    """The look-ahead tries one action after another on one copy, put back between two
    (``State.reset_to``): after any action the copy equals its source again (every field, of the
    same types, and the log), the source is untouched, and the copy plays on exactly as a fresh
    copy does."""
    game = load_game(game_id)
    rnd = random.Random(7)
    checked = 0
    for seed in range(3):
        state = game.new_state(seed)
        for _ in range(60):
            if state.is_terminal():
                break
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            before = state.state_hash(with_log=True)
            copy = state.clone()
            for action in rnd.sample(legal, min(4, len(legal))):
                copy.apply(seat, action)
                for _ in range(rnd.randrange(4)):  # and a few more steps, by any seat
                    if copy.is_terminal():
                        break
                    who = copy.active_seats()[0]
                    copy.apply(who, rnd.choice(copy.legal_actions(who)))
                copy.reset_to(state)
                assert copy == state and copy.state_hash(with_log=True) == before
                assert json.dumps(copy.to_json()) == json.dumps(state.to_json())
                checked += 1
            assert state.state_hash(with_log=True) == before, "the source is untouched"
            fresh = state.clone()
            for _ in range(5):  # the reset copy plays on as a fresh copy does
                if fresh.is_terminal():
                    break
                who = fresh.active_seats()[0]
                assert copy.legal_actions(who) == fresh.legal_actions(who)
                action = rnd.choice(fresh.legal_actions(who))
                fresh.apply(who, action)
                copy.apply(who, action)
                assert copy.state_hash(with_log=True) == fresh.state_hash(with_log=True)
            state.apply(seat, rnd.choice(legal))
    assert checked > 100

"""ResourCEd's observation tensors: cells, seats and resources lined up with the actions' arguments."""

from loopcity import load_game
from loopcity.engine import RandomBot
from loopcity.engine.observation import encoder_for
from loopcity.games.resourced.board import CELLS
from loopcity.games.resourced.content import RESOURCES, UPGRADE_IDS


def _states(game, seed, steps=300):
    state = game.new_state(seed)
    bots = [RandomBot(game, s, seed) for s in range(game.players)]
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        seat = state.active_seats()[0]
        state.apply(seat, bots[seat].choose(state, seat))


def test_cards_and_upgrades_the_actions_name_are_in_the_observation():
    game = load_game("resourced", players=4)
    enc = encoder_for(game)
    hand = enc.layout.segment("hand").offset
    upgrade = enc.layout.segment("upgrade").offset
    r = len(RESOURCES)
    checked = 0
    for seed in range(3):
        for state in _states(game, seed):
            seat = state.active_seats()[0]
            got = enc.encode(state, seat).as_dict()
            for action in state.legal_actions(seat):
                if action.kind in ("give", "discard"):
                    res = RESOURCES.index(action.args[-1])
                    assert got.get(hand + seat * r + res, 0) > 0, action
                    checked += 1
                elif action.kind == "shed":
                    who, res = action.args[0] - 1, RESOURCES.index(action.args[1])
                    assert got.get(hand + who * r + res, 0) > 0, action
                    checked += 1
                elif action.kind == "remove":
                    cell = action.args[0]
                    planes = [got.get(upgrade + u * CELLS + cell, 0) for u in range(len(UPGRADE_IDS))]
                    assert sum(planes) == 1, action
                    checked += 1
    assert checked > 30


def test_each_player_stands_on_one_cell():
    game = load_game("resourced", players=3)
    enc = encoder_for(game)
    pos = enc.layout.segment("player_cell").offset
    for state in _states(game, 1, 60):
        got = enc.encode(state, 2).as_dict()
        for p in range(game.players):
            cells = [c for c in range(CELLS) if got.get(pos + p * CELLS + c)]
            assert cells == [state.pos[p]]


def test_the_trade_being_put_together_is_in_the_observation():
    """A seat putting a trade together (or asked to accept one) sees the partner and the cards either
    way, so that offering or putting it aside is decided on what it holds."""
    from .helpers import load, position

    st = load(position(hands={1: {"wood": 2}, 2: {"metal": 3}}))
    enc = encoder_for(st.game)
    seg = enc.layout.segment("trade")
    before = enc.encode(st, 0).as_dict()
    assert not any(seg.offset <= i < seg.offset + seg.size for i in before)
    for action in ("give 2 wood", "take 2 metal", "take 2 metal"):
        st.apply(0, action)
    got = enc.encode(st, 0).as_dict()
    n, r, limit = st.players, len(RESOURCES), st.trade_limit()
    wood, metal = RESOURCES.index("wood"), RESOURCES.index("metal")
    assert {i - seg.offset: v for i, v in got.items() if seg.offset <= i < seg.offset + seg.size} == {
        1: 1.0,
        n + wood: 1 / limit,
        n + r + metal: 2 / limit,
    }
    st.apply(0, "offer_trade")  # the partner, asked, sees it too
    assert {i for i in enc.encode(st, 1).as_dict() if seg.offset <= i < seg.offset + seg.size} == {
        seg.offset + 1,
        seg.offset + n + wood,
        seg.offset + n + r + metal,
    }

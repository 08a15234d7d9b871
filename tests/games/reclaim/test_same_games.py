"""Speed-ups never change play: seeded games end in the same states as before them.

Each figure below is the digest of the final ``state_hash()`` of a series of seeded games (random
playouts: seeds 0-29; heuristic tables: seeds 0-9), recorded before the playout speed-ups of the
legal-action lists, log lines and heuristic bot. A change of the rules, the content or the bots'
judgement changes them on purpose: then record them anew, and say so. The two ``timer`` figures were
recorded anew when the alarm became the clock's alone: before, random bots rang it as one of their
choices and the heuristic never did; now the runner's clock rings it every 30 moves
(``loopcity.engine.clocks.MoveClock``) and no bot can. The standard variant's were recorded anew
when an Event drawn after the Contractor's turn came to wait for the coming round; all six when the
table came to decide together (Political decisions with their units and coins of one's own in larger
amounts, the Dump and the new Housing blocks put to the table, the Farming role's consent to Sludge,
kept Event cards played in the joint decisions, the heuristic's answers); all six again when the map's
lake became one Water hexagon (balance tuning, docs/games/reclaim.md "Balance targets"); all six when
the timer came to restart at its ring (the state no longer keeps whether the alarm may ring; the
heuristic's standard and calm games were checked to play out the same, the timer games ring sooner);
and all six when the Food import came to be paid first and the cap on rejected proposals went (a
repeat of an identical rejected proposal is refused instead), with the heuristic voting by the city's
need; and all six when the lake became two Water hexagons, the heavy rains, the emptying truck and the
pump breakdown took their balance values and the heuristic came to weigh dumping (``dump_room``).
"""

import pytest

from loopcity import load_game
from loopcity.engine import RandomBot

from ..same_games import final_hashes_digest

RECORDED = {
    ("random", "standard"): "85ed475132a854a8",
    ("random", "timer"): "ebc93b6ec5e9c9b8",
    ("random", "calm"): "20364e9747fe5af0",
    ("heuristic", "standard"): "71cc1513ed8c611f",
    ("heuristic", "timer"): "3237ee75d663008e",
    ("heuristic", "calm"): "b5f73fefbd22b44f",
}


@pytest.mark.parametrize(("bot", "variant"), sorted(RECORDED))
def test_seeded_games_end_as_recorded(bot: str, variant: str) -> None:
    digest = final_hashes_digest("reclaim", variant, bot, 30 if bot == "random" else 10)
    assert digest == RECORDED[(bot, variant)]


def test_components_joined_per_link_match_a_full_recount() -> None:
    """Each new link relabels the components in place; the labels equal a union-find over all links."""
    from loopcity.games.reclaim.board import components

    game = load_game("reclaim")
    checked = 0
    for seed in range(20):
        st = game.new_state(seed)
        bots = [RandomBot(game, s, seed) for s in range(game.players)]
        while not st.is_terminal():
            seat = st.active_seats()[0]
            action = bots[seat].choose(st, seat)
            st.apply(seat, action)
            if action.kind == "link_to":
                assert st.comp == components(st.tables.n, st.links)
                checked += 1
    assert checked > 20

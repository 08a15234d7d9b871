from loopcity.sim import wilson_interval


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert abs(low - 0.4038) < 1e-3 and abs(high - 0.5962) < 1e-3
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def test_count_actions_by_kind_by_named_item_and_by_winners():
    from loopcity.engine import Action
    from loopcity.sim.core import count_actions

    moves = [
        (0, Action("craft", ("composter",))),
        (1, Action("craft", ("composter",))),
        (1, Action("move", (3,))),
    ]
    everyone, winners = count_actions(moves, winners=[1])
    assert everyone == {"craft": 2, "craft composter": 2, "move": 1}
    assert winners == {"craft": 1, "craft composter": 1, "move": 1}

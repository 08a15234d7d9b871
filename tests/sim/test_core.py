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


def test_count_actions_names_what_the_game_says_an_action_is_about():
    from loopcity.engine import Action
    from loopcity.sim.core import count_actions

    moves = [
        (0, Action("store", (12, "p1")), "Torn jeans"),
        (1, Action("store", (12, "p2")), "Torn jeans"),
        (1, Action("choose", ("textile",)), None),  # no subject: the word argument names it
        (0, Action("end_round"), None),
    ]
    everyone, _ = count_actions(moves)
    assert everyone == {
        "store": 2,
        "store Torn jeans": 2,
        "choose": 1,
        "choose textile": 1,
        "end_round": 1,
    }


def test_summary_length_figures_match_the_plain_computation():
    import statistics

    from loopcity.sim.core import GameResult, summarize

    lengths = [7, 3, 9, 3, 12, 5, 8, 8, 20, 4, 6]
    results = [
        GameResult(i, i % 3 != 0, "end" if i % 3 else "loss", n, [1.0], [0]) for i, n in enumerate(lengths)
    ]
    s = summarize("x", results)
    ordered = sorted(lengths)
    assert s["length_quartiles"] == [ordered[int(q * 10)] for q in (0, 0.25, 0.5, 0.75, 1)]
    assert s["mean_length"] == statistics.mean(lengths)
    assert abs(s["sd_length"] - statistics.stdev(lengths)) < 1e-9
    assert s["loss_causes"] == {"loss": 4} and s["team_win_rate"] == 7 / 11


def test_wilson_interval_always_holds_the_observed_share():
    for n in range(1, 400):
        for k in (0, 1, n // 3, n - 1, n):
            low, high = wilson_interval(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0, (k, n)

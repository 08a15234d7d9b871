"""``loopcity tune`` on the test game: the value nearest the target on the same seeded games,
pruning, whole and fractional values, refusals, the result and the commands that repeat it."""

import dataclasses
import json
import math

import pytest
from pydantic import BaseModel
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import ContentSpec, register, unregister

from .metered_game import SPEC as METERED
from .metered_game import Dice
from .metered_game import metrics as metered_metrics

pytest.importorskip("optuna")
runner = CliRunner()
BASE = ["--workers", "1", "--seed", "3", "--bot", "random"]


def invoke_json(*args):
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def win_rate(*sets, games=150):
    args = ["simulate", "metered", "-n", str(games), *BASE]
    for s in sets:
        args += ["--set", s]
    return invoke_json(*args)["team_win_rate"]


def test_tune_finds_the_value_whose_win_rate_is_nearest_the_target(metered):
    rates = {sides: win_rate(f"dice.sides={sides}") for sides in range(1, 7)}
    target = 0.55
    nearest = min(rates, key=lambda s: (abs(rates[s] - target), s))
    result = invoke_json(
        "tune", "metered", "--vary", "dice.sides=1:6", "--target", f"team_win_rate={target}",
        "-n", "150", "--no-prune", *BASE,
    )  # fmt: skip
    assert result["method"] == "exhaustive"
    assert sorted(t["point"]["dice.sides"] for t in result["trials"]) == [1, 2, 3, 4, 5, 6]
    for t in result["trials"]:  # every trial played the same games as a plain simulate
        assert t["games"] == 150
        assert t["metrics"]["team_win_rate"]["value"] == rates[t["point"]["dice.sides"]]
    best = result["best"]
    assert best["point"] == {"dice.sides": nearest}
    assert best["distance"] == pytest.approx(abs(rates[nearest] - target))
    low, high = best["metrics"]["team_win_rate"]["ci95"]
    assert low < rates[nearest] < high


def test_the_best_points_command_plays_the_same_games(metered):
    result = invoke_json(
        "tune", "metered", "--vary", "dice.sides=1:6", "--target", "team_win_rate=0.5", "-n", "80", *BASE
    )
    command = result["command"].split()[1:]
    again = invoke_json(*command, "--workers", "1")
    assert again["team_win_rate"] == result["best"]["metrics"]["team_win_rate"]["value"]
    assert result["tune_command"].startswith("loopcity tune metered --games 80 --seed 3 --bots random")
    repeated = invoke_json(*result["tune_command"].split()[1:], "--workers", "1")
    assert [t["point"] for t in repeated["trials"]] == [t["point"] for t in result["trials"]]


def test_the_game_as_it_stands_is_tried_first_and_the_best_compared_with_it(metered):
    result = invoke_json(
        "tune", "metered", "--vary", "dice.sides=1:6", "--target", "team_win_rate=0.9", "-n", "100", *BASE
    )
    first = result["trials"][0]
    assert first["point"] == {"dice.sides": 6} and first["state"] == "complete"
    vs = result["best"]["vs_current"]
    if result["best"]["point"] == first["point"]:
        assert vs is None
    else:
        d = vs["measures"]["team_win_rate"]
        best_rate = result["best"]["metrics"]["team_win_rate"]["value"]
        assert d["current"] == first["metrics"]["team_win_rate"]["value"]
        assert d["diff"] == pytest.approx(best_rate - d["current"])
        assert d["ci95"][0] <= d["diff"] <= d["ci95"][1]


def test_pruning_stops_only_trials_already_behind_the_best(metered):
    args = [
        "tune",
        "metered",
        "--vary",
        "dice.sides=1:6",
        "--target",
        "team_win_rate=0.95",
        "-n",
        "160",
        *BASE,
    ]
    pruned_run = invoke_json(*args)
    full_run = invoke_json(*args, "--no-prune")
    assert pruned_run["best"]["point"] == full_run["best"]["point"]
    pruned = [t for t in pruned_run["trials"] if t["state"] == "pruned"]
    assert pruned, "a trial far from the target should stop early"
    for t in pruned:
        assert t["games"] < 160
        low, high = t["metrics"]["team_win_rate"]["ci95"]
        least = max(0.95 - high, low - 0.95, 0.0)  # the nearest its interval comes to the target
        earlier = [
            u["distance"]
            for u in pruned_run["trials"]
            if u["state"] == "complete" and u["number"] < t["number"]
        ]
        assert least > min(earlier)


def test_choices_of_an_option_are_searched(metered):
    result = invoke_json(
        "tune",
        "metered",
        "--vary",
        "pile=4,8,12",
        "--target",
        "mean_length=12",
        "-n",
        "40",
        "--no-prune",
        *BASE,
    )
    lengths = {t["point"]["pile"]: t["metrics"]["mean_length"]["value"] for t in result["trials"]}
    assert set(lengths) == {4, 8, 12}
    assert result["best"]["point"]["pile"] == min(lengths, key=lambda p: abs(lengths[p] - 12))


class TaxedDice(Dice):
    tax: float


class TaxedContent(BaseModel):
    dice: TaxedDice


def taxed_metrics(state):
    return {**metered_metrics(state), "taxed": state.game.content.dice.tax * sum(state.taken)}


@pytest.fixture
def taxed(tmp_path):
    """The test game with a fractional content value, ``dice.tax``: ``taxed`` ends at 12 x tax."""
    content = tmp_path / "taxed.toml"
    content.write_text(METERED.content.path.read_text() + "tax = 0.25\n")
    spec = dataclasses.replace(
        METERED, id="taxed", content=ContentSpec(TaxedContent, content), metrics=taxed_metrics
    )
    register(spec)
    yield spec
    unregister(spec.id)


def test_a_fractional_value_is_searched_as_a_fraction(taxed):
    result = invoke_json(
        "tune", "taxed", "--vary", "dice.tax=0:1", "--target", "final:taxed=6", "-n", "10", "--trials", "20",
        *BASE,
    )  # fmt: skip
    assert result["method"] == "tpe" and result["vary"][0]["kind"] == "float"
    values = [t["point"]["dice.tax"] for t in result["trials"]]
    assert all(isinstance(v, float) and 0 <= v <= 1 for v in values)
    assert any(v != round(v) for v in values)
    best = result["best"]
    assert best["metrics"]["final:taxed"]["value"] == pytest.approx(12 * best["point"]["dice.tax"])
    assert abs(best["point"]["dice.tax"] - 0.5) < 0.1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "dice.sides=1.5:4"], "dice.sides is a whole number (6); give whole bounds"),
        (["--vary", "dice.sides=6:1"], "the range needs LO < HI"),
        (["--vary", "dice.faces=1:6"], "no 'dice.faces'; keys here: sides, source"),
        (["--vary", "dice.source=1:3"], "dice.source is 'reconstructed', not a number"),
        (["--vary", "dice.sides=1:x"], "'x' is not a number"),
        (["--vary", "dice.sides"], "write PATH=LO:HI"),
        (
            ["--vary", "dice.sides=1:6", "--target", "win_rate=0.5"],
            "no measure 'win_rate' for metered; measures:",
        ),
        (["--vary", "dice.sides=1:6", "--target", "team_win_rate=high"], "'high' is not a number"),
        (["--vary", "dice.sides=1:6", "--target", "mean_score:9=3"], "seats are numbered 1 to 2"),
        (["--vary", "dice.sides=1:6", "--target", "final:nothing=3"], "final:pile, final:taken"),
    ],
)
def test_bad_values_and_targets_are_refused_before_any_game(metered, args, message, tmp_path):
    if "--target" not in args:
        args = [*args, "--target", "team_win_rate=0.5"]
    result = runner.invoke(app, ["tune", "metered", *args, "--out", str(tmp_path / "x"), *BASE])
    assert result.exit_code == 2
    assert message in " ".join(result.stdout.split())
    assert not (tmp_path / "x").exists()


def test_a_value_that_breaks_the_game_is_named(metered):
    result = runner.invoke(
        app,
        ["tune", "metered", "--vary", "dice.sides=0:2", "--target", "team_win_rate=0.5", "-n", "20", *BASE],
    )
    assert result.exit_code == 2
    assert "at dice.sides=0: game 0 of the run (seed" in " ".join(result.stdout.split())


def test_points_the_content_refuses_are_skipped_and_named(metered):
    """A range may run past what the content allows (dice of more sides than the box holds): those
    points play no game, the search goes on and says why each was refused."""
    result = invoke_json(
        "tune", "metered", "--vary", "dice.sides=10:14", "--target", "team_win_rate=0.5",
        "-n", "40", "--no-prune", *BASE,
    )  # fmt: skip
    states = {t["point"]["dice.sides"]: t["state"] for t in result["trials"]}
    assert states == {10: "complete", 11: "complete", 12: "complete", 13: "invalid", 14: "invalid"}
    refused = next(t for t in result["trials"] if t["point"]["dice.sides"] == 13)
    assert refused["games"] == 0 and "12" in refused["reason"]
    assert result["best"]["point"]["dice.sides"] in (10, 11, 12)
    shown = runner.invoke(app, ["tune", "metered", "--vary", "dice.sides=10:14", "--target",
                                "team_win_rate=0.5", "-n", "40", "--no-prune", *BASE])  # fmt: skip
    assert shown.exit_code == 0 and "refused: dice.sides=13" in " ".join(shown.stdout.split())


def test_out_folder_holds_the_search_and_its_plot(metered, tmp_path):
    result = runner.invoke(
        app,
        ["tune", "metered", "--vary", "dice.sides=2:4", "--target", "team_win_rate=0.5", "-n", "30",
         "--out", str(tmp_path), *BASE],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "tune.json").read_text())
    assert (tmp_path / "tune.png").read_bytes().startswith(b"\x89PNG")
    assert saved["best"]["point"]["dice.sides"] in (2, 3, 4)
    text = " ".join(result.stdout.split())
    assert "best: dice.sides=" in text and "these games again: loopcity simulate metered" in text
    assert math.isfinite(saved["seconds"])


@pytest.mark.slow
def test_tune_on_ray_finds_the_same_as_local(metered):
    pytest.importorskip("ray")
    args = [
        "tune",
        "metered",
        "--vary",
        "dice.sides=1:4",
        "--target",
        "team_win_rate=0.6",
        "-n",
        "40",
        "--seed",
        "3",
    ]
    local = invoke_json(*args, "--workers", "1")
    on_ray = invoke_json(*args, "--backend", "ray", "--workers", "2")
    assert on_ray["trials"] == local["trials"] and on_ray["best"]["point"] == local["best"]["point"]

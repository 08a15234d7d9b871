"""``loopcity sensitivity`` on the test game: one value at a time on the same seeds, Sobol indices,
values a game cannot take, refusals and the result folder."""

import dataclasses
import json

import pytest
from pydantic import BaseModel
from typer.testing import CliRunner

from loopcity.cli.main import app
from loopcity.engine import ContentSpec, load_game, register, unregister
from loopcity.sim.content_values import numeric_values
from loopcity.sim.sensitivity import sides

from .metered_game import SPEC as METERED
from .metered_game import Dice
from .metered_game import metrics as metered_metrics

runner = CliRunner()
BASE = ["--workers", "1", "--seed", "2", "--bot", "random"]


def invoke_json(*args):
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


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


def test_values_move_by_a_share_of_themselves_and_not_below_zero():
    assert sides(6, 0.25) == (4, 8)  # 1.5 rounds to 2
    assert sides(1, 0.25) == (0, 2)  # at least 1 for a whole number
    assert sides(0, 0.25) == (None, 1)  # nothing below 0
    assert sides(0.5, 0.25) == (0.375, 0.625)
    assert sides(0.0, 0.5) == (None, 0.5)
    assert sides(-4, 0.25) == (-5, -3)


def test_the_content_numbers_are_listed_with_their_source(taxed):
    values = numeric_values(load_game("taxed"))
    assert [(v.path, v.value, v.source) for v in values] == [
        ("dice.sides", 6, "reconstructed"),
        ("dice.tax", 0.25, "reconstructed"),
    ]


def test_each_value_is_moved_alone_on_the_same_games(metered):
    result = invoke_json("sensitivity", "metered", "-n", "120", *BASE)
    (row,) = result["values"]
    assert row["path"] == "dice.sides" and row["value"] == 6 and row["source"] == "reconstructed"
    rates = {}
    for sides_ in (4, 6, 8):
        run = ["simulate", "metered", "-n", "120", *BASE, "--set", f"dice.sides={sides_}"]
        rates[sides_] = invoke_json(*run)["team_win_rate"]
    assert result["baseline"]["measure"] == rates[6]
    assert row["low"]["value"] == 4 and row["low"]["measure"] == rates[4]
    assert row["high"]["value"] == 8 and row["high"]["measure"] == rates[8]
    assert row["swing"] == pytest.approx(rates[8] - rates[4])
    assert row["swing_ci95"][0] <= row["swing"] <= row["swing_ci95"][1]
    assert result["command"].startswith("loopcity sensitivity metered --games 120 --seed 2 --bots random")


def test_values_are_ranked_by_the_size_of_their_swing(taxed):
    result = invoke_json("sensitivity", "taxed", "--metric", "final:taxed", "-n", "20", *BASE)
    assert [r["path"] for r in result["values"]] == ["dice.tax", "dice.sides"]
    tax, dice = result["values"]
    assert tax["low"]["value"] == pytest.approx(0.1875) and tax["high"]["value"] == pytest.approx(0.3125)
    assert tax["swing"] == pytest.approx(12 * (0.3125 - 0.1875)) and tax["significant"]
    assert dice["swing"] == 0 and not dice["significant"]  # every game takes all 12 counters


def test_a_value_that_breaks_the_game_is_left_out_with_the_reason(metered):
    result = invoke_json("sensitivity", "metered", "--set", "dice.sides=1", "-n", "10", *BASE)
    (row,) = result["values"]
    assert row["low"] is None and row["high"]["value"] == 2  # one side still measured
    (skipped,) = result["skipped"]
    assert skipped["path"] == "dice.sides=0" and "game 0 of the run" in skipped["reason"]


def test_sobol_indices_put_the_value_that_matters_first(taxed):
    pytest.importorskip("SALib")
    result = invoke_json(
        "sensitivity", "taxed", "--method", "sobol", "--samples", "64", "--metric", "final:taxed",
        "--path", "dice.sides", "--path", "dice.tax", "-n", "2", *BASE,
    )  # fmt: skip
    sobol = result["sobol"]
    assert sobol["points"] == 64 * (2 + 2)
    first, second = sobol["indices"]
    assert first["path"] == "dice.tax" and first["ST"] > 0.9 and first["S1"] > 0.8
    assert second["path"] == "dice.sides" and abs(second["ST"]) < 0.05


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--path", "dice.source"], "dice.source is 'reconstructed', not a number"),
        (["--path", "dice.faces"], "no 'dice.faces'; keys here: sides, source"),
        (["--under", "rules"], "metered has no numbers in its content under rules"),
        (["--metric", "wins"], "no measure 'wins' for metered"),
        (["--method", "morris"], "--method must be 'oat' (one at a time) or 'sobol'"),
        (["--method", "sobol", "--samples", "6"], "--samples must be a power of 2"),
        (["--spread", "0"], "--spread must be above 0"),
    ],
)
def test_bad_requests_are_refused_before_any_game(metered, args, message, tmp_path):
    result = runner.invoke(app, ["sensitivity", "metered", *args, "--out", str(tmp_path / "x"), *BASE])
    assert result.exit_code == 2
    assert message in " ".join(result.stdout.split())
    assert not (tmp_path / "x").exists()


def test_out_folder_holds_the_analysis_and_its_chart(metered, tmp_path):
    result = runner.invoke(app, ["sensitivity", "metered", "-n", "20", "--out", str(tmp_path), *BASE])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "sensitivity.json").read_text())["values"][0]["path"] == "dice.sides"
    assert (tmp_path / "sensitivity.png").read_bytes().startswith(b"\x89PNG")
    text = " ".join(result.stdout.split())
    assert "dice.sides" in text and "again: loopcity sensitivity metered" in text

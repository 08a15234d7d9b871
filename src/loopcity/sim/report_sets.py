"""HTML reports of several runs: a sweep (response curves with 95% intervals over the grid) and a
comparison of two runs (outcomes side by side, paired differences, A and B trajectories overlaid,
action and card use of each).
"""

from __future__ import annotations

import html
import json
import math
import warnings
from collections.abc import Callable
from itertools import groupby
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import OptionError
from .compare import compare_runs, paired_interval, welch_interval
from .core import wilson_interval
from .job import command_line
from .report import LOST, WON, _figure, _png, _table, action_usage, trajectory
from .report_search import page
from .store import Run, load_run

SWEEP = "sweep.json"
COMPARE = "compare.json"
A_COLOUR, B_COLOUR = "#2166ac", "#d95f02"
Z = 1.96


# ----- per-run figures with intervals -------------------------------------------------------------


def _rate(flags: list[bool]) -> tuple[float, float, float]:
    n, k = len(flags), sum(flags)
    low, high = wilson_interval(k, n)
    return (k / n if n else math.nan), low, high


def _mean(values: list[float]) -> tuple[float, float, float]:
    xs = [v for v in values if v is not None and math.isfinite(v)]
    if not xs:
        return math.nan, math.nan, math.nan
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    half = Z * sd / math.sqrt(len(xs))
    return m, m - half, m + half


def run_figures(run: Run, causes: list[str]) -> dict[str, tuple[float, float, float]]:
    """A run's measures with 95% intervals: team win rate, each end cause's rate (Wilson), mean
    length, mean rounds and each metric's mean final value (normal)."""
    won = run.column("team_won")
    out = {} if all(w is None for w in won) else {"team win rate": _rate([w is True for w in won])}
    cause = run.column("cause")
    for c in causes:
        out[f"rate ended by: {c}"] = _rate([x == c for x in cause])
    out["length (steps)"] = _mean([float(x) for x in run.column("length")])
    rounds = run.column("rounds")
    if rounds and all(r is not None for r in rounds):
        out["rounds"] = _mean([float(r) for r in rounds])
    for m in run.metrics:
        out[f"final {m}"] = _mean([t[-1] if t else math.nan for t in run.column("metric_" + m)])
    return out


# ----- sweep --------------------------------------------------------------------------------------


def _x_axis(values: list[Any]) -> tuple[list[float], list[str] | None]:
    """x positions of a varied value: the numbers themselves, or places 0, 1, ... with labels."""
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return [float(v) for v in values], None
    seen = list(dict.fromkeys(json.dumps(v) for v in values))
    return [float(seen.index(json.dumps(v))) for v in values], seen


def response_curves(points: list[dict[str, Any]], figures: list[dict[str, Any]], measures: list[str]) -> str:
    """One panel per measure: the measure against the first varied value with 95% intervals, one
    line per combination of the other varied values."""
    paths = list(points[0]["point"])
    x_path, others = paths[0], paths[1:]
    xs, ticks = _x_axis([p["point"][x_path] for p in points])
    parts = []
    for name in measures:
        fig, ax = _figure(5, 3.3)

        def key(i: int) -> str:
            return " ".join(f"{o}={json.dumps(points[i]['point'][o])}" for o in others)

        order = sorted(range(len(points)), key=lambda i: (key(i), xs[i]))
        for label, group in groupby(order, key=key):
            idx = list(group)
            vals = [figures[i][name] for i in idx]
            ys = np.array([v[0] for v in vals])
            lo = np.maximum(0.0, ys - np.array([v[1] for v in vals]))
            hi = np.maximum(0.0, np.array([v[2] for v in vals]) - ys)
            ax.errorbar([xs[i] for i in idx], ys, yerr=[lo, hi], marker="o", capsize=3, label=label or None)
        if ticks:
            ax.set_xticks(range(len(ticks)), ticks, rotation=20, fontsize="small")
        ax.set_xlabel(x_path)
        ax.set_title(name, fontsize="medium")
        if others:
            ax.legend(fontsize="x-small", loc="best")
        parts.append(_png(fig))
    return "<div class='grid'>" + "".join(parts) + "</div>"


def sweep_table(data: dict[str, Any]) -> str:
    """Each point: team win rate with its interval and its paired difference from the first point."""
    paths = list(data["points"][0]["point"])
    rows = []
    for k, row in enumerate(data["points"]):
        s, diff = row["summary"], row["vs_first"]["team win rate"]
        causes = s["loss_causes"]
        top = next(iter(causes), None)
        rows.append(
            [
                f"p{k}",
                *(json.dumps(row["point"][p]) for p in paths),
                s["team_win_rate"],
                "{:.3f} - {:.3f}".format(*s["team_win_ci95"]),
                f"{diff['diff']:+.3f}",
                "{:+.3f} .. {:+.3f}".format(*diff["ci95"]) + (" *" if diff["significant"] else ""),
                s["mean_length"],
                f"{top} ({causes[top] / s['games']:.2f})" if top else "-",
            ]
        )
    header = [
        "point",
        *paths,
        "team win",
        "95% CI",
        "vs first",
        "95% CI (paired)",
        "length",
        "top loss cause",
    ]
    return _table(header, rows)


def use_by_point(runs: list[Run], labels: list[str], top: int = 25) -> str:
    """Uses per game of the actions and cards whose use changes most over the points."""
    per = [{r["action"]: r["per_game"] for r in action_usage(run)} for run in runs]
    keys = set().union(*per)
    spread = {k: max(p.get(k, 0.0) for p in per) - min(p.get(k, 0.0) for p in per) for k in keys}
    chosen = sorted(keys, key=lambda k: (-spread[k], k))[:top]
    rows = [[k, *(p.get(k, 0.0) for p in per)] for k in chosen]
    return _table(["action or card (uses a game)", *labels], rows)


def sweep_report(folder: Path) -> str:
    """The HTML report of a sweep folder (``sweep --out``)."""
    data = json.loads((folder / SWEEP).read_text())
    points = data["points"]
    if not points:
        raise OptionError(f"{folder}: the sweep has no points")
    runs = [load_run(folder / f"p{k}") for k in range(len(points))]
    causes = sorted({c for run in runs for c in run.column("cause")})
    figures = [run_figures(run, causes) for run in runs]
    measures = list(figures[0])
    labels = [f"p{k}" for k in range(len(points))]
    first_job = runs[0].meta.get("job", {})
    body = [
        f"<p>{len(points)} points of {data['games']} games each, every point on the same seeds "
        f"(seed {data['seed']}); bots: {html.escape(', '.join(data['bots']))}.</p>",
        "<h2>Points</h2>",
        sweep_table(data),
        "<p>* the paired interval (by seed) excludes 0.</p>",
        "<h2>Response curves</h2><p>Each measure at every point with its 95% interval (Wilson for rates, "
        "normal for means).</p>",
        response_curves(points, figures, measures),
        "<h2>Actions and cards</h2><p>Uses a game at each point (p0, p1, ... as in the table of points), "
        "where use changes most over the grid.</p>",
        use_by_point(runs, labels),
        "<h2>Run</h2><p>The first point's games again (each point adds its <code>--set</code>):</p>",
        f"<pre>{html.escape(command_line(first_job)) if first_job else '-'}</pre>",
    ]
    return page(f"{data['game']}: sweep of {', '.join(points[0]['point'])}", body)


# ----- comparison ---------------------------------------------------------------------------------


def outcome_bars(fa: dict[str, Any], fb: dict[str, Any], labels: tuple[str, str]) -> str:
    """Team win and end cause rates of A and B side by side, with 95% intervals."""
    names = [n for n in fa if n.startswith(("team win", "rate ended by"))]
    fig, ax = _figure(7.5, 0.8 + 0.55 * len(names))
    y = np.arange(len(names))
    for offset, figs, colour, hatch, label in (
        (-0.2, fa, A_COLOUR, None, labels[0]),
        (0.2, fb, B_COLOUR, "//", labels[1]),
    ):
        vals = [figs[n] for n in names]
        ax.barh(
            y + offset, [v[0] for v in vals], height=0.4, color=colour, hatch=hatch, alpha=0.8, label=label
        )
        ax.errorbar(
            [v[0] for v in vals], y + offset, xerr=[[max(0.0, v[0] - v[1]) for v in vals], [max(0.0, v[2] - v[0]) for v in vals]],
            fmt="none", color="black", capsize=3,
        )  # fmt: skip
    ax.set_yticks(y, [n.replace("rate ended by: ", "ended by: ") for n in names], fontsize="small")
    ax.invert_yaxis()
    ax.set_xlim(0, 1.05)
    ax.set_xlabel("share of games, 95% Wilson interval")
    ax.legend(fontsize="small", loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, frameon=False)
    return _png(fig)


def difference_plot(rows: list[dict[str, Any]]) -> str:
    """B - A of every rate with its 95% interval (paired by seed when the runs share their seeds)."""
    rates = [r for r in rows if r["measure"].startswith(("team win", "rate ended by"))]
    fig, ax = _figure(7.5, 0.8 + 0.45 * max(2, len(rates)))
    for i, r in enumerate(rates):
        lo, hi = r["ci95"]
        colour = WON if r["diff"] >= 0 else LOST
        ax.errorbar(
            r["diff"],
            i,
            xerr=[[max(0.0, r["diff"] - lo)], [max(0.0, hi - r["diff"])]],
            fmt="o",
            color=colour,
            capsize=4,
        )
    ax.axvline(0, color="#333333", linewidth=1)
    ax.set_yticks(
        range(len(rates)),
        [r["measure"].replace("rate ended by: ", "ended by: ") for r in rates],
        fontsize="small",
    )
    ax.invert_yaxis()
    ax.set_xlabel("B - A, 95% interval")
    return _png(fig)


def overlaid_trajectories(a: Run, b: Run, labels: tuple[str, str]) -> str:
    """Each metric round by round: the median and 25-75% band of A and of B on one plot."""
    metrics = [m for m in a.metrics if m in b.metrics]
    if not metrics:
        return "<p>This game records no per-round metrics.</p>"
    parts = []
    for m in metrics:
        fig, ax = _figure(5, 3.2)
        for run, colour, style, label in ((a, A_COLOUR, "-", labels[0]), (b, B_COLOUR, "--", labels[1])):
            data = trajectory(run.table.column("metric_" + m).to_pylist())
            if data.size == 0:
                continue
            keep = np.sum(~np.isnan(data), axis=0) > 0
            x = np.arange(data.shape[1])[keep]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                p25, p50, p75 = np.nanpercentile(data[:, keep], [25, 50, 75], axis=0)
            ax.fill_between(x, p25, p75, color=colour, alpha=0.2)
            ax.plot(x, p50, color=colour, linestyle=style, label=f"{label}: median, 25-75%")
        ax.set_xlabel("round")
        ax.set_ylabel(m)
        ax.set_title(m, fontsize="medium")
        ax.legend(fontsize="x-small", loc="best")
        parts.append(_png(fig))
    return "<div class='grid'>" + "".join(parts) + "</div>"


def use_differences(a: Run, b: Run, paired: bool, top: int = 30) -> str:
    """Uses a game of each action and card in A and in B, the difference with its 95% interval
    (paired by seed when the runs share their seeds), largest differences first."""
    ua, ub = a.column("actions"), b.column("actions")
    keys = {k for acts in ua + ub for k, _ in acts}
    interval: Callable[[list[float], list[float]], tuple[float, float, float]] = (
        paired_interval if paired else welch_interval
    )
    rows = []
    for k in keys:
        xa = [float(dict(acts).get(k, 0)) for acts in ua]
        xb = [float(dict(acts).get(k, 0)) for acts in ub]
        d, lo, hi = interval(xa, xb)
        rows.append([k, sum(xa) / len(xa), sum(xb) / len(xb), d, lo, hi])
    rows.sort(key=lambda r: (-abs(r[3]), r[0]))
    shown = [
        [k, ma, mb, f"{d:+.3f}", f"{lo:+.3f} .. {hi:+.3f}" + (" *" if lo > 0 or hi < 0 else "")]
        for k, ma, mb, d, lo, hi in rows[:top]
    ]
    return _table(["action or card", "A uses a game", "B uses a game", "B - A", "95% CI"], shown)


def comparison_report(a: Run, b: Run, labels: tuple[str, str] | None = None) -> str:
    """The HTML report of two runs: A and B side by side, paired when they share their seeds."""
    result = compare_runs(a, b)
    la, lb = labels or (result["a"]["label"], result["b"]["label"])
    causes = sorted(set(a.column("cause")) | set(b.column("cause")))
    fa, fb = run_figures(a, causes), run_figures(b, causes)
    kind = "paired by seed (the same games on both sides)" if result["paired"] else "independent samples"
    rows = [
        [
            r["measure"],
            r["a"],
            r["b"],
            f"{r['diff']:+.3f}",
            f"{r['ci95'][0]:+.3f} .. {r['ci95'][1]:+.3f}" + (" *" if r["significant"] else ""),
        ]
        for r in result["rows"]
    ]
    commands = [command_line(run.meta["job"]) for run in (a, b) if run.meta.get("job")]
    body = [
        f"<p><b>A</b>: {html.escape(la)} ({result['a']['games']} games)<br><b>B</b>: {html.escape(lb)} "
        f"({result['b']['games']} games)<br>Intervals: {kind}.</p>",
        "<h2>Outcomes</h2>",
        outcome_bars(fa, fb, ("A", "B")),
        "<h2>Differences</h2>",
        difference_plot(result["rows"]),
        _table(["measure", "A", "B", "B - A", "95% CI"], rows),
        "<p>* the interval excludes 0.</p>",
        "<h2>Metrics by round</h2><p>A solid, B dashed; bands: 25-75% of the games still running.</p>",
        overlaid_trajectories(a, b, ("A", "B")),
        "<h2>Actions and cards</h2>",
        use_differences(a, b, result["paired"]),
        "<h2>Runs</h2>",
        *(f"<pre>{html.escape(c)}</pre>" for c in commands),
    ]
    return page(f"{a.meta.get('job', {}).get('game', '?')}: A against B", body)


def comparison_folder_report(folder: Path) -> str:
    """The report of a ``compare --out`` folder (``a``, ``b`` and ``compare.json``)."""
    labels = None
    if (folder / COMPARE).is_file():
        saved = json.loads((folder / COMPARE).read_text())
        labels = (saved["a"]["label"], saved["b"]["label"])
    return comparison_report(load_run(folder / "a"), load_run(folder / "b"), labels)

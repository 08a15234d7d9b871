"""A self-contained HTML report of a result folder: plots as embedded PNG (matplotlib, Agg) and tables.

Sections: the run (game, options, bots, seeds), outcome rates with 95% intervals, game length, loss
causes, scores, each metric's trajectory round by round (median, quartile and 10-90% bands, and the
mean of won and of lost games), and which actions (and cards or places named by them) were used and
how their use relates to the outcome.
"""

from __future__ import annotations

import base64
import html
import io
import json
import textwrap
import warnings
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import OptionError
from .core import GameResult, Tally, wilson_interval
from .job import command_line
from .store import Run, load_run

WON, LOST = "#1b7837", "#b2182b"  # paired with hatching and labels: never colour alone
MAX_ROUNDS = 300


def _figure(width: float = 7.0, height: float = 3.4, ncols: int = 1) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.subplots(1, ncols, figsize=(width, height), dpi=100)


def _png(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return f'<img alt="" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def summary_of(run: Run) -> dict[str, Any]:
    """The run's summary, recomputed from its rows (so that it matches the table exactly)."""
    tally = Tally(run.meta.get("job", {}).get("game", "?"))
    cols = [run.column(c) for c in ("seed", "team_won", "cause", "length", "scores", "winners", "rounds")]
    for seed, won, cause, length, scores, winners, rounds in zip(*cols, strict=True):
        tally.add(GameResult(seed, won, cause, length, scores, winners, rounds=rounds))
    return tally.summary()


def outcome_section(run: Run, s: dict[str, Any]) -> str:
    """End causes with 95% intervals: a bar each, won causes plain, lost causes hatched."""
    causes = list(s["cause_rates"])
    cause_col = run.column("cause")
    won_col = run.column("team_won")
    lost_causes = {c for c, w in zip(cause_col, won_col, strict=True) if w is False}
    teamless = s["team_win_rate"] is None
    fig, ax = _figure(7, 0.6 + 0.45 * max(2, len(causes) + 1))
    labels = causes if teamless else ["team win", *causes]
    rates = [s["cause_rates"][c]["rate"] for c in causes]
    cis = [s["cause_rates"][c]["ci95"] for c in causes]
    if not teamless:
        rates, cis = [s["team_win_rate"], *rates], [s["team_win_ci95"], *cis]
    for i, (label, rate, (lo, hi)) in enumerate(zip(labels, rates, cis, strict=True)):
        lost = label in lost_causes and (teamless or i > 0)
        ax.barh(i, rate, color=LOST if lost else WON, hatch="//" if lost else None, alpha=0.85)
        ax.errorbar(rate, i, xerr=[[rate - lo], [hi - rate]], color="black", capsize=4)
        ax.text(min(hi + 0.01, 0.98), i, f"{rate:.3f}", va="center")
    ax.set_yticks(
        range(len(labels)), [_wrap(f"{lbl} (loss)" if lbl in lost_causes else lbl) for lbl in labels]
    )
    ax.invert_yaxis()
    ax.set_xlim(0, 1.08)
    ax.set_xlabel("share of games, 95% Wilson interval")
    rows = [
        [c, s["end_causes"][c], s["cause_rates"][c]["rate"], _ci(s["cause_rates"][c]["ci95"])] for c in causes
    ]
    if teamless:
        seats = ", ".join(
            f"seat {i + 1} <b>{r['rate']:.3f}</b> ({_ci(r['ci95'])})"
            for i, r in enumerate(s["seat_win_rates"])
        )
        head = f"<p>A competitive game, no team: winners over {s['games']} games, {seats}.</p>"
    else:
        head = f"<p>Team win rate <b>{s['team_win_rate']:.3f}</b> (95% CI {_ci(s['team_win_ci95'])}) over {s['games']} games.</p>"
    return "<h2>Outcomes</h2>" + head + _png(fig) + _table(["ended by", "games", "rate", "95% CI"], rows)


def _wrap(label: str, width: int = 28) -> str:
    return textwrap.fill(label, width)


def _ci(pair: list[float]) -> str:
    return f"{pair[0]:.3f} - {pair[1]:.3f}"


def length_section(run: Run, s: dict[str, Any]) -> str:
    """Histograms of game length in steps (and in rounds where the game keeps rounds)."""
    lengths = np.array(run.column("length"))
    rounds = run.column("rounds")
    have_rounds = all(r is not None for r in rounds) and len(rounds) > 0
    fig, axes = _figure(9 if have_rounds else 7, 3.2, 2 if have_rounds else 1)
    axes = np.atleast_1d(axes)
    axes[0].hist(
        lengths, bins=min(40, max(5, len(set(lengths.tolist())))), color="#4575b4", edgecolor="white"
    )
    axes[0].set_xlabel("length (steps)")
    axes[0].set_ylabel("games")
    if have_rounds:
        r = np.array(rounds)
        axes[1].hist(r, bins=np.arange(r.min(), r.max() + 2) - 0.5, color="#74add1", edgecolor="white")
        axes[1].set_xlabel("rounds")
    q = s["length_quartiles"]
    text = f"<p>Mean length {s['mean_length']:.1f} steps (sd {s['sd_length']:.1f}); min, quartiles, max: {q}."
    if s.get("mean_rounds") is not None:
        text += f" Mean rounds {s['mean_rounds']:.2f}."
    return "<h2>Game length</h2>" + text + "</p>" + _png(fig)


def loss_section(s: dict[str, Any]) -> str:
    """Loss causes by count."""
    causes = s["loss_causes"]
    if s["team_win_rate"] is None:
        return "<h2>Loss causes</h2><p>A competitive game: there is no team to lose.</p>"
    if not causes:
        return "<h2>Loss causes</h2><p>No game was lost by the team.</p>"
    fig, ax = _figure(7, 0.6 + 0.45 * max(2, len(causes)))
    names = list(causes)
    ax.barh(range(len(names)), [causes[c] for c in names], color=LOST, hatch="//")
    ax.set_yticks(range(len(names)), [_wrap(n) for n in names])
    ax.invert_yaxis()
    ax.set_xlabel("games lost")
    rows = [[c, n, n / s["games"]] for c, n in causes.items()]
    return "<h2>Loss causes</h2>" + _png(fig) + _table(["cause", "games", "share of all games"], rows)


def score_section(run: Run, s: dict[str, Any]) -> str:
    """Score spread per seat."""
    scores = run.column("scores")
    seats = len(s["mean_scores"])
    if not seats:
        return ""
    fig, ax = _figure(7, 3)
    ax.boxplot([[sc[i] for sc in scores if i < len(sc)] for i in range(seats)], showmeans=True)
    ax.set_xticks(range(1, seats + 1), [f"seat {i + 1}" for i in range(seats)])
    ax.set_ylabel("score")
    rows = [
        [f"seat {i + 1}", s["mean_scores"][i], s["sd_scores"][i], s["min_scores"][i], s["max_scores"][i]]
        + ([s["seat_win_rates"][i]["rate"]] if s["seat_win_rates"] else [])
        for i in range(seats)
    ]
    return "<h2>Scores</h2>" + _png(fig) + _table(["seat", "mean", "sd", "min", "max", "win share"], rows)


def trajectory(values: list[list[float]]) -> np.ndarray:
    """Trajectories of unequal length as a (games x rounds) array, NaN after a game ended."""
    width = min(MAX_ROUNDS, max((len(v) for v in values), default=0))
    out = np.full((len(values), width), np.nan)
    for i, v in enumerate(values):
        v = v[:width]
        out[i, : len(v)] = v
    return out


def metrics_section(run: Run) -> str:
    """Each metric round by round: median, 25-75% and 10-90% bands, mean of won and lost games."""
    if not run.metrics:
        return "<h2>Metrics by round</h2><p>This game records no per-round metrics.</p>"
    won = np.array(run.column("team_won"), dtype=bool)
    parts = [
        "<h2>Metrics by round</h2><p>Round 0 is the set-up. Each round counts the games still running; "
        "bands: 25-75% (dark) and 10-90% (light) of those games.</p><div class='grid'>"
    ]
    for m in run.metrics:
        data = trajectory(run.table.column("metric_" + m).to_pylist())
        if data.size == 0:
            continue
        x = np.arange(data.shape[1])
        running = np.sum(~np.isnan(data), axis=0)
        keep = running > 0
        x, data_k = x[keep], data[:, keep]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            p10, p25, p50, p75, p90 = np.nanpercentile(data_k, [10, 25, 50, 75, 90], axis=0)
            won_mean = np.nanmean(data_k[won], axis=0) if won.any() else None
            lost_mean = np.nanmean(data_k[~won], axis=0) if (~won).any() else None
        fig, ax = _figure(5, 3.2)
        ax.fill_between(x, p10, p90, color="#9ecae1", alpha=0.5, label="10-90%")
        ax.fill_between(x, p25, p75, color="#4292c6", alpha=0.5, label="25-75%")
        ax.plot(x, p50, color="#08306b", label="median")
        if won_mean is not None and lost_mean is not None:
            ax.plot(x, won_mean, color=WON, linestyle="--", label="mean, won games")
            ax.plot(x, lost_mean, color=LOST, linestyle=":", label="mean, lost games")
        ax.set_xlabel("round")
        ax.set_ylabel(m)
        ax.set_title(m)
        ax.legend(fontsize="small", loc="best")
        parts.append(_png(fig))
    return "".join(parts) + "</div>"


def action_usage(run: Run) -> list[dict[str, Any]]:
    """Per action (kind, or ``kind word``): mean uses per game overall, in won and in lost games,
    the share of games using it, the team win rate of games that used it vs. did not, and its mean
    uses per game by a winning seat and by any other seat. A competitive game has no team to win
    or lose: the figures by team result are None, those by winning seat stay."""
    teams = run.column("team_won")
    teamless = all(w is None for w in teams)
    won = [w is True for w in teams]
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    # per key: uses in won games, uses in lost games, games used, won games used, uses by winners
    by_winners = run.column("winner_actions") if "winner_actions" in run.table.column_names else None
    for g, (acts, w) in enumerate(zip(run.column("actions"), won, strict=True)):
        for key, n in acts:
            t = totals[key]
            t[0 if w else 1] += n
            t[2] += 1
            t[3] += w
        for key, n in by_winners[g] if by_winners else ():
            totals[key][4] += n
    winner_seats = sum(len(x) for x in run.column("winners"))
    other_seats = sum(len(sc) for sc in run.column("scores")) - winner_seats
    n_games, n_won = len(won), sum(won)
    rows: list[dict[str, Any]] = []
    for key, (uw, ul, used, wins_used, by_win) in totals.items():
        not_used = n_games - used
        rows.append(
            {
                "action": key,
                "per_game": (uw + ul) / n_games,
                "per_won_game": uw / n_won if n_won else None,
                "per_lost_game": ul / (n_games - n_won) if n_games > n_won else None,
                "games_used": used / n_games,
                "win_rate_used": wins_used / used if used else None,
                "win_rate_not_used": (n_won - wins_used) / not_used if not_used else None,
                "win_rate_used_ci95": list(wilson_interval(wins_used, used)),
                "per_winning_seat": by_win / winner_seats if by_winners and winner_seats else None,
                "per_other_seat": (uw + ul - by_win) / other_seats if by_winners and other_seats else None,
            }
        )
        if teamless:
            for team_figure in ("per_won_game", "per_lost_game", "win_rate_used", "win_rate_not_used"):
                rows[-1][team_figure] = None
            rows[-1]["win_rate_used_ci95"] = None
    rows.sort(key=lambda r: -r["per_game"])
    return rows


def _use_plot(shown: list[dict[str, Any]]) -> str:
    """Uses per game in won and in lost games of the first 20 rows."""
    fig, ax = _figure(7, 0.6 + 0.3 * min(20, len(shown)))
    names = [r["action"] for r in shown[:20]]
    y = np.arange(len(names))
    if all(r["per_won_game"] is None and r["per_lost_game"] is None for r in shown):  # no team
        ax.barh(y, [r["per_game"] for r in shown[:20]], height=0.6, color=WON, label="all games")
    else:
        won_vals = [r["per_won_game"] or 0 for r in shown[:20]]
        lost_vals = [r["per_lost_game"] or 0 for r in shown[:20]]
        ax.barh(y - 0.2, won_vals, height=0.4, color=WON, label="won games")
        ax.barh(y + 0.2, lost_vals, height=0.4, color=LOST, hatch="//", label="lost games")
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xlabel("mean uses per game")
    ax.legend(fontsize="small")
    return _png(fig)


def _use_table(first: str, shown: list[dict[str, Any]]) -> str:
    def opt(v: Any) -> Any:
        return "-" if v is None else v

    header = [first, "uses/game", "in won", "in lost", "share of games", "win rate when used"]
    header += ["when not used", "by a winning seat", "by another seat"]
    rows = [
        [
            r["action"],
            r["per_game"],
            opt(r["per_won_game"]),
            opt(r["per_lost_game"]),
            r["games_used"],
            opt(r["win_rate_used"]),
            opt(r["win_rate_not_used"]),
            opt(r["per_winning_seat"]),
            opt(r["per_other_seat"]),
        ]
        for r in shown
    ]
    return _table(header, rows)


def actions_section(run: Run, top: int = 40) -> str:
    """Action and card use, and how it relates to the team outcome: action kinds, then the cards,
    tiles and places actions name (``kind subject``)."""
    rows = action_usage(run)
    if not rows:
        return ""
    kinds = [r for r in rows if " " not in r["action"]]
    named = [r for r in rows if " " in r["action"]]
    note = (
        "<p>Counts of each action kind, and of each card, tile or place an action names (<code>kind name</code>): "
        "uses per game, in games the team won and lost, and per seat-game by the seats among the winners and "
        "by the others (where a game names winners). Use and outcome go together here; that is a "
        "correlation, not a cause.</p>"
    )
    parts = ["<h2>Actions and cards</h2>", note, "<h3>Action kinds</h3>", _use_plot(kinds[:top])]
    parts.append(_use_table("action", kinds[:top]))
    if named:
        parts += [
            "<h3>Cards, tiles and places</h3>",
            _use_plot(named[:top]),
            _use_table("action and card", named[:top]),
        ]
    return "".join(parts)


CSS = """
body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}img{max-width:100%;display:block;margin:.6em 0}
code,pre{background:#f4f4f4}.grid{display:grid;grid-template-columns:1fr 1fr;gap:.4em}pre{padding:.6em;overflow-x:auto}
"""


def build_report(run: Run) -> str:
    """The whole report as one HTML page."""
    s = summary_of(run)
    job = run.meta.get("job", {})
    title = f"{job.get('game', s['game'])}: {s['games']} simulated games"
    config = json.dumps(
        {k: run.meta.get(k) for k in ("job", "config", "rules_version", "content_hash", "backend")}, indent=1
    )
    body = [
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{html.escape(run.label)}; bots: {html.escape(', '.join(job.get('bots', [])))}</p>",
        outcome_section(run, s),
        length_section(run, s),
        loss_section(s),
        score_section(run, s),
        metrics_section(run),
        actions_section(run),
        "<h2>Run</h2><p>The same games again:</p>",
        f"<pre>{html.escape(command_line(job)) if job else '(run.json missing)'}</pre>",
        f"<pre>{html.escape(config)}</pre>",
    ]
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{CSS}</style></head><body>{''.join(body)}</body></html>"
    )


def folder_report(folder: Path) -> str:
    """The report of any workbench folder: a run, a sweep, a comparison, a search or a sensitivity
    analysis."""
    from .report_search import SENSITIVITY, TUNE, sensitivity_report, tune_report
    from .report_sets import SWEEP, comparison_folder_report, sweep_report
    from .store import RESULTS

    if (folder / RESULTS).is_file():
        return build_report(load_run(folder))
    if (folder / SWEEP).is_file():
        return sweep_report(folder)
    if (folder / "a" / RESULTS).is_file() and (folder / "b" / RESULTS).is_file():
        return comparison_folder_report(folder)
    if (folder / TUNE).is_file():
        return tune_report(json.loads((folder / TUNE).read_text()))
    if (folder / SENSITIVITY).is_file():
        return sensitivity_report(json.loads((folder / SENSITIVITY).read_text()))
    raise OptionError(
        f"{folder}: not a result folder: no {RESULTS} (simulate --out), {SWEEP} (sweep --out), a/ and b/ "
        f"(compare --out), {TUNE} (tune --out) or {SENSITIVITY} (sensitivity --out)"
    )


def write_report(folder: str | Path, out: str | Path | None = None, other: str | Path | None = None) -> Path:
    """Write ``report.html`` (or ``out``) for a workbench folder, or, with ``other``, the comparison
    of two result folders (``other/comparison.html`` by default); returns its path."""
    if other is not None:
        from .report_sets import comparison_report

        text = comparison_report(load_run(folder), load_run(other))
        path = Path(out) if out else Path(other) / "comparison.html"
    else:
        text = folder_report(Path(folder))
        path = Path(out) if out else Path(folder) / "report.html"
    path.write_text(text, encoding="utf-8")
    return path

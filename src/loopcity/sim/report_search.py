"""Plots and HTML reports of a search (``loopcity tune``) and of a sensitivity analysis
(``loopcity sensitivity``), from their JSON results.

A tune folder holds ``tune.json`` and ``tune.png`` (each target's measure against each varied value,
with 95% intervals, the target drawn as a line or band); a sensitivity folder holds
``sensitivity.json`` and ``sensitivity.png`` (a tornado chart: the measure at the low and high value
of each content value around the game as it stands).
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from pathlib import Path
from typing import Any

from .report import CSS, LOST, WON, _figure, _table

TUNE = "tune.json"
SENSITIVITY = "sensitivity.json"
BEST = "#d95f02"
WIDE = "table{display:block;overflow-x:auto;max-width:100%}td{white-space:nowrap}"
"""Wide tables scroll rather than stretch the page; figures stay on one line."""


def png_bytes(fig: Any) -> bytes:
    """A matplotlib figure as PNG bytes (the figure is closed)."""
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def img(data: bytes) -> str:
    """PNG bytes as an ``<img>`` with a ``data:`` URL."""
    return f'<img alt="" src="data:image/png;base64,{base64.b64encode(data).decode()}">'


def page(title: str, body: list[str]) -> str:
    """A self-contained HTML page."""
    return (
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{CSS}{WIDE}</style></head><body><h1>{html.escape(title)}</h1>{''.join(body)}</body></html>"
    )


def _grid(rows: int, cols: int, width: float, height: float) -> tuple[Any, Any]:
    """A figure of ``rows`` x ``cols`` panels (a 2-D array of axes, whatever the counts)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.subplots(rows, cols, figsize=(width * cols + 0.6, height * rows + 0.4), dpi=100, squeeze=False)


# ----- tune ---------------------------------------------------------------------------------------


def _positions(vary: dict[str, Any], values: list[Any]) -> tuple[list[float], list[str] | None]:
    """x positions of a varied value's trials, with tick labels for choices."""
    if vary["kind"] == "choice":
        choices = vary["choices"]
        return [float(choices.index(v)) for v in values], [json.dumps(c) for c in choices]
    return [float(v) for v in values], None


def plot_tune(result: dict[str, Any]) -> bytes:
    """Each target's measure against each varied value: complete trials with 95% intervals (filled),
    pruned ones (hollow, on fewer games), the best trial in orange, the target as a line or band."""
    varies, targets = result["vary"], result["targets"]
    fig, axes = _grid(len(targets), len(varies), 4.2, 3.0)
    best = result.get("best") or {}
    trials = [t for t in result["trials"] if "repeat_of" not in t]
    for i, target in enumerate(targets):
        name = target["metric"]
        for j, vary in enumerate(varies):
            ax = axes[i, j]
            _tune_panel(ax, vary, name, target["target"], trials, best)
            if i or j:
                ax.get_legend().remove()
            ax.set_xlabel(vary["path"])
            ax.set_ylabel(name)
    return png_bytes(fig)


def _tune_panel(
    ax: Any, vary: dict[str, Any], name: str, goal: Any, trials: list[dict[str, Any]], best: dict[str, Any]
) -> None:
    path = vary["path"]
    if isinstance(goal, list):
        ax.axhspan(goal[0], goal[1], color="#cccccc", alpha=0.5, label="target")
    else:
        ax.axhline(goal, color="#555555", linestyle="--", label="target")
    for state, filled in (("complete", True), ("pruned", False)):
        chosen = [t for t in trials if t["state"] == state]
        if not chosen:
            continue
        xs, ticks = _positions(vary, [t["point"][path] for t in chosen])
        ys = [t["metrics"][name]["value"] for t in chosen]
        lo = [max(0.0, y - t["metrics"][name]["ci95"][0]) for y, t in zip(ys, chosen, strict=True)]
        hi = [max(0.0, t["metrics"][name]["ci95"][1] - y) for y, t in zip(ys, chosen, strict=True)]
        ax.errorbar(
            xs, ys, yerr=[lo, hi], fmt="o", capsize=3, color="#2166ac", alpha=1.0 if filled else 0.5,
            markerfacecolor="#2166ac" if filled else "white",
            label="trial, 95% CI" if filled else "pruned (fewer games)",
        )  # fmt: skip
        if ticks:
            ax.set_xticks(range(len(ticks)), ticks)
    if best:
        xs, _ = _positions(vary, [best["point"][path]])
        ax.plot(
            xs,
            [best["metrics"][name]["value"]],
            marker="*",
            markersize=16,
            color=BEST,
            linestyle="",
            label="best",
        )
    ax.legend(fontsize="small", loc="best")


def write_tune(result: dict[str, Any], out: str | Path) -> Path:
    """Write ``tune.json`` and ``tune.png`` into the folder ``out``; returns the folder."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / TUNE).write_text(json.dumps(result, indent=1, default=str))
    (folder / "tune.png").write_bytes(plot_tune(result))
    return folder


def _fmt_ci(ci: list[float]) -> str:
    return f"{ci[0]:.3f} - {ci[1]:.3f}"


def tune_report(result: dict[str, Any]) -> str:
    """A search as one HTML page: the plot, every trial, the best point and the commands."""
    paths = [v["path"] for v in result["vary"]]
    names = [t["metric"] for t in result["targets"]]
    rows = []
    for t in result["trials"]:
        state = f"as trial {t['repeat_of']}" if "repeat_of" in t else t["state"]
        cells = [f"{t['metrics'][n]['value']:.3f} ({_fmt_ci(t['metrics'][n]['ci95'])})" for n in names]
        rows.append(
            [
                t["number"],
                *(json.dumps(t["point"][p]) for p in paths),
                t["games"],
                state,
                *cells,
                t["distance"],
            ]
        )
    goals = ", ".join(f"{t['metric']} = {json.dumps(t['target'])}" for t in result["targets"])
    body = [
        f"<p>{len(result['trials'])} trials ({html.escape(result['method'])}"
        f"{', pruning' if result['pruning'] else ''}), {result['games']} games each on the same seeds "
        f"(seed {result['seed']}); bots: {html.escape(', '.join(result['bots']))}; targets: {html.escape(goals)}.</p>",
        img(plot_tune(result)),
        "<h2>Trials</h2>",
        _table(["trial", *paths, "games", "state", *(f"{n} (95% CI)" for n in names), "distance"], rows),
    ]
    best = result.get("best")
    if best:
        body += ["<h2>Best</h2>", _best_table(best)]
        body += [
            "<p>These games again:</p>",
            f"<pre>{html.escape(result['command'])}</pre><p>This search again:</p>",
            f"<pre>{html.escape(result['tune_command'])}</pre>",
        ]
    return page(f"{result['game']}: tuning toward targets", body)


def _best_table(best: dict[str, Any]) -> str:
    vs = best.get("vs_current")
    label = " ".join(f"{p}={json.dumps(v)}" for p, v in best["point"].items())
    header = ["measure", "target", "best", "95% CI"]
    if vs:
        header += ["as it stands", "best - as it stands", "95% CI (paired)"]
    rows = []
    for name, m in best["metrics"].items():
        row = [name, json.dumps(m["target"]), m["value"], _fmt_ci(m["ci95"])]
        if vs:
            d = vs["measures"][name]
            row += [d["current"], f"{d['diff']:+.3f}", f"{d['ci95'][0]:+.3f} .. {d['ci95'][1]:+.3f}"]
        rows.append(row)
    now = ""
    if vs:
        now = " (as it stands: " + " ".join(f"{p}={json.dumps(v)}" for p, v in vs["point"].items()) + ")"
    return f"<p><b>{html.escape(label)}</b>{html.escape(now)}</p>" + _table(header, rows)


# ----- sensitivity --------------------------------------------------------------------------------


def plot_sensitivity(result: dict[str, Any], top: int = 25) -> bytes:
    """A tornado chart: for each content value (largest swing on top), the measure at its low and
    its high value with 95% intervals, around the game as it stands (the vertical line)."""
    ranked = [r for r in result["values"] if r.get("swing") is not None][:top]
    fig, ax = _figure(8.5, 0.9 + 0.36 * max(3, len(ranked)))
    base = result["baseline"]["measure"]
    ax.axvline(base, color="#333333", linewidth=1, label=f"as it stands ({base:.3f})")
    for i, r in enumerate(ranked):
        for side, colour, marker in (("low", LOST, "<"), ("high", WON, ">")):
            at = r.get(side)
            if at is None:
                continue
            v, (lo, hi) = at["measure"], at["ci95"]
            ax.plot([base, v], [i, i], color=colour, linewidth=6, alpha=0.55, solid_capstyle="butt")
            ax.errorbar(v, i, xerr=[[max(0.0, v - lo)], [max(0.0, hi - v)]], fmt=marker, color=colour, capsize=3,
                        label=f"{side} value" if i == 0 else None)  # fmt: skip
    labels = [
        f"{r['path']} ({_short(r['low'])} / {_short(r['value'])} / {_short(r['high'])})" for r in ranked
    ]
    ax.set_yticks(range(len(ranked)), labels, fontsize="small")
    ax.invert_yaxis()
    ax.set_xlabel(f"{result['metric']}, 95% interval ({result['games']} games a point, same seeds)")
    ax.legend(fontsize="small", loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, frameon=False)
    return png_bytes(fig)


def plot_sobol(result: dict[str, Any], top: int = 25) -> bytes:
    """Sobol indices as bars: first order (S1) and total (ST) for each value, with 95% intervals."""
    import numpy as np

    rows = result["sobol"]["indices"][:top]
    fig, ax = _figure(8.5, 0.9 + 0.45 * max(3, len(rows)))
    y = np.arange(len(rows))
    for offset, key, colour, hatch, label in (
        (-0.2, "S1", "#4575b4", None, "first order S1"),
        (0.2, "ST", "#d73027", "//", "total ST"),
    ):
        values = [r[key] for r in rows]
        confs = [abs(r[f"{key}_conf"]) if math.isfinite(r[f"{key}_conf"]) else 0.0 for r in rows]
        ax.barh(y + offset, values, height=0.4, color=colour, hatch=hatch, alpha=0.8, label=label)
        ax.errorbar(values, y + offset, xerr=confs, fmt="none", color="black", capsize=3)
    ax.set_yticks(
        y, [f"{r['path']} ({_short(r['low'])}..{_short(r['high'])})" for r in rows], fontsize="small"
    )
    ax.invert_yaxis()
    ax.axvline(0, color="#333333", linewidth=0.8)
    sobol = result["sobol"]
    ax.set_xlabel(
        f"share of the variance of {result['metric']} ({sobol['points']} points of {result['games']} games)"
    )
    ax.legend(fontsize="small", loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2, frameon=False)
    return png_bytes(fig)


def _short(side: dict[str, Any] | None | Any) -> str:
    if isinstance(side, dict):
        side = side["value"]
    if side is None:
        return "-"
    if isinstance(side, float):
        return f"{side:.3g}"
    return str(side)


def write_sensitivity(result: dict[str, Any], out: str | Path) -> Path:
    """Write ``sensitivity.json`` and ``sensitivity.png`` into the folder ``out``."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SENSITIVITY).write_text(json.dumps(result, indent=1, default=str))
    plot = plot_sobol if result.get("sobol") else plot_sensitivity
    (folder / "sensitivity.png").write_bytes(plot(result))
    return folder


def sensitivity_report(result: dict[str, Any]) -> str:
    """A sensitivity analysis as one HTML page: the chart, the ranking and what was left out."""
    base = result["baseline"]
    rows = [
        [
            i + 1,
            r["path"],
            r["source"] or "-",
            _short(r["value"]),
            _short(r["low"]),
            _short(r["high"]),
            "-" if r["swing"] is None else f"{r['swing']:+.3f}",
            "-" if r["swing"] is None else f"{r['swing_ci95'][0]:+.3f} .. {r['swing_ci95'][1]:+.3f}",
            "*" if r.get("significant") else "",
        ]
        for i, r in enumerate(result["values"])
    ]
    body = [
        f"<p>{html.escape(result['metric'])} as the game stands: <b>{base['measure']:.3f}</b> "
        f"(95% CI {_fmt_ci(base['ci95'])}) over {result['games']} games; each value below was moved "
        f"{html.escape(result['method_note'])}, every point on the same seeds. Bots: "
        f"{html.escape(', '.join(result['bots']))}.</p>",
        img((plot_sobol if result.get("sobol") else plot_sensitivity)(result)),
        "<h2>Ranking</h2>",
        _table(
            ["rank", "value", "source", "as it stands", "low", "high", "high - low", "95% CI (paired)", ""],
            rows,
        ),
    ]
    if result.get("sobol"):
        body += ["<h2>Sobol indices</h2>", _sobol_table(result["sobol"])]
    if result["skipped"]:
        body += [
            "<h2>Left out</h2>",
            _table(["value", "why"], [[s["path"], s["reason"]] for s in result["skipped"]]),
        ]
    body.append(f"<p>Again:</p><pre>{html.escape(result['command'])}</pre>")
    return page(f"{result['game']}: what moves {result['metric']}", body)


def _sobol_table(sobol: dict[str, Any]) -> str:
    rows = [
        [r["path"], r["S1"], _conf(r["S1_conf"]), r["ST"], _conf(r["ST_conf"])]
        for r in sorted(sobol["indices"], key=lambda r: -r["ST"] if math.isfinite(r["ST"]) else 0)
    ]
    return _table(["value", "first order S1", "± 95%", "total ST", "± 95%"], rows)


def _conf(x: float) -> str:
    return f"{x:.3f}" if math.isfinite(x) else "-"

"""``loopcity simulate | compare | report | bench``: the simulation and balance workbench."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..engine import LoopcityError

console = Console()
err_console = Console(stderr=True)


def _finite(value: Any) -> Any:
    """NaN and infinities as null, so that the JSON output is strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def print_json(data: Any) -> None:
    """One line of strict JSON on standard output."""
    print(json.dumps(_finite(data), allow_nan=False))


def print_table(table: Table) -> None:
    """Print a table at its natural width, whatever the terminal's: nothing is cut to fit (a long
    line wraps in a narrow terminal rather than losing its end)."""
    width = Measurement.get(console, console.options.update(width=10_000), table).maximum
    Console(
        width=max(width, 20),
        force_terminal=console.is_terminal,
        color_system=console.color_system,  # type: ignore[arg-type]
        file=console.file,
    ).print(table)


def fail(message: str) -> None:
    console.print(f"[red]error:[/] {message}", soft_wrap=True)
    raise typer.Exit(2)


class GamesPerSecond(ProgressColumn):
    """Games per second of a progress task."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "- games/s", style="cyan")


@contextmanager
def progress_bar(label: str, total: int, show: bool | None = None) -> Iterator[Callable[[int], None]]:
    """A Rich progress bar (games, games/s, time left) on stderr when it is a terminal; yields
    ``advance(n)``."""
    show = err_console.is_terminal if show is None else show
    if not show:
        yield lambda _n: None
        return
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set", help="PATH=VALUE: an option (pile=8) or a content value by dotted path; repeatable"
    ),
]


def _bots(bot: str | None, bots: str | None) -> list[str]:
    if bot and bots:
        fail("give --bot or --bots, not both")
    return [b.strip() for b in bots.split(",")] if bots else [bot or "random"]


def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id (see: loopcity games)")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="number of games")] = 100,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    variant: Annotated[str | None, typer.Option(help="game variant")] = None,
    bot: Annotated[str | None, typer.Option(help="bot in every seat (default: random)")] = None,
    bots: Annotated[str | None, typer.Option(help="bots per seat, comma separated, cycled")] = None,
    seed: Annotated[int, typer.Option(help="base seed: game i has a seed derived from it and i")] = 0,
    workers: Annotated[int | None, typer.Option(help="worker processes (default: all cores)")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address to join")] = None,
    out: Annotated[Path | None, typer.Option(help="write results.parquet and run.json here")] = None,
    sets: SetOpt = None,
    content: Annotated[Path | None, typer.Option(help="an edited content file")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as one JSON object")] = False,
) -> None:
    """Play many seeded bot games and summarize outcomes with 95% intervals."""
    from ..sim import make_job
    from ..sim import simulate as run

    try:
        job, game = make_job(game_id, games, _bots(bot, bots), seed, players, variant, sets, content)
        with progress_bar(f"{game_id}", games) as advance:
            summary = run(job, game, backend, workers, address, str(out) if out else None, advance)
    except LoopcityError as e:
        fail(str(e))
        return
    summary["config"] = game.config()
    summary["bots"] = list(job.bots)
    if as_json:
        print_json(summary)
        return
    print_summary(summary)
    if out is not None:
        console.print(f"results: {out / 'results.parquet'}")


def print_summary(s: dict[str, Any]) -> None:
    """The summary of a run as a short table. A competitive game (no team) shows each seat's win
    rate and share of the points instead of a team win rate."""
    table = Table(title=f"{s['game']}: {s['games']} games", show_header=False)
    teamless = s["team_win_rate"] is None
    if teamless:
        table.add_row("winners (seat: win rate)", _seat_rates(s))
        table.add_row("score shares (seat: mean score / all seats' mean)", _score_shares(s))
    else:
        lo, hi = s["team_win_ci95"]
        table.add_row("team win rate", f"{s['team_win_rate']:.3f}  (95% CI {lo:.3f}-{hi:.3f})")
    q = s["length_quartiles"]
    table.add_row("length (steps)", f"mean {s['mean_length']:.1f}, sd {s['sd_length']:.1f}, quartiles {q}")
    if s.get("mean_rounds") is not None:
        table.add_row("rounds", f"mean {s['mean_rounds']:.2f}")
    for cause, r in s["cause_rates"].items():
        table.add_row(
            f"ended by: {cause}", f"{r['rate']:.3f}  (95% CI {r['ci95'][0]:.3f}-{r['ci95'][1]:.3f})"
        )
    if not teamless:
        table.add_row("loss causes", ", ".join(f"{c}: {n}" for c, n in s["loss_causes"].items()) or "none")
    scores = ", ".join(f"{m:.2f}±{sd:.2f}" for m, sd in zip(s["mean_scores"], s["sd_scores"], strict=True))
    table.add_row("scores (mean±sd)", scores)
    finals = s.get("mean_final_metrics") or {}
    if finals:
        table.add_row("metrics at the end (mean)", "\n".join(f"{k} {v:.2f}" for k, v in finals.items()))
    table.add_row("speed", f"{s['games_per_s']:.0f} games/s ({s['seconds']:.2f} s)")
    print_table(table)


def _seat_rates(s: dict[str, Any]) -> str:
    return ", ".join(
        f"{i + 1}: {r['rate']:.3f} ({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f})"
        for i, r in enumerate(s["seat_win_rates"])
    )


def _score_shares(s: dict[str, Any]) -> str:
    total = sum(s["mean_scores"])
    if total <= 0:
        return "no points scored"
    return ", ".join(f"{i + 1}: {m / total:.3f}" for i, m in enumerate(s["mean_scores"]))


def compare(
    a: Annotated[
        str, typer.Argument(help="a result folder, or with --game a variant name ('default': the first)")
    ],
    b: Annotated[str, typer.Argument(help="the other result folder or variant")],
    game_id: Annotated[
        str | None, typer.Option("--game", help="run A and B of this game on the same seeds")
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per side (with --game)")] = 1000,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    bot: Annotated[str | None, typer.Option(help="bot in every seat (default: random)")] = None,
    bots: Annotated[str | None, typer.Option(help="bots per seat, comma separated, cycled")] = None,
    seed: Annotated[int, typer.Option(help="base seed shared by both sides")] = 0,
    workers: Annotated[int | None, typer.Option(help="worker processes (default: all cores)")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address to join")] = None,
    sets: SetOpt = None,
    set_a: Annotated[list[str] | None, typer.Option("--set-a", help="PATH=VALUE for side A only")] = None,
    set_b: Annotated[list[str] | None, typer.Option("--set-b", help="PATH=VALUE for side B only")] = None,
    content_a: Annotated[Path | None, typer.Option(help="an edited content file for side A")] = None,
    content_b: Annotated[Path | None, typer.Option(help="an edited content file for side B")] = None,
    bots_a: Annotated[
        str | None, typer.Option(help="bots of side A, comma separated (default: --bot/--bots)")
    ] = None,
    bots_b: Annotated[str | None, typer.Option(help="bots of side B, comma separated")] = None,
    out: Annotated[Path | None, typer.Option(help="keep both runs here (OUT/a, OUT/b)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the comparison as JSON")] = False,
) -> None:
    """Compare two result folders, or two variants of a game on the same seeds (common random
    numbers, paired intervals): differences B - A with 95% confidence intervals."""
    import tempfile

    from ..sim import make_backend, make_job
    from ..sim import simulate as run
    from ..sim.compare import compare_runs
    from ..sim.store import load_run

    try:
        if game_id is None:
            result = compare_runs(load_run(a), load_run(b))
        else:
            names = _bots(bot, bots)
            sides = [
                (a, [*(sets or []), *(set_a or [])], content_a, _bots(None, bots_a) if bots_a else names),
                (b, [*(sets or []), *(set_b or [])], content_b, _bots(None, bots_b) if bots_b else names),
            ]
            jobs = []
            for variant, side_sets, content, side_bots in sides:
                v = None if variant in ("default", "-") else variant
                jobs.append(make_job(game_id, games, side_bots, seed, players, v, side_sets, content))
            runner = make_backend(backend, workers, address)  # one pool or Ray for both sides
            try:
                with tempfile.TemporaryDirectory() as tmp:
                    folder = out or Path(tmp)
                    for side, (job, game) in zip("ab", jobs, strict=True):
                        with progress_bar(f"{game_id} {side.upper()}", games) as advance:
                            run(job, game, runner, out=str(folder / side), progress=advance)
                    result = compare_runs(load_run(folder / "a"), load_run(folder / "b"))
            finally:
                runner.close()
            for side, (label, side_sets, content, side_bots) in zip("ab", sides, strict=True):
                bits = [label, *side_sets, *([f"content={content}"] if content else [])]
                if side_bots != names or bots_a or bots_b:
                    bits.append("bots=" + ",".join(side_bots))
                result[side]["label"] = " ".join(bits)
            if out is not None:  # for loopcity report OUT
                (out / "compare.json").write_text(json.dumps(_finite(result), indent=1))
    except LoopcityError as e:
        fail(str(e))
        return
    if as_json:
        print_json(result)
        return
    print_comparison(result)


def print_comparison(result: dict[str, Any]) -> None:
    """A comparison as a table; * marks differences whose interval excludes zero."""
    kind = "paired by seed" if result["paired"] else "independent samples"
    title = f"A: {result['a']['label']} ({result['a']['games']} games)\nB: {result['b']['label']} ({result['b']['games']} games)"
    table = Table("measure", "A", "B", "B - A", "95% CI", "", title=title, caption=kind)
    for r in result["rows"]:
        lo, hi = r["ci95"]
        table.add_row(
            r["measure"],
            f"{r['a']:.3f}",
            f"{r['b']:.3f}",
            f"{r['diff']:+.3f}",
            f"{lo:+.3f} .. {hi:+.3f}",
            "*" if r["significant"] else "",
        )
    print_table(table)


def report(
    folder: Annotated[
        Path,
        typer.Argument(
            metavar="DIR", help="a folder of simulate, sweep, compare, tune or sensitivity (--out)"
        ),
    ],
    other: Annotated[
        Path | None, typer.Argument(metavar="[DIR_B]", help="a second result folder: report A against B")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="the HTML file (default: DIR/report.html, or DIR_B/comparison.html)"),
    ] = None,
) -> None:
    """Write a self-contained HTML report: of a run (outcomes, lengths, loss causes, metric
    trajectories, action and card use), a sweep (response curves), a comparison (A and B side by
    side, paired differences), a search or a sensitivity analysis."""
    from ..sim.report import write_report

    try:
        path = write_report(folder, out, other)
    except LoopcityError as e:
        fail(str(e))
        return
    console.print(f"report: {path}")


def bench(
    game_ids: Annotated[
        list[str] | None, typer.Option("--game", help="only these games (repeatable)")
    ] = None,
    seconds: Annotated[float, typer.Option(min=0.0, help="CPU time per game")] = 3.0,
    rounds: Annotated[int, typer.Option(min=1, help="slices per game, taken in turn over the games")] = 30,
    openspiel: Annotated[
        bool | None,
        typer.Option("--openspiel/--no-openspiel", help="OpenSpiel rows (default: when installed)"),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the rows as JSON")] = False,
    keyed: Annotated[
        bool, typer.Option("--keyed", help="also a row per game with the keyed generator of web tables")
    ] = False,
) -> None:
    """Random playouts on one core: steps and games per CPU-second of every game, with OpenSpiel's
    python_block_dominoes and hanabi as yardsticks when the bench extra is installed (JSON rows give
    each game's ratio to them, x_python_block_dominoes and x_hanabi)."""
    from ..engine import get_spec, list_games
    from ..sim.bench import openspiel_available, run_bench

    try:
        specs = [get_spec(g) for g in game_ids] if game_ids else list_games()
        if openspiel and not openspiel_available():
            fail("OpenSpiel is not installed: pip install 'loopcity[bench]'")
        rows = run_bench(specs, seconds, openspiel, rounds, keyed)
    except LoopcityError as e:
        fail(str(e))
        return
    if as_json:
        print_json(rows)
        return
    refs = [k for k in (rows[0] if rows else {}) if k.startswith("x_")]
    table = Table(
        "game",
        "players",
        "steps/s",
        "games/s",
        "steps/game",
        *(f"vs {k[2:].replace('python_block_', '')}" for k in refs),
    )
    for r in rows:
        table.add_row(
            r["name"] + (" (keyed)" if r.get("generator") == "keyed" else ""),
            str(r["players"]),
            f"{r['steps_per_s']:,.0f}",
            f"{r['games_per_s']:,.1f}",
            f"{r['mean_steps']:.1f}",
            *(f"{r[k]:.2f}x" for k in refs),
        )
    print_table(table)


def sweep(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id (see: loopcity games)")],
    vary: Annotated[
        list[str],
        typer.Option("--vary", help="PATH=V1,V2,... (or a JSON list): values of one option or content value"),
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per point")] = 500,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    variant: Annotated[str | None, typer.Option(help="game variant")] = None,
    bot: Annotated[str | None, typer.Option(help="bot in every seat (default: random)")] = None,
    bots: Annotated[str | None, typer.Option(help="bots per seat, comma separated, cycled")] = None,
    seed: Annotated[int, typer.Option(help="base seed shared by every point")] = 0,
    workers: Annotated[int | None, typer.Option(help="worker processes (default: all cores)")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address to join")] = None,
    sets: SetOpt = None,
    content: Annotated[Path | None, typer.Option(help="an edited content file")] = None,
    out: Annotated[
        Path | None, typer.Option(help="keep each point's results (OUT/p0, ...) and OUT/sweep.json")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the sweep as JSON")] = False,
) -> None:
    """Play the same seeded games at every point of a grid of settings, each compared with the first."""
    from ..sim.sweep import sweep as run_sweep

    try:
        result = run_sweep(
            game_id, games, vary, _bots(bot, bots), seed, players, variant, sets, content,
            backend, workers, address, out, progress_bar,
        )  # fmt: skip
    except LoopcityError as e:
        fail(str(e))
        return
    if as_json:
        print_json(result)
        return
    paths = list(result["points"][0]["point"]) if result["points"] else []
    if result["points"] and result["points"][0]["summary"]["team_win_rate"] is None:
        print_table(_competitive_sweep_table(game_id, games, paths, result["points"]))
        return
    table = Table(
        *paths, "team win", "95% CI", "vs first", "95% CI", "", "length", "top loss cause",
        title=f"{game_id}: {games} games a point, same seeds", caption="* the interval excludes 0",
    )  # fmt: skip
    for row in result["points"]:
        s, diff = row["summary"], row["vs_first"]["team win rate"]
        causes = s["loss_causes"]
        top = next(iter(causes), None)
        table.add_row(
            *(json.dumps(row["point"][p]) for p in paths),
            f"{s['team_win_rate']:.3f}",
            "{:.3f}-{:.3f}".format(*s["team_win_ci95"]),
            f"{diff['diff']:+.3f}",
            "{:+.3f}..{:+.3f}".format(*diff["ci95"]),
            "*" if diff["significant"] else "",
            f"{s['mean_length']:.1f}",
            f"{top} ({causes[top] / s['games']:.2f})" if top else "-",
        )
    print_table(table)


def _competitive_sweep_table(
    game_id: str, games: int, paths: list[str], points: list[dict[str, Any]]
) -> Table:
    """A sweep of a competitive game (no team to win or lose): each point's winners (each seat's win
    rate) and score shares, and its mean length with the paired difference from the first point."""
    table = Table(
        *paths, "winners (seat: win rate)", "score shares", "length", "vs first", "95% CI", "",
        "top end cause",
        title=f"{game_id}: {games} games a point, same seeds; no team (a competitive game)",
        caption="vs first: the mean length's difference; * the interval excludes 0",
    )  # fmt: skip
    for row in points:
        s, diff = row["summary"], row["vs_first"]["length (steps)"]
        causes = s["end_causes"]
        top = next(iter(causes), None)
        table.add_row(
            *(json.dumps(row["point"][p]) for p in paths),
            ", ".join(f"{i + 1}: {r['rate']:.3f}" for i, r in enumerate(s["seat_win_rates"])),
            _score_shares(s),
            f"{s['mean_length']:.1f}",
            f"{diff['diff']:+.1f}",
            "{:+.1f}..{:+.1f}".format(*diff["ci95"]),
            "*" if diff["significant"] else "",
            f"{top} ({causes[top] / s['games']:.2f})" if top else "-",
        )
    return table


def register_commands(app: typer.Typer) -> None:
    """Add the workbench commands to the ``loopcity`` app."""
    app.command()(simulate)
    app.command()(compare)
    app.command()(sweep)
    app.command()(report)
    app.command()(bench)
    app.command()(tune)
    app.command()(sensitivity)


class TuneBar:
    """The progress of a search on stderr: trials done (with the best so far) and the current
    trial's games."""

    def __init__(self, bar: Progress, trials: int, games: int) -> None:
        self.bar = bar
        self.games_total = games
        self.trials = bar.add_task("trials", total=trials)
        self.current = bar.add_task("", total=games)

    def trial(self, number: int, label: str) -> None:
        self.bar.reset(self.current, total=self.games_total, description=f"trial {number}: {label}")

    def games(self, n: int) -> None:
        self.bar.advance(self.current, n)

    def done(self, record: dict[str, Any], best: dict[str, Any] | None) -> None:
        self.bar.advance(self.trials, 1)
        if best is not None:
            label = " ".join(f"{p}={json.dumps(v)}" for p, v in best["point"].items())
            self.bar.update(self.trials, description=f"best {label} (distance {best['distance']:.3f})")


@contextmanager
def tune_progress(trials: int, games: int, show: bool | None = None) -> Iterator[TuneBar | None]:
    """A two-line Rich progress display for a search, on stderr when it is a terminal."""
    show = err_console.is_terminal if show is None else show
    if not show:
        yield None
        return
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err_console, transient=True) as bar:
        yield TuneBar(bar, trials, games)


def tune(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id (see: loopcity games)")],
    vary: Annotated[
        list[str],
        typer.Option("--vary", help="PATH=LO:HI[:STEP] (a range) or PATH=V1,V2,... (choices); repeatable"),
    ],
    target: Annotated[
        list[str],
        typer.Option("--target", help="METRIC=VALUE or METRIC=LO:HI, e.g. team_win_rate=0.6; repeatable"),
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per trial")] = 500,
    trials: Annotated[int, typer.Option(min=1, help="most trials (a smaller grid is tried whole)")] = 30,
    prune: Annotated[
        bool, typer.Option("--prune/--no-prune", help="stop trials that fall behind early")
    ] = True,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    variant: Annotated[str | None, typer.Option(help="game variant")] = None,
    bot: Annotated[str | None, typer.Option(help="bot in every seat (default: heuristic if any)")] = None,
    bots: Annotated[str | None, typer.Option(help="bots per seat, comma separated, cycled")] = None,
    seed: Annotated[int, typer.Option(help="base seed of every trial's games and of the search")] = 0,
    workers: Annotated[int | None, typer.Option(help="worker processes (default: all cores)")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address to join")] = None,
    sets: SetOpt = None,
    content: Annotated[Path | None, typer.Option(help="an edited content file")] = None,
    out: Annotated[Path | None, typer.Option(help="write tune.json and tune.png here")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the search as one JSON object")] = False,
) -> None:
    """Search content values (or options) for the point whose measures come nearest the targets,
    every trial on the same seeded games."""
    from ..sim.tune import tune as run_tune

    try:
        names = _bots(bot or _default_bot(game_id, bots), bots)
        with tune_progress(trials, games) as bar:
            result = run_tune(
                game_id, games, vary, target, names, seed, players, variant, sets, content, trials, prune,
                backend, workers, address, bar,
            )  # fmt: skip
        if out is not None:
            from ..sim.report_search import write_tune

            write_tune(result, out)
    except LoopcityError as e:
        fail(str(e))
        return
    if as_json:
        print_json(result)
        return
    print_tune(result)
    if out is not None:
        console.print(f"search: {out / 'tune.json'}  plot: {out / 'tune.png'}")


def _default_bot(game_id: str, bots: str | None) -> str | None:
    """The game's heuristic bot when it has one and no bot was named, else None (random)."""
    if bots:
        return None
    from ..engine import get_spec

    try:
        return "heuristic" if "heuristic" in get_spec(game_id).bots else None
    except LoopcityError:
        return None


def print_tune(result: dict[str, Any]) -> None:
    """A search as two tables: every trial, then the best point against its targets."""
    paths = [v["path"] for v in result["vary"]]
    names = [t["metric"] for t in result["targets"]]
    table = Table(
        "trial", *paths, "games", *names, "distance",
        title=f"{result['game']}: {len(result['trials'])} trials ({result['method']}), "
        f"{result['games']} games each on the same seeds",
    )  # fmt: skip
    for r in result["trials"]:
        if r["state"] == "invalid":  # the content refuses this point: no games
            table.add_row(
                str(r["number"]),
                *(json.dumps(r["point"][p]) for p in paths),
                "refused",
                *["-"] * len(names),
                "-",
            )
            continue
        cells = [f"{r['metrics'][n]['value']:.3f} ({_ci_text(r['metrics'][n]['ci95'])})" for n in names]
        state = f"{r['games']}" + (" pruned" if r["state"] == "pruned" else "")
        if "repeat_of" in r:
            state = f"as trial {r['repeat_of']}"
        table.add_row(
            str(r["number"]),
            *(json.dumps(r["point"][p]) for p in paths),
            state,
            *cells,
            f"{r['distance']:.3f}",
        )
    print_table(table)
    for r in result["trials"]:
        if r["state"] == "invalid" and "repeat_of" not in r:
            console.print(
                f"refused: {' '.join(f'{p}={json.dumps(v)}' for p, v in r['point'].items())}: "
                f"{r['reason'].splitlines()[0]}"
            )
    best = result["best"]
    if best is None:
        console.print("no trial played all its games")
        return
    print_best(result, best)


def _ci_text(ci: list[float]) -> str:
    return f"{ci[0]:.3f}-{ci[1]:.3f}"


def print_best(result: dict[str, Any], best: dict[str, Any]) -> None:
    """The best point: each target's measure with its 95% interval, and the paired difference from
    the game as it stands."""
    vs = best.get("vs_current")
    label = " ".join(f"{p}={json.dumps(v)}" for p, v in best["point"].items())
    now = " ".join(f"{p}={json.dumps(v)}" for p, v in vs["point"].items()) if vs else ""
    extra = ["as it stands", "best - as it stands", "95% CI", ""] if vs else []
    table = Table(
        "measure",
        "target",
        "best",
        "95% CI",
        *extra,
        title=f"best: {label}",
        caption=now and f"as it stands: {now}",
    )
    for name, m in best["metrics"].items():
        row = [name, json.dumps(m["target"]), f"{m['value']:.3f}", _ci_text(m["ci95"])]
        if vs:
            d = vs["measures"][name]
            lo, hi = d["ci95"]
            row += [
                f"{d['current']:.3f}",
                f"{d['diff']:+.3f}",
                f"{lo:+.3f}..{hi:+.3f}",
                "*" if d["significant"] else "",
            ]
        table.add_row(*row)
    print_table(table)
    console.print(f"these games again: {result['command']}", soft_wrap=True, markup=False, highlight=False)
    console.print(
        f"this search again: {result['tune_command']}", soft_wrap=True, markup=False, highlight=False
    )
    console.print(f"{result['seconds']:.1f} s", soft_wrap=True, markup=False, highlight=False)


def sensitivity(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id (see: loopcity games)")],
    metric: Annotated[
        str, typer.Option(help="the measure to rank by (as tune's --target)")
    ] = "team_win_rate",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games a point")] = 200,
    under: Annotated[
        list[str] | None, typer.Option("--under", help="only the numbers under this content path; repeatable")
    ] = None,
    path: Annotated[list[str] | None, typer.Option("--path", help="only this value; repeatable")] = None,
    spread: Annotated[
        float, typer.Option(help="how far each value moves down and up, as a share of it")
    ] = 0.25,
    method: Annotated[str, typer.Option(help="oat (one at a time) or sobol (Sobol indices, SALib)")] = "oat",
    samples: Annotated[int, typer.Option(help="Sobol base samples (a power of 2)")] = 16,
    top: Annotated[int, typer.Option(min=1, help="rows shown in the table (all in --json and --out)")] = 20,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    variant: Annotated[str | None, typer.Option(help="game variant")] = None,
    bot: Annotated[str | None, typer.Option(help="bot in every seat (default: heuristic if any)")] = None,
    bots: Annotated[str | None, typer.Option(help="bots per seat, comma separated, cycled")] = None,
    seed: Annotated[int, typer.Option(help="base seed shared by every point")] = 0,
    workers: Annotated[int | None, typer.Option(help="worker processes (default: all cores)")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address to join")] = None,
    sets: SetOpt = None,
    content: Annotated[Path | None, typer.Option(help="an edited content file")] = None,
    out: Annotated[Path | None, typer.Option(help="write sensitivity.json and sensitivity.png here")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the analysis as one JSON object")] = False,
) -> None:
    """Rank the numbers in a game's content by their effect on a measure, each moved down and up on
    the same seeded games (or Sobol indices), with a tornado chart."""
    from ..sim.sensitivity import sensitivity as run_sensitivity

    try:
        names = _bots(bot or _default_bot(game_id, bots), bots)
        with ExitStack() as stack:

            def progress(total: int) -> Callable[[int], None]:
                return stack.enter_context(progress_bar(f"{game_id} sensitivity", total))

            result = run_sensitivity(
                game_id, games, metric, names, seed, players, variant, sets, content, under, path, spread,
                method, samples, backend, workers, address, progress,
            )  # fmt: skip
        if out is not None:
            from ..sim.report_search import write_sensitivity

            write_sensitivity(result, out)
    except LoopcityError as e:
        fail(str(e))
        return
    if as_json:
        print_json(result)
        return
    print_sensitivity(result, top)
    if out is not None:
        console.print(f"analysis: {out / 'sensitivity.json'}  chart: {out / 'sensitivity.png'}")


def print_sensitivity(result: dict[str, Any], top: int) -> None:
    """The ranking (or the Sobol indices) as a table."""
    base = result["baseline"]
    title = (
        f"{result['game']}: {result['metric']} {base['measure']:.3f} ({_ci_text(base['ci95'])}) as it stands; "
        f"{result['games']} games a point, same seeds"
    )
    if result.get("sobol"):
        table = Table("value", "source", "range", "S1", "± 95%", "ST", "± 95%", title=title)
        for r in result["sobol"]["indices"][:top]:
            table.add_row(
                r["path"], r["source"] or "-", f"{r['low']}..{r['high']}", f"{r['S1']:.3f}", f"{r['S1_conf']:.3f}",
                f"{r['ST']:.3f}", f"{r['ST_conf']:.3f}",
            )  # fmt: skip
        print_table(table)
        console.print(f"again: {result['command']}", soft_wrap=True, markup=False, highlight=False)
        return
    table = Table(
        "rank", "value", "source", "now", "low", f"{result['metric']} at low", "high", "at high", "high - low",
        "95% CI", "", title=title, caption="* the paired interval excludes 0",
    )  # fmt: skip
    for i, r in enumerate(result["values"][:top], start=1):
        low, high = r["low"] or {}, r["high"] or {}
        table.add_row(
            str(i), r["path"], r["source"] or "-", str(r["value"]),
            str(low.get("value", "-")), f"{low['measure']:.3f}" if low else "-",
            str(high.get("value", "-")), f"{high['measure']:.3f}" if high else "-",
            "-" if r["swing"] is None else f"{r['swing']:+.3f}",
            "-" if r["swing"] is None else "{:+.3f}..{:+.3f}".format(*r["swing_ci95"]),
            "*" if r["significant"] else "",
        )  # fmt: skip
    print_table(table)
    if result["skipped"]:
        console.print(f"left out ({len(result['skipped'])}):", soft_wrap=True, markup=False, highlight=False)
        for s in result["skipped"]:
            console.print(f"  {s['path']}: {s['reason']}", soft_wrap=True, markup=False, highlight=False)
    console.print(f"again: {result['command']}", soft_wrap=True, markup=False, highlight=False)

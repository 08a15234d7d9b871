"""Tune content values toward targets: ``loopcity tune GAME --vary PATH=LO:HI --target METRIC=VALUE``.

Every trial plays the same seeded games (common random numbers), so two trials differ by their
settings, not by the luck of the draw. The search is Optuna's: every point of a small grid (its
brute-force sampler) when the values to try are fewer than the trials allowed, otherwise its
Tree-structured Parzen Estimator, seeded by the run's seed. A trial plays its games in stages (an
eighth, a quarter, a half, all) and after each reports the smallest distance from the targets that
its 95% intervals allow; the pruner stops it when even that is further than the best finished trial.

The distance of a trial is the root of the summed squares of each target's gap: a rate's gap in
absolute terms (0.8 against 0.75 is 0.05), any other figure's relative to the target (a mean length
of 110 against 100 is 0.1); a target range ``LO:HI`` has no gap inside it.
"""

from __future__ import annotations

import json
import math
import shlex
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..engine import ContentError, Game, LoopcityError, OptionError
from .compare import paired_interval
from .content_values import current_value
from .core import GameResult, Tally
from .job import SimJob, command_line, make_job, parse_value
from .measures import Measure, NoTeam, parse_measure
from .run import Backend, GameFailed, make_backend, play_range


@dataclass(frozen=True)
class Param:
    """A value to search: ``kind`` ``int`` or ``float`` between ``low`` and ``high`` (by ``step``
    when given), or ``choice`` among ``choices``; ``current`` is its value in the game as set up."""

    path: str
    kind: str
    low: float = 0.0
    high: float = 0.0
    step: float | None = None
    choices: tuple[Any, ...] = ()
    current: Any = None

    def size(self) -> float:
        """How many values the parameter can take (infinite for a float range without a step)."""
        if self.kind == "choice":
            return len(self.choices)
        if self.kind == "int":
            return int((self.high - self.low) // (self.step or 1)) + 1
        return math.inf if not self.step else int((self.high - self.low) // self.step) + 1

    def holds(self, value: Any) -> bool:
        """Whether ``value`` is one the search may try."""
        if self.kind == "choice":
            return value in self.choices
        if not isinstance(value, int | float) or isinstance(value, bool):
            return False
        if not self.low <= value <= self.high:
            return False
        return (
            self.step is None
            or abs(((value - self.low) / self.step) - round((value - self.low) / self.step)) < 1e-9
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "kind": self.kind, "current": self.current}
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        else:
            out.update(low=self.low, high=self.high, step=self.step)
        return out


def _number(text: str, item: str) -> float:
    value = parse_value(text.strip())
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise OptionError(f"--vary {item!r}: {text.strip()!r} is not a number")
    return value


def parse_param(item: str, game: Game) -> Param:
    """``PATH=LO:HI`` or ``PATH=LO:HI:STEP`` (a range; whole numbers for a whole-number value) or
    ``PATH=V1,V2,...`` (choices), checked against the value at PATH in the game."""
    path, eq, text = item.partition("=")
    path, text = path.strip(), text.strip()
    if not eq or not path or not text:
        raise OptionError(f"--vary {item!r}: write PATH=LO:HI (a range) or PATH=V1,V2,... (choices)")
    try:
        current = current_value(game, path)
    except LoopcityError as e:
        raise OptionError(f"--vary {item!r}: {e}") from None
    if ":" not in text:
        choices = tuple(parse_value(t.strip()) for t in text.split(","))
        if any(not isinstance(c, str | int | float | bool) for c in choices):
            raise OptionError(f"--vary {item!r}: choices must be plain values (numbers, words, true/false)")
        return Param(path, "choice", choices=choices, current=current)
    bounds = [_number(t, item) for t in text.split(":")]
    if len(bounds) not in (2, 3):
        raise OptionError(f"--vary {item!r}: a range reads LO:HI or LO:HI:STEP")
    low, high, step = bounds[0], bounds[1], bounds[2] if len(bounds) == 3 else None
    if isinstance(current, bool) or not isinstance(current, int | float):
        raise OptionError(
            f"--vary {item!r}: {path} is {current!r}, not a number; give its choices as {path}=V1,V2"
        )
    kind = "int" if isinstance(current, int) else "float"
    if kind == "int" and any(b is not None and b != int(b) for b in (low, high, step)):
        raise OptionError(f"--vary {item!r}: {path} is a whole number ({current}); give whole bounds")
    if low >= high or (step is not None and step <= 0):
        raise OptionError(f"--vary {item!r}: the range needs LO < HI (and a positive STEP)")
    if kind == "int":
        low, high, step = int(low), int(high), int(step) if step else None
    return Param(path, kind, float(low) if kind == "float" else low, high, step, current=current)


@dataclass(frozen=True)
class Target:
    """A measure to bring to ``low``..``high`` (one value when equal)."""

    measure: Measure
    low: float
    high: float

    @property
    def scale(self) -> float:
        """A rate's gap counts as it is; another figure's relative to the target."""
        if self.measure.kind == "rate":
            return 1.0
        return max(abs(self.low), abs(self.high)) or 1.0

    def gap(self, value: float) -> float:
        """How far ``value`` is from the target, in the target's scale."""
        if math.isnan(value):
            return math.inf
        outside = max(self.low - value, value - self.high, 0.0)
        return outside / self.scale

    def to_json(self) -> dict[str, Any]:
        goal: Any = self.low if self.low == self.high else [self.low, self.high]
        return {"metric": self.measure.name, "target": goal}


def parse_target(item: str, game: Game) -> Target:
    """``METRIC=VALUE`` or ``METRIC=LO:HI``."""
    name, eq, text = item.partition("=")
    name, text = name.strip(), text.strip()
    if not eq or not name or not text:
        raise OptionError(f"--target {item!r}: write METRIC=VALUE or METRIC=LO:HI, e.g. team_win_rate=0.6")
    measure = parse_measure(name, game)
    try:
        bounds = [float(t) for t in text.split(":")]
    except ValueError:
        raise OptionError(f"--target {item!r}: {text!r} is not a number or a range LO:HI") from None
    if len(bounds) not in (1, 2) or bounds[0] > bounds[-1]:
        raise OptionError(f"--target {item!r}: a range reads LO:HI with LO <= HI")
    return Target(measure, bounds[0], bounds[-1])


def stages(games: int, prune: bool) -> list[int]:
    """The game counts after which a trial reports its distance: an eighth, a quarter, a half and
    all of its games (all at once without pruning)."""
    if not prune:
        return [games]
    return sorted({max(1, games // 8), max(1, games // 4), max(1, games // 2), games})


class Progress(Protocol):
    """What a front end is told while a search runs."""

    def trial(self, number: int, label: str) -> None: ...

    def games(self, n: int) -> None: ...

    def done(self, record: dict[str, Any], best: dict[str, Any] | None) -> None: ...


@dataclass
class Evaluation:
    """A trial's games so far: per-game values of each target's measure and a running summary."""

    values: dict[str, list[float]] = field(default_factory=dict)
    tally: Tally | None = None

    def add(self, result: GameResult, targets: list[Target]) -> None:
        assert self.tally is not None
        self.tally.add(result)
        for t in targets:
            self.values.setdefault(t.measure.name, []).append(t.measure.of(result))

    def metrics(self, targets: list[Target]) -> dict[str, dict[str, Any]]:
        out = {}
        for t in targets:
            value, low, high = t.measure.estimate(self.values.get(t.measure.name, []))
            out[t.measure.name] = {"value": value, "ci95": [low, high], **t.to_json()}
        return out

    def distance(self, targets: list[Target]) -> float:
        """The distance of the measured values from the targets."""
        gaps = [t.gap(t.measure.estimate(self.values.get(t.measure.name, []))[0]) for t in targets]
        return math.sqrt(sum(g * g for g in gaps))

    def least_distance(self, targets: list[Target]) -> float:
        """The smallest distance from the targets that the 95% intervals of the measures allow."""
        gaps = []
        for t in targets:
            _, low, high = t.measure.estimate(self.values.get(t.measure.name, []))
            gaps.append(0.0 if math.isnan(low) else max(t.low - high, low - t.high, 0.0) / t.scale)
        return math.sqrt(sum(g * g for g in gaps))


@dataclass
class Search:
    """Everything one search needs: the base job's settings, the parameters and the targets."""

    game_id: str
    games: int
    params: list[Param]
    targets: list[Target]
    bots: tuple[str, ...]
    seed: int
    players: int | None
    variant: str | None
    sets: list[str]
    content: str | Path | None
    prune: bool
    backend: Backend
    progress: Progress | None = None
    records: list[dict[str, Any]] = field(default_factory=list)
    evaluations: dict[tuple[Any, ...], Evaluation] = field(default_factory=dict)
    first: dict[tuple[Any, ...], int] = field(default_factory=dict)

    def job(self, point: dict[str, Any]) -> tuple[SimJob, Game]:
        """The checked job of one point."""
        point_sets = [*self.sets, *(f"{p}={json.dumps(v)}" for p, v in point.items())]
        return make_job(
            self.game_id,
            self.games,
            self.bots,
            self.seed,
            self.players,
            self.variant,
            point_sets,
            self.content,
        )

    def run_point(self, point: dict[str, Any], report: Callable[[float, int], bool]) -> Evaluation:
        """Play the point's games stage by stage; after each stage but the last, ``report(least
        distance, games)`` says whether to stop."""
        job, _ = self.job(point)
        ev = Evaluation(tally=Tally(self.game_id))
        done = 0
        for stop in stages(self.games, self.prune):
            try:
                play_range(job, self.backend, done, stop, lambda r: ev.add(r, self.targets), self._games)
            except GameFailed as e:
                raise GameFailed(f"at {_label(point)}: {e}") from e
            done = stop
            if stop < self.games and report(ev.least_distance(self.targets), stop):
                break
        return ev

    def _games(self, n: int) -> None:
        if self.progress is not None:
            self.progress.games(n)


def _label(point: dict[str, Any]) -> str:
    return " ".join(f"{p}={json.dumps(v)}" for p, v in point.items())


def _suggest(trial: Any, p: Param) -> Any:
    if p.kind == "choice":
        return trial.suggest_categorical(p.path, list(p.choices))
    if p.kind == "int":
        return trial.suggest_int(p.path, int(p.low), int(p.high), step=int(p.step or 1))
    return trial.suggest_float(p.path, p.low, p.high, step=p.step)


def _objective(search: Search) -> Callable[[Any], float]:
    import optuna

    def objective(trial: Any) -> float:
        point = {p.path: _suggest(trial, p) for p in search.params}
        key = tuple(point.values())
        record: dict[str, Any] = {"number": trial.number, "point": point}
        if search.progress is not None:
            search.progress.trial(trial.number, _label(point))
        if key in search.evaluations:  # a point tried before: its games are the same
            ev = search.evaluations[key]
            record["repeat_of"] = search.first[key]
        else:

            def report(distance: float, games: int) -> bool:
                trial.report(distance, games)
                return bool(trial.should_prune())

            try:
                ev = search.run_point(point, report)
            except NoTeam:  # a target the game cannot have at any point: the search stops here
                raise
            except (
                ContentError,
                OptionError,
            ) as e:  # a point the content refuses (more tokens than the box holds)
                record.update(state="invalid", games=0, reason=str(e))
                search.records.append(record)
                if search.progress is not None:
                    search.progress.done(record, _best(search.records))
                raise optuna.TrialPruned() from None
            search.evaluations[key], search.first[key] = ev, trial.number
        assert ev.tally is not None
        games = ev.tally.n
        distance = ev.distance(search.targets)
        record.update(
            state="complete" if games == search.games else "pruned",
            games=games,
            distance=distance,
            metrics=ev.metrics(search.targets),
        )
        search.records.append(record)
        if search.progress is not None:
            search.progress.done(record, _best(search.records))
        if games < search.games:
            raise optuna.TrialPruned()
        return distance

    return objective


def _best(records: list[dict[str, Any]]) -> dict[str, Any] | None:
    done = [r for r in records if r["state"] == "complete" and "repeat_of" not in r]
    return min(done, key=lambda r: (r["distance"], r["number"])) if done else None


def _space_size(params: list[Param]) -> float:
    size = 1.0
    for p in params:
        size *= p.size()
    return size


def behind_best_pruner() -> Any:
    """An Optuna pruner that stops a trial when even the nearest end of its 95% intervals (the
    least distance it reports) is further from the targets than the best finished trial is.

    Optuna's median pruner compares a trial's early, noisy figures with the others' and, in our own
    trials, stopped the point nearest the target after 62 of its 500 games; this one stops only a
    trial that its own games already show to be behind."""
    import optuna
    from optuna.trial import TrialState

    class BehindBest(optuna.pruners.BasePruner):
        def prune(self, study: Any, trial: Any) -> bool:
            step = trial.last_step
            if step is None:
                return False
            done = [t.value for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))]
            return bool(done) and trial.intermediate_values[step] > min(done)

    return BehindBest()


def make_study(params: list[Param], trials: int, seed: int, prune: bool) -> tuple[Any, str]:
    """An Optuna study: brute force over a grid no larger than ``trials``, TPE otherwise."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.ERROR)  # failures are raised as ours
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    exhaustive = _space_size(params) <= trials
    sampler = (
        optuna.samplers.BruteForceSampler(seed=seed)
        if exhaustive
        else optuna.samplers.TPESampler(
            seed=seed, multivariate=True, n_startup_trials=min(10, trials // 3 + 1)
        )
    )
    pruner = behind_best_pruner() if prune else optuna.pruners.NopPruner()
    study = optuna.create_study(direction="minimize", sampler=sampler, pruner=pruner)
    current = {p.path: p.current for p in params}
    if all(p.holds(p.current) for p in params):
        study.enqueue_trial(current)  # the game as it stands is always measured, first
    return study, "exhaustive" if exhaustive else "tpe"


def tune(
    game_id: str,
    games: int,
    varies: list[str],
    targets: list[str],
    bots: list[str] | tuple[str, ...] = ("random",),
    seed: int = 0,
    players: int | None = None,
    variant: str | None = None,
    sets: list[str] | None = None,
    content: str | Path | None = None,
    trials: int = 30,
    prune: bool = True,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Search the ``varies`` for the point nearest the ``targets`` (each checked before any game
    runs) and return the search: every trial, the best point with its measures and their 95%
    intervals, its difference from the game as it stands, and the commands that repeat it."""
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise OptionError("loopcity tune needs Optuna: pip install 'loopcity[workbench]'") from None
    if trials < 1:
        raise OptionError(f"--trials must be at least 1, got {trials}")
    if not varies:
        raise OptionError("name at least one --vary PATH=LO:HI")
    if not targets:
        raise OptionError("name at least one --target METRIC=VALUE, e.g. team_win_rate=0.6")
    base_job, game = make_job(game_id, games, bots, seed, players, variant, sets, content)
    params = [parse_param(v, game) for v in varies]
    if len({p.path for p in params}) < len(params):
        raise OptionError("each --vary names a different PATH")
    goals = [parse_target(t, game) for t in targets]
    runner = make_backend(backend, workers, address)
    search = Search(
        game_id, games, params, goals, base_job.bots, seed, players, variant, list(sets or []), content,
        prune, runner, progress,
    )  # fmt: skip
    for p in params:  # some end of every range, or some choice, is valid content; points the
        ends = p.choices if p.kind == "choice" else (p.low, p.high)  # content refuses are skipped
        refused: list[LoopcityError] = []
        for value in ends:
            try:
                search.job({p.path: value})
            except (ContentError, OptionError) as e:
                refused.append(e)
        if len(refused) == len(ends):
            raise refused[0]
    study, method = make_study(params, trials, seed, prune)
    began = time.perf_counter()
    try:
        study.optimize(_objective(search), n_trials=trials)
    finally:
        runner.close()
    return _result(search, method, trials, varies, targets, time.perf_counter() - began)


def _result(
    search: Search, method: str, trials: int, varies: list[str], targets: list[str], seconds: float
) -> dict[str, Any]:
    best = _best(search.records)
    out: dict[str, Any] = {
        "game": search.game_id,
        "games": search.games,
        "seed": search.seed,
        "bots": list(search.bots),
        "method": method,
        "pruning": search.prune,
        "vary": [p.to_json() for p in search.params],
        "targets": [t.to_json() for t in search.targets],
        "trials": search.records,
        "best": None,
        "seconds": seconds,
    }
    if best is None:
        return out
    point = best["point"]
    ev = search.evaluations[tuple(point.values())]
    assert ev.tally is not None
    job, _ = search.job(point)
    out["best"] = {
        "point": point,
        "distance": best["distance"],
        "metrics": best["metrics"],
        "summary": ev.tally.summary(),
        "vs_current": _vs_current(search, point),
    }
    out["command"] = command_line(job.to_json())
    out["tune_command"] = tune_command(search, trials, varies, targets)
    return out


def _vs_current(search: Search, point: dict[str, Any]) -> dict[str, Any] | None:
    """The best point's paired differences from the game as it stands (same seeds), per target."""
    current = tuple(p.current for p in search.params)
    ev_now = search.evaluations.get(current)
    ev_best = search.evaluations[tuple(point.values())]
    if ev_now is None or ev_now is ev_best or ev_now.tally is None or ev_now.tally.n != search.games:
        return None
    out = {}
    for t in search.targets:
        name = t.measure.name
        diff, low, high = paired_interval(ev_now.values[name], ev_best.values[name])
        now = t.measure.estimate(ev_now.values[name])[0]
        out[name] = {
            "current": now,
            "diff": diff,
            "ci95": [low, high],
            "significant": bool(low > 0 or high < 0),
        }
    return {"point": {p.path: p.current for p in search.params}, "measures": out}


def tune_command(search: Search, trials: int, varies: list[str], targets: list[str]) -> str:
    """The ``loopcity tune`` command that runs the same search again."""
    words = ["loopcity", "tune", search.game_id, "--games", str(search.games), "--seed", str(search.seed)]
    words += ["--bots", ",".join(search.bots), "--trials", str(trials)]
    if search.players is not None:
        words += ["--players", str(search.players)]
    if search.variant is not None:
        words += ["--variant", search.variant]
    if search.content is not None:
        words += ["--content", shlex.quote(str(search.content))]
    words += [f"--set {shlex.quote(s)}" for s in search.sets]
    words += [f"--vary {shlex.quote(v)}" for v in varies]
    words += [f"--target {shlex.quote(t)}" for t in targets]
    if not search.prune:
        words.append("--no-prune")
    return " ".join(words)

"""Run a job's games in chunks on a backend: this process, a local process pool, or Ray.

Game ``i`` of a job always has seed ``game_seed(job.seed, i)`` and is played by the same function
(:func:`run_chunk`) whatever the backend, so results are the same with 1 worker, 16 workers or a Ray
cluster. Results come back chunk by chunk, are put back in game order and streamed to the caller
(a Parquet writer and a running :class:`~loopcity.sim.core.Tally`), so memory stays flat.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from ..engine import Game, LoopcityError, OptionError
from .core import GameResult, Tally, game_seed, play_one
from .job import SimJob

Chunk = tuple[int, int]
"""A range of game indices ``[start, stop)``."""

_games: dict[str, Game] = {}
KEEP_GAMES = 16
"""How many configured games a process keeps (a tune or a sensitivity run plays many configurations)."""


def _game_for(job: SimJob) -> Game:
    """The job's game, built once per process (the oldest of more than ``KEEP_GAMES`` is dropped)."""
    key = repr((job.game_id, sorted(job.options.items(), key=lambda kv: kv[0]), job.source))
    game = _games.get(key)
    if game is None:
        game = _games[key] = job.load()
        while len(_games) > KEEP_GAMES:
            del _games[next(iter(_games))]
    return game


class GameFailed(LoopcityError):
    """A game of a run raised (a rule bug, or a change that keeps the game from ending); the message
    names the game's index and seed, so that ``play_one(game, seed, bots)`` replays it."""


def run_chunk(job: SimJob, start: int, stop: int) -> list[GameResult]:
    """Play games ``start``..``stop - 1`` of ``job`` (the unit of work of every backend)."""
    game = _game_for(job)
    results = []
    for i in range(start, stop):
        seed = game_seed(job.seed, i)
        try:
            results.append(play_one(game, seed, job.bots, i))
        except Exception as e:
            raise GameFailed(f"game {i} of the run (seed {seed}) failed: {type(e).__name__}: {e}") from e
    return results


def make_chunks(games: int, workers: int, most: int = 50, start: int = 0) -> list[Chunk]:
    """Split games ``start``..``start + games - 1`` into contiguous chunks: about 16 per worker for
    even load and a smooth progress bar, at most ``most`` games each."""
    size = max(1, min(most, math.ceil(games / max(1, workers * 16))))
    stop = start + games
    return [(s, min(stop, s + size)) for s in range(start, stop, size)]


class Backend(Protocol):
    """Runs chunks of a job; yields ``(chunk number, results)`` as chunks finish, in any order."""

    name: str
    workers: int

    def map(self, job: SimJob, chunks: list[Chunk]) -> Iterator[tuple[int, list[GameResult]]]: ...

    def close(self) -> None: ...


class InProcess:
    """Every chunk in this process, one after the other (``--workers 1``)."""

    name = "local"
    workers = 1

    def map(self, job: SimJob, chunks: list[Chunk]) -> Iterator[tuple[int, list[GameResult]]]:
        _games.clear()  # content files may have changed since an earlier run in this process
        for k, (start, stop) in enumerate(chunks):
            yield k, run_chunk(job, start, stop)

    def close(self) -> None:
        pass


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_numbered(task: tuple[int, SimJob, int, int]) -> tuple[int, list[GameResult]]:
    k, job, start, stop = task
    return k, run_chunk(job, start, stop)


class LocalPool:
    """A pool of worker processes on this machine (all cores by default)."""

    name = "local"

    def __init__(self, workers: int | None = None, method: str | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        _games.clear()  # forked workers inherit this process's memory: no stale games
        if method is None:  # fork starts fastest; spawned workers import and register the game
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        self._pool = multiprocessing.get_context(method).Pool(self.workers, initializer=_ignore_sigint)
        self._stopped = False

    def map(self, job: SimJob, chunks: list[Chunk]) -> Iterator[tuple[int, list[GameResult]]]:
        tasks = ((k, job, start, stop) for k, (start, stop) in enumerate(chunks))
        try:
            yield from self._pool.imap_unordered(_run_numbered, tasks)
        except BaseException:  # a failed game, Ctrl-C, or the caller giving up: stop the workers
            self._stopped = True
            raise

    def close(self) -> None:
        if self._stopped:
            self._pool.terminate()
        else:
            self._pool.close()
        self._pool.join()


class RayBackend:
    """Ray tasks, one per chunk: joins the cluster at ``address`` or starts a local one."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise OptionError("the Ray backend needs Ray: pip install 'loopcity[ray]'") from None
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address:
                kwargs["address"] = address
            else:  # a new local cluster, never one that happens to be running here
                kwargs["address"] = "local"
                if workers:
                    kwargs["num_cpus"] = workers
            ray.init(**kwargs)
            self.started = True
        self.workers = int(ray.cluster_resources().get("CPU", 1))
        self._task = ray.remote(run_chunk)

    def map(self, job: SimJob, chunks: list[Chunk]) -> Iterator[tuple[int, list[GameResult]]]:
        ray = self.ray
        job_ref = ray.put(job)
        pending = {self._task.remote(job_ref, start, stop): k for k, (start, stop) in enumerate(chunks)}
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    yield pending.pop(ref), self._get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref)

    def _get(self, ref: Any) -> list[GameResult]:
        """A task's results; a game's failure is raised as itself, without Ray's wrapping."""
        try:
            return self.ray.get(ref)
        except self.ray.exceptions.RayTaskError as e:
            if isinstance(e.cause, LoopcityError):
                raise e.cause from None
            raise

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()


def make_backend(backend: str = "local", workers: int | None = None, address: str | None = None) -> Backend:
    """``local`` (a process pool; this process alone with one worker) or ``ray``."""
    if backend == "ray":
        return RayBackend(address, workers)
    if backend != "local":
        raise OptionError(f"backend must be 'local' or 'ray', not {backend!r}")
    if address:
        raise OptionError("--address is for the Ray backend (--backend ray)")
    if workers is not None and workers < 1:
        raise OptionError(f"workers must be at least 1, got {workers}")
    n = workers or os.cpu_count() or 1
    return InProcess() if n == 1 else LocalPool(n)


def in_order(chunks: list[Chunk], finished: Iterable[tuple[int, list[GameResult]]]) -> Iterator[GameResult]:
    """The results of finished chunks in game order (chunks that finish early wait in a buffer)."""
    waiting: dict[int, list[GameResult]] = {}
    nxt = 0
    for k, results in finished:
        waiting[k] = results
        while nxt in waiting:
            yield from waiting.pop(nxt)
            nxt += 1


def play_range(
    job: SimJob,
    backend: Backend,
    start: int,
    stop: int,
    sink: Callable[[GameResult], None],
    progress: Callable[[int], None] | None = None,
) -> None:
    """Play games ``start``..``stop - 1`` of ``job`` on ``backend`` (the same games, seeds and rows
    as in a whole run); each result goes to ``sink`` in game order and ``progress(n)`` is told of
    each finished chunk. Runs that stop early and go on later (a tuner's stages) use it."""
    chunks = make_chunks(stop - start, backend.workers, start=start)

    def finished() -> Iterator[tuple[int, list[GameResult]]]:
        for k, results in backend.map(job, chunks):
            if progress is not None:
                progress(len(results))
            yield k, results

    for result in in_order(chunks, finished()):
        sink(result)


def run_job(
    job: SimJob,
    backend: Backend,
    sink: Callable[[GameResult], None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play every game of ``job`` on ``backend``; each result goes to ``sink`` in game order and
    ``progress(n)`` is told of each finished chunk. Returns the summary (with timing)."""
    tally = Tally(job.game_id)
    began = time.perf_counter()

    def add(result: GameResult) -> None:
        tally.add(result)
        if sink is not None:
            sink(result)

    play_range(job, backend, 0, job.games, add, progress)
    seconds = time.perf_counter() - began
    summary = tally.summary()
    summary["seconds"] = seconds
    summary["games_per_s"] = job.games / seconds if seconds > 0 else 0.0
    return summary


def simulate(
    job: SimJob,
    game: Game,
    backend: str | Backend = "local",
    workers: int | None = None,
    address: str | None = None,
    out: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Run ``job`` (whose configured ``game`` was checked by :func:`make_job`) on a backend (a name,
    or a backend made by :func:`make_backend` to reuse over several runs; the caller closes that one);
    with ``out``, write the result folder. Returns the summary."""
    from .store import ResultWriter, metric_names

    own = isinstance(backend, str)
    runner = make_backend(backend, workers, address) if isinstance(backend, str) else backend
    writer = ResultWriter(out, metric_names(game)) if out else None
    meta = {
        "job": job.to_json(),
        "config": game.config(),
        "rules_version": game.spec.rules_version,
        "content_hash": game.content_hash,
        "backend": runner.name,
        "workers": runner.workers,
    }
    try:
        summary = run_job(job, runner, writer.add if writer else None, progress)
    except BaseException:
        if writer is not None:  # keep the games played so far, marked as an interrupted run
            writer.close({**meta, "interrupted": True})
        raise
    finally:
        if own:
            runner.close()
    if writer is not None:
        writer.close({**meta, "summary": summary})
    return summary

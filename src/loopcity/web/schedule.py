"""When bots and clocks act: the scheduling of a table's bots and wall clocks.

The authority (:class:`~loopcity.web.tables.TableManager`) decides whether a move stands and keeps it;
the :class:`Schedule` decides *when* a bot or a clock makes one: after each change it looks whether a
bot seat may act (and waits ``bot_delay`` so people see each move), asks the bot workers for the
decision (:class:`~loopcity.web.botwork.BotWorkers`) and hands the move to the authority; it starts and
stops the games' wall clocks (RECLAIM's event timer, SUSTAIN's discussion clock) and plays a clock's
action when its time is up. It never stores or sends anything itself.

With several processes on one PostgreSQL database, a table's bots and clocks run only in the process
that holds the table's lease (:mod:`loopcity.web.processes`); the others show its countdown and leave
the rest to that process, until it dies and one of them takes the lease over.

A countdown belongs to the table, not to a process: when it started is worked out by whoever stores the
change that starts or stops it (:meth:`Schedule.starts`) and stored with that change, with the table's
version (:meth:`~loopcity.web.db.Database.add_move`). Every process reads it from there, so pages on
every process show the same deadline, and the process that takes a table over rings its clock at the
stored deadline (at once, when it passed during the takeover). A ring more than a whole period late (a
table nobody had open, coming back to memory) rings once and starts the next period then, rather than
ringing every period it missed. The processes' wall clocks must agree (NTP) when they run on several
machines.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from typing import TYPE_CHECKING, Any

from ..engine import Game, LoopcityError, RandomBot, subseed, waits_for_people
from ..engine.clocks import Countdowns, clock_minutes
from ..engine.text import LANGUAGE
from .botwork import BotWorkers
from .settings import Settings

if TYPE_CHECKING:
    from .tables import LiveTable, TableManager

log = logging.getLogger("loopcity.web")


def source_words() -> contextvars.Context:
    """A context that reads in English, the language a game's log keeps plain lines in (they are
    translated when read): a table's state is built in it, never in the language of whoever's request
    happened to start the work (bots, clocks, rebuilding a table, a timeline)."""
    ctx = contextvars.copy_context()
    ctx.run(LANGUAGE.set, "en")
    return ctx


class Schedule:
    """Runs every live table's bots and clocks for the authority ``tables``."""

    def __init__(self, tables: TableManager, settings: Settings) -> None:
        self.tables = tables
        self.settings = settings
        self.workers = BotWorkers(settings.bot_workers, settings.bot_seconds)

    def kick(self, t: LiveTable) -> None:
        """The table changed (a move, a resume, a rebuild): start its bot if one may act, and start or
        stop its clock. Only the process that runs the table does (:meth:`runs`)."""
        if not self.runs(t):
            self.clock(t, ring=False)
            return
        if t.bot_to_move() is not None and (t.bot_task is None or t.bot_task.done()):
            t.bot_task = asyncio.get_running_loop().create_task(self._bots(t), context=source_words())
        self.clock(t)

    def runs(self, t: LiveTable) -> bool:
        """Whether this process runs the table's bots and clocks (always, alone on its database)."""
        return self.tables.processes.owns(t.id)

    async def _bots(self, t: LiveTable) -> None:
        from .tables import Refusal, Stale

        while True:
            await asyncio.sleep(self.settings.bot_delay)
            async with t.lock:
                if self.tables.live.get(t.id) is not t or not self.runs(t):
                    return
                seat = t.bot_to_move()
                if seat is None:
                    return
                try:
                    action = await self.workers.choose(t.bots[seat], t.state, seat)
                    if waits_for_people(t.state, seat, action, t.people()):
                        t.waiting.add(seat)  # it says "done" once the people have decided
                        await self.tables.hub.publish(t, t.version, again=True)  # pages say it waits
                        continue
                    await self.tables.commit(t, seat, action)
                except Stale:  # another process stored a move first: look at the table as it is now
                    with contextlib.suppress(Refusal):
                        await self.tables.reload(t)
                    continue
                except Refusal as e:
                    if e.status == 503:  # the database did not answer in time: try again after the pause
                        log.warning("table %s: a bot's move was not stored (%s)", t.id, e.reason)
                        continue
                    if not self._replace(t, seat):
                        return
                    continue
                except Exception:
                    if not self._replace(t, seat):
                        return
                    continue
            await self.tables.after_move(t)

    def _replace(self, t: LiveTable, seat: int) -> bool:
        """A bot failed: the random bot takes its seat (False: it was the random bot already)."""
        log.exception("bot for seat %s of table %s failed; a random bot takes over", seat, t.id)
        if isinstance(t.bots[seat], RandomBot):
            return False
        t.bots[seat] = RandomBot(t.state.game, seat, subseed(t.seed, "fallback", seat))
        return True

    def periods(self, game: Game, minutes: dict[str, float] | None = None) -> dict[str, float]:
        """Each wall clock's period in seconds at tables of ``game`` (see Clock for the order);
        ``minutes`` are a table's own, by clock kind (a class sets them for its tables)."""
        out = {}
        hook = self.settings.clock_seconds or {}
        for kind, clock in game.clocks.items():
            if kind in hook:
                out[kind] = float(hook[kind])
                continue
            if minutes and isinstance(minutes.get(kind), int | float) and minutes[kind] > 0:
                out[kind] = float(minutes[kind]) * 60
                continue
            server = self.settings.timer_minutes if clock.repeats else self.settings.clock_minutes
            out[kind] = clock_minutes(game, clock, server) * 60
        return out

    @staticmethod
    def starts(t: LiveTable, state: Any, settings: dict[str, Any] | None = None) -> dict[str, float] | None:
        """The table's countdowns once ``state`` (and ``settings``) are current, to be stored with the
        change: when each running one started, by clock kind (one that goes on keeps its start, one
        that becomes available starts now; none while paused or ended). None: the game has no wall
        clock (nothing to store)."""
        if not t.countdowns.periods:
            return None
        settings = t.settings if settings is None else settings
        if settings.get("paused") or settings.get("ended"):
            return {}
        after = Countdowns(t.countdowns.periods)
        after.started = dict(t.countdowns.started)
        after.update(state, time.time())
        return after.started

    def clock(self, t: LiveTable, ring: bool = True) -> None:
        """Run a game's wall clocks: a clock action is played once its period has passed while it
        stayed available; the countdown, shown to all, starts when it becomes available and is dropped
        when it stops being (or the table pauses). Its start is the stored one (:meth:`starts`).
        ``ring=False``: only show the countdown (another process plays the clock's action)."""
        stopped = t.paused or t.ended
        available = [] if stopped else t.countdowns.update(t.state, time.time())
        if stopped:
            t.countdowns.started.clear()
        running = t.clock_task is not None and not t.clock_task.done()
        if not available:
            if running:
                t.clock_task.cancel()  # type: ignore[union-attr]
            t.clock_task, t.clock = None, None
            return
        kind = available[0].kind
        deadline = t.countdowns.deadline(kind) or time.time()
        clock = {"kind": kind, "deadline": deadline, "seconds": t.countdowns.periods[kind]}
        if running and ring and t.clock == clock:
            return  # rings at this deadline already
        if running:
            t.clock_task.cancel()  # type: ignore[union-attr]
        t.clock, t.clock_task = clock, None
        if ring:
            t.clock_task = asyncio.get_running_loop().create_task(
                self._ring(t, deadline - time.time()), context=source_words()
            )

    async def _ring(self, t: LiveTable, seconds: float) -> None:
        from .tables import Refusal, Stale

        await asyncio.sleep(max(0.0, seconds))
        async with t.lock:
            if asyncio.current_task() is not t.clock_task:
                return  # set again meanwhile
            t.clock_task = None
            if self.tables.live.get(t.id) is not t or not self.runs(t):
                t.clock = None
                return
            now = time.time()
            due = t.countdowns.due(t.state, now) if not (t.paused or t.ended) else None
            if due is None:  # not yet (woken early) or no longer: count down again, or stop
                self.clock(t)
                return
            period = t.countdowns.periods[due.kind]
            if t.countdowns.started[due.kind] + period <= now:  # a whole period late: start afresh
                t.countdowns.started[due.kind] = now
            try:
                await self.tables.commit(t, 0, due, clock=True)
            except Stale:  # another process moved first: the table is reloaded and its clock set again
                with contextlib.suppress(Refusal):
                    await self.tables.reload(t)
            except (Refusal, LoopcityError):
                pass
        await self.tables.after_move(t)

    @staticmethod
    def stop(t: LiveTable) -> None:
        """Stop the table's bots and clock (they start again when it is next kicked)."""
        for task in (t.bot_task, t.clock_task):
            if task is not None:
                task.cancel()
        t.clock = None

    def close(self) -> None:
        self.workers.close()

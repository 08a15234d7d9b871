"""Bot thinking on the server: a few worker threads shared fairly by every table, with a time cap.

Each table asks for one bot decision at a time and waits for it, and the workers take requests in the
order they came, so the tables with bots to move take turns: a table of four search bots cannot starve
the others. The search bot is told to stop at the cap (its ``time_limit``); a bot that takes far longer
anyway is given up on (its seat goes to a random bot).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from ..bots import make_bot
from ..engine import Action, Bot, Game, OptionError, State


class BotWorkers:
    """Runs bots' ``choose`` in ``workers`` threads, first come first served, capped at ``seconds``."""

    GRACE = 3.0
    """how many times the cap a decision may take before it is given up on"""

    def __init__(self, workers: int, seconds: float) -> None:
        self.seconds = seconds
        self.workers = max(1, workers)
        self._pool: ThreadPoolExecutor | None = None

    def make(self, name: str, game: Game, seat: int, seed: int) -> Bot:
        """The bot ``name`` for a seat, told to stop thinking at the cap when it takes a time limit."""
        try:
            return make_bot(f"{name}:time_limit={self.seconds}", game, seat, seed)
        except OptionError:  # a bot without a time limit (random, the games' own bots: all quick)
            return make_bot(name, game, seat, seed)

    async def choose(self, bot: Bot, state: State, seat: int) -> Action:
        """The bot's decision, thought out in a worker thread; TimeoutError past the grace period."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="loopcity-bot")
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, bot.choose, state, seat)
        return await asyncio.wait_for(future, timeout=self.seconds * self.GRACE + 1.0)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

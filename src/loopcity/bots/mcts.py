"""Monte Carlo tree search for every game: UCT, and information-set MCTS where a game has secrets.

One algorithm serves all five games (docs/bots.md explains it with figures):

- **Open-loop, single-observer information-set MCTS.** The tree is keyed by the sequence of
  (seat, action) steps from the position, not by states. Every iteration starts from a fresh
  ``state.determinize(seat, seed)``: a copy in which everything the deciding seat cannot see (deck
  orders, others' hands and agendas) and all future chance are redrawn. In a game without secrets only
  the chance is redrawn, so the search never foresees a die. An action's statistics are shared by every
  determinization in which it was legal; UCB uses that *availability* count in place of the parent's
  visits (Cowling, Powley and Whitehouse, 2012).
- **Who acts.** The seat asked decides at the root; below it the lowest of the active seats acts, as in
  :func:`loopcity.engine.next_seat`, so shared phases are searched in the order the runner plays them.
- **Rewards** (:func:`rewards`, in [-1, 1]): each node keeps the reward sum of the seat whose action
  leads to it, and each seat picks by its own reward (max^n UCT). Cooperative games give every seat the
  team result; the others give a seat its score relative to the best score when the team won, and -1
  (the worst result) when it lost.
- **Playouts** follow the game's ``heuristic`` bot (when it has one and ``rollout`` allows it) or uniform
  random moves. With a game's ``evaluate`` hook a playout stops after ``rollout_depth`` steps and the
  hook scores the position.
- **Budget**: ``iterations`` per decision (deterministic: same seed, same position, same move); an optional
  ``time_limit`` in seconds stops earlier (then results depend on the machine's speed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from ..engine import Action, Bot, Game, Outcome, Rng, State, derive_seed

Rewards = list[float]


def rewards(outcome: Outcome, players: int, cooperative: bool) -> Rewards:
    """Each seat's reward in [-1, 1] for a finished game: the project's one mapping,
    ``Outcome.returns``. Cooperative games give every seat +1 for a team win and -1 for a loss; the
    others give every seat -1 when the team lost (the worst result) and, when it won, the seat's score
    divided by the best score (the winners get 1; when no score is positive, winners 1 and others 0)."""
    return list(outcome.returns(cooperative))


@dataclass(frozen=True)
class MctsConfig:
    """The search's settings; each is also a bot option (``mcts:iterations=800:rollout=random``)."""

    iterations: int = 200
    """iterations per decision (the deterministic budget)"""
    time_limit: float | None = None
    """seconds per decision; when set the search also stops at this time (not reproducible)"""
    exploration: float = 1.4
    """the UCB constant c in mean + c * sqrt(ln(available) / visits); rewards lie in [-1, 1]"""
    rollout: str = "auto"
    """playout policy: 'heuristic', 'random', or 'auto' (the game's heuristic bot when it has one)"""
    epsilon: float = 0.1
    """in heuristic playouts, the chance of a uniformly random move instead (keeps playouts varied)"""
    rollout_depth: int | None = None
    """playout steps before the game's evaluate hook scores the position (None: to the end, or 40
    steps when the game has an evaluate hook)"""
    shaping: float = 0.2
    """a team loss scores -1 + shaping * (the seats' mean score / the best such mean seen in this
    search), so that among losses the search prefers those with more achieved (0: plain -1)"""
    value: str = "auto"
    """what scores a cut playout: 'auto' (the game's evaluate hook, else its fitted value from
    loopcity.bots.value, else nothing: playouts run to the end) or 'none' (always to the end)"""
    trust: float = 0.0
    """when picking the move, visits credited to the heuristic bot's own choice, as a fraction of the
    iterations (0: off); the search must then beat the heuristic's move clearly to overrule it"""
    root: str = "uct"
    """how the root's actions share the budget: 'uct' (the tree search above) or 'halving'
    (sequential halving over the root's actions, every action played out on the same samples)"""
    margin: float = 0.0
    """with root=halving, how much higher (mean reward, on the same samples) an action must score
    than the heuristic bot's own choice to be played instead of it"""
    confidence: float = 0.0
    """with root=halving, how many standard errors of the paired differences (same samples) an
    action's lead over the heuristic's move must also exceed (0: none)"""
    screen: int = 0
    """with root=halving, playouts of the heuristic's move before any other: when every one of them
    ends with the best reward (a team win, or the seat on top) the move is played at once (0: off)"""


class _Node:
    """One step of the tree: the seat that took it, its visits, availability and reward sum."""

    __slots__ = ("seat", "visits", "avail", "total", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[int, dict[Action, _Node]] = {}


Policy = Callable[[State, int, list[Action]], Action]


class MctsBot:
    """UCT / information-set MCTS for any game (see the module docstring); deterministic for a seed."""

    name = "mcts"

    def __init__(self, game: Game, seat: int = 0, seed: int = 0, **options: Any) -> None:
        base = MctsConfig(**game.spec.search)
        self.config = replace(base, **_coerce(options))
        self.game = game
        self.seed = seed
        spec = game.spec
        self.cooperative = spec.cooperative
        self.evaluate: Callable[[State, int], float] | None = None
        if self.config.value == "auto":
            from .value import fitted_value

            self.evaluate = spec.evaluate or fitted_value(game)
        elif self.config.value != "none":
            raise ValueError(f"value must be auto or none, not {self.config.value!r}")
        if self.config.root not in ("uct", "halving"):
            raise ValueError(f"root must be uct or halving, not {self.config.root!r}")
        heuristic = self.heuristic_factory = spec.bots.get("heuristic")
        use_heuristic = self.config.rollout == "heuristic" or self.config.rollout == "auto"
        if self.config.rollout not in ("auto", "heuristic", "random"):
            raise ValueError(f"rollout must be auto, heuristic or random, not {self.config.rollout!r}")
        self.heuristic = heuristic if use_heuristic else None
        depth = self.config.rollout_depth
        # a playout is cut only where a position value can score the cut; without one it runs on
        if self.evaluate is None:
            self.depth = None
        else:
            self.depth = depth if depth is not None else 40
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.total_iterations = 0
        self.score_high = 1.0

    # ----- the decision -------------------------------------------------------------------------
    def choose(self, state: State, seat: int) -> Action:
        """The most visited action of ``seat`` after the search; the state is never changed."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal[0]
        rng = Rng(derive_seed(self.seed, state.step, seat))
        self.score_high = 1.0
        root = _Node(seat)
        policy = self._policy(rng)
        cfg = self.config
        start = time.perf_counter()
        deadline = start + cfg.time_limit if cfg.time_limit else None
        base = state.clone()
        base.log = []  # the search's copies need no history; a long game's log is costly to copy
        base.keep_log_unread()  # and nobody reads what they log
        if cfg.root == "halving":
            return self._halving(base, state, seat, legal, rng, start, deadline)
        done = 0
        for done in range(1, cfg.iterations + 1):  # noqa: B007
            self._iterate(root, base.determinize(seat, rng.next64()), seat, rng, policy)
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_iterations, self.last_seconds = done, time.perf_counter() - start
        self.total_iterations += done
        favoured, bonus = None, 0.0
        if cfg.trust > 0 and self.heuristic_factory is not None:
            favoured = self.heuristic_factory(self.game, seat, rng.next64()).choose(state, seat)
            bonus = cfg.trust * done
        return self._best(root, seat, legal, favoured, bonus)

    # ----- sequential halving at the root ----------------------------------------------------------
    def _halving(
        self,
        base: State,
        state: State,
        seat: int,
        legal: list[Action],
        rng: Rng,
        start: float,
        deadline: float | None,
    ) -> Action:
        """Sequential halving (Karnin, Koren and Somekh 2013) over the root's actions with common
        random numbers: sample j of every action starts from the same determinization and plays out
        with the same seed, so actions are compared on the same deals and dice. Each round splits
        the budget evenly over the actions still in and keeps the better half; the heuristic bot's
        own move stays in every round, and the last survivor is played only if it beats that move by
        more than ``margin`` on the samples both have. With ``confidence`` the halving spends half
        the budget, and the survivor and the heuristic's move then meet on a quarter of it in fresh
        samples each: a lead won by being the luckiest of many is not taken for a real one."""
        favoured = None
        if self.heuristic_factory is not None:
            favoured = self.heuristic_factory(self.game, seat, rng.next64()).choose(state, seat)
        alive = list(legal)
        results: dict[Action, list[tuple[float | None, float]]] = {a: [] for a in alive}
        seeds: list[int] = []
        done = 0
        screen = self.config.screen if favoured is not None else 0
        if screen:  # the heuristic's move alone first: if it wins every sample, nothing can beat it
            seeds.extend(rng.next64() for _ in range(screen))
            assert favoured is not None
            results[favoured] = [self._sample(base, seat, favoured, x) for x in seeds]
            done = screen
            if all(self._value(r) >= 1.0 for r in results[favoured]):
                self.last_iterations, self.last_seconds = done, time.perf_counter() - start
                self.total_iterations += done
                return favoured
        rounds = max(1, math.ceil(math.log2(len(alive))))
        testing = self.config.confidence > 0 and favoured is not None
        budget = self.config.iterations // 2 if testing else self.config.iterations
        count = 0  # samples each action still in has had
        while len(alive) > 1 and not (deadline is not None and time.perf_counter() > deadline):
            per = max(1, (budget - done) // (rounds * len(alive)))
            rounds = max(1, rounds - 1)
            # every action shares the screen's samples only as far as the budget allows
            count = max(count + per, min(len(seeds), (budget - done) // len(alive)))
            seeds.extend(rng.next64() for _ in range(count - len(seeds)))
            for action in alive:
                have = results[action]
                for sample in seeds[len(have) : count]:
                    have.append(self._sample(base, seat, action, sample))
                    done += 1
            ranked = sorted(alive, key=lambda a: -self._mean(results[a]))
            keep = ranked[: (len(ranked) + 1) // 2]
            if favoured is not None and favoured not in keep:
                keep.append(favoured)
            if len(keep) == len(alive):  # two left, one of them the heuristic's: compare and stop
                break
            alive = keep
        best = max(alive, key=lambda a: self._mean(results[a]))
        if favoured is not None and best != favoured:
            if deadline is not None and time.perf_counter() > deadline:
                testing = False  # out of time: no fresh test, only what the samples so far show
            if testing:  # the survivor's lead is biased upward by its selection: test it afresh
                fresh = [rng.next64() for _ in range(max(4, self.config.iterations // 4))]
                results = {a: [self._sample(base, seat, a, x) for x in fresh] for a in (best, favoured)}
                done += 2 * len(fresh)
            if not self._clearly_better(results[best], results[favoured]):
                best = favoured
        self.last_iterations, self.last_seconds = done, time.perf_counter() - start
        self.total_iterations += done
        return best

    def _clearly_better(
        self, best: list[tuple[float | None, float]], favoured: list[tuple[float | None, float]]
    ) -> bool:
        """Whether ``best`` leads ``favoured`` on their common samples by more than ``margin`` and by
        more than ``confidence`` standard errors of the paired differences."""
        diffs = [self._value(b) - self._value(f) for b, f in zip(best, favoured, strict=False)]
        if not diffs:
            return False
        lead = sum(diffs) / len(diffs)
        if lead <= self.config.margin:
            return False
        if self.config.confidence <= 0:
            return True
        # one extra difference as wide as the widest seen, against the lead: a handful of samples
        # that happen to agree is never taken for certainty, on any game's scale of rewards
        diffs.append(-max(abs(d) for d in diffs))
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > self.config.confidence * math.sqrt(var / n)

    def _sample(self, base: State, seat: int, action: Action, seed: int) -> tuple[float | None, float]:
        """One playout after ``action`` from the determinization ``seed``: (the seat's reward, or
        None for a team loss, and the seats' mean score), so losses are shaped when compared."""
        state = base.determinize(seat, seed)
        state.apply_trusted(seat, action)
        rng = Rng(seed)
        values = self._playout(state, rng, self._policy(rng), shape=False)
        if values is None:
            outcome = state.outcome()
            assert outcome is not None
            mean = sum(outcome.scores) / len(outcome.scores) if outcome.scores else 0.0
            self.score_high = max(self.score_high, mean)
            return None, mean
        return values[seat], 0.0

    def _value(self, sample: tuple[float | None, float]) -> float:
        """A sample's reward: the seat's, or for a team loss -1 lifted by the playout's mean score."""
        value, mean = sample
        if value is not None:
            return value
        return -1.0 + self.config.shaping * max(0.0, mean) / self.score_high

    def _mean(self, samples: list[tuple[float | None, float]]) -> float:
        return sum(map(self._value, samples)) / len(samples) if samples else -2.0

    def _best(
        self, root: _Node, seat: int, legal: list[Action], favoured: Action | None, bonus: float
    ) -> Action:
        kids = root.children.get(seat, {})
        best, key = legal[0], (-1.0, -2.0)
        for action in legal:
            child = kids.get(action)
            if child is not None and child.visits:
                extra = bonus if action == favoured else 0.0
                k = (child.visits + extra, child.total / child.visits)
                if k > key:
                    best, key = action, k
        return best

    # ----- one iteration --------------------------------------------------------------------------
    def _iterate(self, root: _Node, state: State, seat: int, rng: Rng, policy: Policy) -> None:
        path = [root]
        node, actor = root, seat
        c = self.config.exploration
        while True:
            legal = state.legal_actions(actor)
            if len(legal) == 1 and node is not root:  # a forced step takes no node
                state.apply_trusted(actor, legal[0])
                if state.is_terminal():
                    break
                actor = state.active_seats()[0]
                continue
            kids = node.children.get(actor)
            if kids is None:
                kids = node.children[actor] = {}
            action, child = _select(kids, legal, actor, c, rng)
            path.append(child)
            state.apply_trusted(actor, action)
            node = child
            if state.is_terminal() or child.visits == 0:
                break
            actor = state.active_seats()[0]
        values = self._playout(state, rng, policy)
        assert values is not None
        for n in path:
            n.visits += 1
            n.total += values[n.seat]

    def _playout(self, state: State, rng: Rng, policy: Policy, shape: bool = True) -> Rewards | None:
        """Play on to the end (or the cut) and score; with ``shape=False`` a team loss gives None."""
        players = state.players
        limit = self.game.spec.max_steps
        steps = 0
        depth = self.depth
        # the state's own methods, looked up once: a playout takes hundreds of steps
        is_terminal, active_seats = state.is_terminal, state.active_seats
        legal_for, apply = state._legal_for, state.apply_trusted
        while not is_terminal():
            if (depth is not None and steps >= depth) or state.step >= limit:
                return self._estimate(state, players)
            actor = active_seats()[0]
            legal = legal_for(actor)  # legal_actions(actor) without asking again who may act
            action = legal[0] if len(legal) == 1 else policy(state, actor, legal)
            apply(actor, action)
            steps += 1
        outcome = state.outcome()
        assert outcome is not None
        if outcome.team_won is not False or not self.config.shaping:
            return rewards(outcome, players, self.cooperative)
        if not shape:
            return None
        return [self._shaped_loss(outcome)] * players

    def _shaped_loss(self, outcome: Outcome) -> float:
        mean = sum(outcome.scores) / len(outcome.scores) if outcome.scores else 0.0
        if mean > self.score_high:
            self.score_high = mean
        return -1.0 + self.config.shaping * max(0.0, mean) / self.score_high

    def _estimate(self, state: State, players: int) -> Rewards:
        if self.evaluate is None:
            return [0.0] * players
        return [min(1.0, max(-1.0, float(self.evaluate(state, s)))) for s in range(players)]

    def _policy(self, rng: Rng) -> Policy:
        def uniform(state: State, seat: int, legal: list[Action]) -> Action:
            return legal[rng.below(len(legal))]

        if self.heuristic is None:
            return uniform
        factory = self.heuristic
        base = rng.next64()
        bots: dict[int, Bot] = {}
        eps = self.config.epsilon

        def guided(state: State, seat: int, legal: list[Action]) -> Action:
            if eps > 0 and rng.random() < eps:
                return legal[rng.below(len(legal))]
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = factory(self.game, seat, derive_seed(base, seat))
            return bot.choose(state, seat)

        return guided


def _select(
    kids: dict[Action, _Node], legal: list[Action], actor: int, c: float, rng: Rng
) -> tuple[Action, _Node]:
    """UCB over the legal actions (an untried one first, chosen at random); counts availability."""
    untried: list[Action] = []
    tried: list[tuple[Action, _Node]] = []
    for a in legal:
        child = kids.get(a)
        if child is None:
            untried.append(a)
        else:
            child.avail += 1
            tried.append((a, child))
    if untried:
        action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
        child = kids[action] = _Node(actor)
        child.avail = 1
        return action, child
    best_score = -1e9
    chosen, best = tried[0]
    log = math.log
    sqrt = math.sqrt
    for a, child in tried:
        score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
        if score > best_score:
            best_score, best, chosen = score, child, a
    return chosen, best


def _coerce(options: dict[str, Any]) -> dict[str, Any]:
    """Bot options given as text (from a bot name) turned into the config's types."""
    known = {f.name: f for f in fields(MctsConfig)}
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key not in known:
            raise ValueError(f"mcts has no option {key!r}; options: {', '.join(known)}")
        if isinstance(value, str):
            value = _from_text(key, value)
        out[key] = value
    return out


def _from_text(key: str, text: str) -> Any:
    if text.lower() == "none" and key in ("time_limit", "rollout_depth"):
        return None
    if key in ("iterations", "rollout_depth", "screen"):
        return int(text)
    if key in ("time_limit", "exploration", "epsilon", "trust", "shaping", "margin", "confidence"):
        return float(text)
    return text

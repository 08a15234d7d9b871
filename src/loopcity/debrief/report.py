"""The debrief of a table, drawn from its own data: metric timelines, key moments, each seat's
contribution and learning points, with CSV and PDF exports. A running table's debrief is the game so
far (``status`` "running"); a table the teacher ended early is debriefed as it stood ("ended").

Everything comes from the game's :class:`~loopcity.debrief.timeline.Timeline` (one replay of its moves): the
game's ``metrics`` after every move, its log and its moves. A game adds its own rules in a module
``debrief`` beside its state class (found by :func:`loopcity.debrief.timeline.game_hooks`); each name is
optional:

- ``LABELS``: ``{metric: "name people use"}`` (English, read through the translations where shown);
- ``figures(state) -> dict[str, float]``: extra per-step figures the rules need (computed in the same
  replay as the metrics);
- ``key_moments(d: Debrief) -> list[Moment]``: the game's own moments (crises, near-losses);
- ``learning_points(d: Debrief) -> list[str]``: sentences tied to this table's numbers;
- ``ACTION_NAMES``: ``{action kind: "short name people use"}`` (English, read through ``_``);
- ``role(state, seat) -> str | None``: the seat's role in words (RECLAIM's role, a Department);
- ``agendas(d: Debrief) -> list[dict]``: secrets revealed once the game is over (RECLAIM's Hidden
  agendas), each ``{"seat", "agenda", "reached"}`` in words;
- ``KEY_SERIES``: the metrics a class compares table by table (the first three otherwise);
- ``question_facts(d: Debrief) -> dict``: named figures the discussion questions are filled with.
"""

from __future__ import annotations

import bisect
import csv
import io
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..engine import Action, Game
from ..engine.text import LANGUAGE, _, ngettext, say, translations
from .timeline import Timeline, game_hooks

TOP_CHANGES = 6
STATUSES = ("running", "finished", "ended")
"""A table's status: the game goes on (its debrief so far), it reached its end, or the teacher ended it."""


@dataclass
class Moment:
    """A key moment: the step (move number) it happened at, its round, what kind and what happened."""

    step: int
    round: int
    kind: str
    text: str


def metric_labels(game: Game, names: Iterable[str]) -> dict[str, str]:
    """Each metric's name as people read it, in the reader's language: the game's ``LABELS`` (see the
    module docstring) through the translations, else the metric's id in words."""
    labels = getattr(game_hooks(game), "LABELS", {})
    return {n: _(labels[n]) if labels.get(n) else n.replace("_", " ").capitalize() for n in names}


class Debrief:
    """A table's debrief (the game so far while it runs); games' rules read it through the helpers
    below.

    ``names`` maps a seat (from 0) to the name of the person playing it (a class's students);
    ``seats`` are the table's seats as the web app keeps them (``{"kind": "human" | "bot", ...}``), so
    that people and bots are counted apart; ``status`` is "ended" for a game the teacher ended early
    (otherwise "finished" or "running", read from the game); ``label`` names the table as its people
    know it ("Table 3" in a class; none for a table of its own: the questions then say "this table");
    ``reveal`` shows the secrets of a running game (the teacher's own screen only)."""

    def __init__(
        self,
        tl: Timeline,
        table_id: str = "",
        *,
        names: Mapping[int, str] | None = None,
        seats: Sequence[Mapping[str, Any]] | None = None,
        status: str | None = None,
        label: str = "",
        reveal: bool = False,
    ) -> None:
        self.tl = tl
        self.table_id = table_id
        self.game = tl.game
        self.hooks = game_hooks(tl.game)
        names_ = dict.fromkeys(k for m in tl.metrics for k in m)
        self.names = [n for n in names_ if n != "round"]
        self.labels = metric_labels(tl.game, names_)
        """Each metric's name in the reader's language (the language read when the debrief is made)."""
        self.outcome = tl.final.outcome() if tl.finished else None
        if status is not None and status not in STATUSES:
            raise ValueError(f"status {status!r}: one of {', '.join(STATUSES)}")
        self.status = "ended" if status == "ended" else "finished" if tl.finished else "running"
        self.person = {int(k): str(v) for k, v in (names or {}).items() if str(v).strip()}
        """The name of the person at each seat (from 0), where known."""
        self.seats = list(seats) if seats is not None else None
        self.label = label
        self.reveal = reveal
        """Reveal the game's secrets (Hidden agendas) while it still runs: for the teacher's own
        screen, never a projector's."""

    @property
    def so_far(self) -> bool:
        """Whether this is a running game's debrief so far."""
        return self.status == "running"

    # ----- helpers for the games' rules --------------------------------------------------------
    def series(self, name: str) -> list[float]:
        """The metric after each step (0 = the start; a fresh list, made once)."""
        kept: dict[str, list[float]] = self.__dict__.setdefault("_series", {})
        found = kept.get(name)
        if found is None:
            found = kept[name] = [m.get(name, 0.0) for m in self.tl.metrics]
        return list(found)

    def rounds(self) -> list[int]:
        """The rounds played, in order."""
        return list(dict.fromkeys(self.tl.rounds))

    def round_end(self, name: str) -> dict[int, float]:
        """The metric at the last step of each round."""
        out: dict[int, float] = {}
        for r, m in zip(self.tl.rounds, self.tl.metrics, strict=True):
            out[r] = m.get(name, 0.0)
        return out

    def round_change(self, name: str) -> dict[int, float]:
        """How much the metric changed during each round (from the end of the one before)."""
        ends = self.round_end(name)
        before = self.series(name)[0]
        out = {}
        for r, v in ends.items():
            out[r] = v - before
            before = v
        return out

    def before_round(self, name: str, r: int) -> float:
        """The metric when round ``r`` began (the end of the round before, or the start)."""
        before = self.series(name)[0]
        for rr, v in self.round_end(name).items():
            if rr == r:
                return before
            before = v
        return before

    def near_losses(
        self, name: str, limit: float, near: float, text: Callable[[int, float], str]
    ) -> list[Moment]:
        """Round ends where metric ``name`` stood within ``near`` below the ``limit`` that loses;
        ``text(round, value)`` words each moment."""
        return [
            Moment(self.last_step(r), r, "near-loss", text(r, v))
            for r, v in self.round_end(name).items()
            if limit - near <= v < limit
        ]

    def last_step(self, r: int) -> int:
        """The last step of round ``r``."""
        return max(k for k, rr in enumerate(self.tl.rounds) if rr == r)

    def deltas(self, name: str, kind: str | None = None) -> list[tuple[int, float]]:
        """(move, change of the metric over that move), for every move or only the moves of ``kind``."""
        s = self.series(name)
        return [
            (k, s[k] - s[k - 1])
            for k, (_seat, text) in enumerate(self.tl.moves, start=1)
            if kind is None or text.split(" ", 1)[0] == kind
        ]

    def round_at(self, step: int) -> int:
        return self.tl.rounds[max(0, min(step, self.tl.steps))]

    def first_step(self, name: str, predicate: Any) -> int | None:
        """The first step at which ``predicate(value)`` holds for the metric, or None."""
        return next((k for k, v in enumerate(self.series(name)) if predicate(v)), None)

    def step_of_entry(self, index: int) -> int:
        """The step whose lines include log entry ``index``."""
        return bisect.bisect_right(self.tl.log_end, index)

    def public_lines(self) -> list[tuple[int, str, str]]:
        """(step, kind, text) of every log line everyone could read."""
        return [(self.step_of_entry(i), e[1], say(e[2])) for i, e in enumerate(self.tl.log) if e[3] is None]

    def fmt(self, value: float) -> str:
        return f"{value:g}"

    # ----- words ----------------------------------------------------------------------------------
    @staticmethod
    def kind_word(kind: str) -> str:
        """A key moment's kind as people read it (the game's own kinds through its translations)."""
        words = {
            "event": _("event"),
            "biggest change": _("biggest change"),
            "end": _("end"),
            "near-loss": _("near-loss"),
        }
        return words.get(kind) or _(kind)

    def action_name(self, kind: str) -> str:
        """An action kind as people read it, in every language: the game's short name for it
        (``ACTION_NAMES`` of its debrief rules), else its help text, else its id in words."""
        short = getattr(self.hooks, "ACTION_NAMES", {}).get(kind)
        if short:
            said = self.say(short)
        else:
            known = {k.name: k.help for k in self.game.spec.action_space.kinds}
            said = self.say(known[kind]) if known.get(kind) else kind.replace("_", " ")
        return said[:1].upper() + said[1:]

    def say(self, text: str) -> str:
        """``text`` in the reader's language, the game's own translations first (two games may word
        the same English differently)."""
        language = LANGUAGE.get()
        return text if language == "en" else translations(language, self.game.spec.id).gettext(text)

    def did(self, actions: Mapping[str, int]) -> str:
        """``Move a resource ×19, Treat Waste ×11``: counts of action kinds in words."""
        return ", ".join(f"{self.action_name(k)} ×{n}" for k, n in actions.items())

    def moves_in_words(self) -> list[str]:
        """Every move in words (one replay of the game, kept)."""
        found: list[str] | None = getattr(self, "_moves_said", None)
        if found is None:
            found = []
            state = self.tl.state_at(0)
            for seat, text in self.tl.moves:
                action = Action.parse(text)
                try:
                    found.append(state.label(seat, action).text)
                except Exception:
                    found.append(self.action_name(action.kind))
                state.apply_recorded(seat, action)
            self._moves_said = found
        return found

    def move_words(self, k: int) -> str:
        """Move ``k`` (from 1) in words, as the game labels it for the seat that made it."""
        seat, text = self.tl.moves[k - 1]
        try:
            return self.tl.state_at(k - 1).label(seat, Action.parse(text)).text
        except Exception:  # a move a game cannot label any more: its kind in words
            return self.action_name(text.split(" ", 1)[0])

    def role(self, seat: int) -> str | None:
        """The seat's role in words (the game's ``role`` rule, read at the last step), or None."""
        hook = getattr(self.hooks, "role", None)
        if hook is None:
            return None
        try:
            found = hook(self.tl.final, seat)
        except Exception:
            return None
        return str(found) if found else None

    def who(self, seat: int) -> str:
        """A seat as the class knows it: ``Ada (Treatment)``, ``Seat 2 (Treatment, bot)``, ``Ada``,
        ``Seat 2``: the person's name (else the seat), its role, and whether a bot plays it."""
        name = self.person.get(seat) or _("Seat {n}").format(n=seat + 1)
        details = [r for r in [self.role(seat)] if r]
        if self.is_bot(seat):
            details.append(_("bot"))
        return _("{name} ({role})").format(name=name, role=", ".join(details)) if details else name

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays the seat (as far as the table's seats say)."""
        return bool(
            self.seats is not None and seat < len(self.seats) and self.seats[seat].get("kind") == "bot"
        )

    def variant_words(self) -> str:
        """The variant as people read it: its description (``Scenario 1, your first game``)."""
        name = self.game.variant
        if not name:
            return ""
        try:
            said = self.say(self.game.spec.variant(name).description)
        except Exception:
            said = ""
        return said or name.replace("_", " ")

    def people_words(self) -> str:
        """Who played: ``4 people``, ``2 people and 2 bots``, ``4 bots``; ``4 seats`` when not known."""
        n = self.game.players
        if self.seats is None:
            return ngettext("{n} seat", "{n} seats", n).format(n=n)
        bots = sum(1 for s in self.seats if s.get("kind") == "bot")
        people = len(self.seats) - bots
        if not bots:
            return ngettext("{n} person", "{n} people", people).format(n=people)
        if not people:
            return ngettext("{n} bot", "{n} bots", bots).format(n=bots)
        return _("{people} and {bots}").format(
            people=ngettext("{n} person", "{n} people", people).format(n=people),
            bots=ngettext("{n} bot", "{n} bots", bots).format(n=bots),
        )

    def status_words(self) -> str:
        """Where the game stands: the debrief so far of a running game, ended early, or how it ended."""
        r, k = self.round_at(self.tl.steps), self.tl.steps
        if self.status == "running":
            return _("so far: the game goes on (round {r}, move {k})").format(r=r, k=k)
        if self.status == "ended":
            return _("ended early by the teacher in round {r} (move {k})").format(r=r, k=k)
        return self.tl.final.ending()

    def result_words(self) -> str:
        """``The team won``, ``The team lost``, ``Still playing`` or ``Ended early``."""
        if self.status == "running":
            return _("Still playing")
        if self.outcome is None:
            return _("Ended early")
        if self.outcome.team_won is None:  # a competitive game: no team, its winners
            seats = ", ".join(_("seat {n}").format(n=s + 1) for s in self.outcome.winners)
            return _("Winner(s): {seats}").format(seats=seats)
        return _("The team won") if self.outcome.team_won else _("The team lost")

    def agendas(self) -> list[dict[str, Any]] | None:
        """The secrets the game reveals at its end (RECLAIM's Hidden agendas) with how far each seat
        reached its own, once the game is over or ended; None while it runs (they stay secret) or for
        a game without them (``reveal`` shows them while it runs)."""
        hook = getattr(self.hooks, "agendas", None)
        if hook is None or (self.so_far and not self.reveal):
            return None
        return [{**a, "who": self.who(a["seat"])} for a in hook(self)]

    def agendas_words(self) -> str:
        """Where the game's secrets stand, in words: revealed, or kept until the end ("" for a game
        without them)."""
        if not self.has_secrets:
            return ""
        if self.agendas() is None:
            return _("Hidden agendas stay secret until the game ends.")
        return _("Hidden agendas revealed")

    @property
    def has_secrets(self) -> bool:
        """Whether the game keeps secrets its debrief reveals at the end (RECLAIM's Hidden agendas)."""
        return getattr(self.hooks, "agendas", None) is not None

    def key_series(self) -> list[str]:
        """The metrics a class compares table by table: the game's ``KEY_SERIES``, else the first three."""
        wanted = getattr(self.hooks, "KEY_SERIES", None)
        if wanted:
            return [n for n in wanted if n in self.names]
        return self.names[:3]

    # ----- the parts of the debrief -------------------------------------------------------------
    def events(self) -> list[Moment]:
        return [
            Moment(k, self.round_at(k), "event", text)
            for k, kind, text in self.public_lines()
            if kind == "event"
        ]

    def biggest_changes(self) -> list[Moment]:
        """For each metric, the move that changed it most (relative to the metric's range over the
        game); the largest few, in game order."""
        found: list[tuple[float, int, str, float]] = []
        for name in self.names:
            s = self.series(name)
            span = max(s) - min(s)
            if span <= 0 or len(s) < 2:
                continue
            k = max(range(1, len(s)), key=lambda j: abs(s[j] - s[j - 1]))
            d = s[k] - s[k - 1]
            found.append((abs(d) / span, k, name, d))
        found.sort(key=lambda x: -x[0])
        out = []
        for _w, k, name, d in found[:TOP_CHANGES]:  # only these are worded (a replay each)
            seat, _action = self.tl.moves[k - 1]
            text = _("{metric} {change} at move {k} ({who}: {action})").format(
                metric=self.labels[name], change=f"{d:+g}", k=k, who=self.who(seat), action=self.move_words(k)
            )
            out.append(Moment(k, self.round_at(k), "biggest change", text))
        return sorted(out, key=lambda m: m.step)

    def moments(self) -> list[Moment]:
        """Events, biggest changes, the game's own moments and the end, in game order (made once per
        reader's language)."""
        kept: dict[str, list[Moment]] = self.__dict__.setdefault("_moments_said", {})
        found = kept.get(LANGUAGE.get())
        if found is None:
            found = kept[LANGUAGE.get()] = self._moments()
        return list(found)

    def _moments(self) -> list[Moment]:
        out = self.events() + self.biggest_changes()
        hook = getattr(self.hooks, "key_moments", None)
        if hook is not None:
            out += hook(self)
        if self.outcome is not None:
            out.append(Moment(self.tl.steps, self.round_at(self.tl.steps), "end", self.tl.final.ending()))
        elif self.status == "ended":
            out.append(
                Moment(self.tl.steps, self.round_at(self.tl.steps), "end", _("ended early by the teacher"))
            )
        return sorted(out, key=lambda m: m.step)

    def contributions(self) -> list[dict[str, Any]]:
        """Per seat: how many moves, each kind of action, and the net change of each metric over the
        seat's own moves (what followed them included)."""
        n = self.game.players
        moves = [0] * n
        kinds: list[Counter[str]] = [Counter() for _i in range(n)]
        changes = [dict.fromkeys(self.names, 0.0) for _i in range(n)]
        series = {name: self.series(name) for name in self.names}
        clocks = self.game.spec.action_space.clocks  # the clock's moves are no seat's contribution
        for k, (seat, text) in enumerate(self.tl.moves, start=1):
            kind = text.split(" ", 1)[0]
            if kind in clocks:
                continue
            moves[seat] += 1
            kinds[seat][kind] += 1
            for name, s in series.items():
                changes[seat][name] += s[k] - s[k - 1]
        return [
            {
                "seat": i,
                "who": self.who(i),
                "name": self.person.get(i),
                "role": self.role(i),
                "moves": moves[i],
                "actions": dict(kinds[i].most_common()),
                "did": self.did(dict(kinds[i].most_common())),
                "changes": changes[i],
            }
            for i in range(n)
        ]

    def learning_points(self) -> list[str]:
        hook = getattr(self.hooks, "learning_points", None)
        points = list(hook(self)) if hook is not None else []
        return points or self.generic_points()

    def generic_points(self) -> list[str]:
        """For a game without rules of its own: where each metric changed most in one round."""
        out = []
        for name in self.names:
            change = self.round_change(name)
            if not change:
                continue
            r = max(change, key=lambda x: abs(change[x]))
            if change[r]:
                out.append(
                    _("{metric} changed most in round {r}: {change}.").format(
                        metric=self.labels[name], r=r, change=f"{change[r]:+g}"
                    )
                )
        return out[:6]

    def per_round(self) -> list[dict[str, float]]:
        """Every metric at the end of each round."""
        ends = {n: self.round_end(n) for n in self.names}
        return [{"round": r, **{n: ends[n][r] for n in self.names}} for r in self.rounds()]

    def to_json(self) -> dict[str, Any]:
        outcome = (
            {**self.outcome.to_json(), "ending": self.tl.final.ending()} if self.outcome is not None else None
        )
        return {
            "table": self.table_id,
            "label": self.label,
            "status": self.status,
            "so_far": self.so_far,
            "status_words": self.status_words(),
            "result_words": self.result_words(),
            "game": self.game.id,
            "title": self.game.spec.title,
            "variant": self.game.variant,
            "variant_words": self.variant_words(),
            "players": self.game.players,
            "people_words": self.people_words(),
            "seats": [
                {"seat": i, "who": self.who(i), "name": self.person.get(i), "role": self.role(i)}
                for i in range(self.game.players)
            ],
            "steps": self.tl.steps,
            "round": self.round_at(self.tl.steps),
            "outcome": outcome,
            "metrics": self.names,
            "labels": {n: self.labels[n] for n in self.names},
            "per_round": self.per_round(),
            "moments": [asdict(m) for m in self.moments()],
            "contributions": self.contributions(),
            "learning_points": self.learning_points(),
            "agendas": self.agendas(),
            "agendas_words": self.agendas_words(),
            "key_series": self.key_series(),
            "questions": discussion(self),
        }

    # ----- exports --------------------------------------------------------------------------------
    def csv(self, words: bool = False) -> str:
        """One row per step (0 = the start): step, round, seat, action, then each metric. The header
        row names the columns as programs read them (``step``, the metrics' ids), or, with ``words``,
        in the reader's language (``Zug``, the metrics' names), each action then in words too."""
        buf = io.StringIO()
        w = csv.writer(buf)
        said = self.moves_in_words() if words else []
        if words:
            w.writerow([_("Move"), _("Round"), _("Seat"), _("Action"), *(self.labels[n] for n in self.names)])
        else:
            w.writerow(["step", "round", "seat", "action", *self.names])
        for k, m in enumerate(self.tl.metrics):
            seat, action = self.tl.moves[k - 1] if k else (None, "")
            if words and k:
                action = said[k - 1]
            w.writerow(
                [
                    k,
                    self.tl.rounds[k],
                    "" if seat is None else seat + 1,
                    action,
                    *(self.fmt(m.get(n, 0.0)) for n in self.names),
                ]
            )
        return buf.getvalue()

    def charts(self) -> list[tuple[str, str]]:
        """(label, inline SVG) of each metric over the game."""
        marks = [m.step for m in self.events()]
        return [
            (self.labels[n], line_chart(self.labels[n], self.series(n), self.tl.rounds, marks))
            for n in self.names
        ]


def summary_lines(d: Debrief) -> list[str]:
    """The facts at the head of a table's debrief: the table, who played, the variant, the moves and
    where the game stands (its result and scores once over), in words."""
    o = d.outcome
    facts = [
        *([d.label] if d.label else []),
        d.people_words(),
        *([_("variant: {name}").format(name=d.variant_words())] if d.game.variant else []),
        ngettext("{n} move", "{n} moves", d.tl.steps).format(n=d.tl.steps),
    ]
    if o is None:
        said = d.status_words()
        result = said[:1].upper() + said[1:]
    else:
        scores = ", ".join(f"{d.who(i)} {s:g}" for i, s in enumerate(o.scores))
        result = _("{result} ({cause}); scores {scores}").format(
            result=d.result_words(), cause=d.status_words(), scores=scores
        )
    return [" · ".join(facts), result]


def discussion(d: Debrief) -> list[dict[str, Any]]:
    """The game's discussion questions filled with this table's figures (see
    :mod:`loopcity.debrief.questions`); none when the game has no questions file."""
    from .questions import fill_for

    return fill_for([d])


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def line_chart(
    label: str, values: list[float], rounds: list[int], marks: Sequence[int] = (), w: int = 360, h: int = 150
) -> str:
    """A small SVG line chart of ``values`` over the steps, with a line at each round's start and a
    diamond under each marked step (events). The figures are also written as text: never colour alone.
    Its words are in the reader's language."""
    left, right, top, bottom = 36, 8, 22, 24
    n = max(len(values) - 1, 1)
    lo, hi = min(values, default=0.0), max(values, default=0.0)
    if hi == lo:
        hi, lo = hi + 1, lo - 1 if lo > 0 else lo

    def x(k: float) -> float:
        return left + (w - left - right) * k / n

    def y(v: float) -> float:
        return top + (h - top - bottom) * (hi - v) / (hi - lo)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-label="{_esc(label)}">',
        "<title>{}</title>".format(
            _esc(
                _("{metric}: from {first} to {last} (lowest {low}, highest {high})").format(
                    metric=label,
                    first=f"{values[0]:g}",
                    last=f"{values[-1]:g}",
                    low=f"{min(values):g}",
                    high=f"{max(values):g}",
                )
            )
        ),
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="#fff"/>',
    ]
    starts = [k for k in range(len(rounds)) if k == 0 or rounds[k] != rounds[k - 1]]
    round_mark = _("R{n}")  # a round's start under the chart: R1, R2…
    labelled = -100.0
    for k in starts:
        parts.append(f'<line x1="{x(k):.1f}" y1="{top}" x2="{x(k):.1f}" y2="{h - bottom}" stroke="#dde1e6"/>')
        if x(k) - labelled >= 26:  # a label where there is room for it
            labelled = x(k)
            parts.append(
                f'<text x="{x(k):.1f}" y="{h - 8}" font-size="10" fill="#5a6470">'
                f"{_esc(round_mark.format(n=rounds[k]))}</text>"
            )
    for v in (lo, hi):
        parts.append(
            f'<text x="{left - 4}" y="{y(v) + 4:.1f}" font-size="10" text-anchor="end" fill="#5a6470">{v:g}</text>'
        )
    parts.append(f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" stroke="#5a6470"/>')
    for k in marks:
        cx, cy = x(k), h - bottom
        said = _esc(_("event at step {k}").format(k=k))
        parts.append(
            f'<path d="M{cx:.1f} {cy - 5:.1f} l4 5 l-4 5 l-4 -5 z" fill="#e8a317" stroke="#1b1f24" stroke-width=".6"><title>{said}</title></path>'
        )
    points = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(values))
    parts.append(f'<polyline points="{points}" fill="none" stroke="#0b6e4f" stroke-width="2"/>')
    said = _("{metric}: {first} to {last} (low {low}, high {high})").format(
        metric=label,
        first=f"{values[0]:g}",
        last=f"{values[-1]:g}",
        low=f"{min(values):g}",
        high=f"{max(values):g}",
    )
    parts.append(f'<text x="{left}" y="14" font-size="11" fill="#1b1f24">{_esc(said)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _latin(text: str) -> str:
    """Text for the PDF's built-in font (Latin-1): arrows and symbols written out."""
    for a, b in (
        ("→", "->"),
        ("✔", _("won:")),
        ("✘", _("lost:")),
        ("−", "-"),
        ("…", "..."),
        ("CO₂", "CO2"),
        ("„", '"'),
        ("“", '"'),
        ("”", '"'),
        ("‚", "'"),
        ("‘", "'"),
        ("’", "'"),
        ("–", "-"),
        ("—", "-"),
    ):
        text = text.replace(a, b)
    return text.encode("latin-1", "replace").decode("latin-1")


def pdf(d: Debrief) -> bytes:
    """The debrief as a PDF handout (fpdf2, pure Python): outcome, learning points, the charts, key
    moments, each seat's contribution and the figures at the end of each round, in the reader's
    language (made while it is read)."""
    from fpdf import FPDF

    title = d.game.spec.title
    doc = FPDF(format="A4")
    doc.set_title(_latin(_("{game} debrief").format(game=title)))
    doc.set_creator("Loopcity")
    doc.set_lang(LANGUAGE.get())
    doc.set_auto_page_break(True, margin=14)
    doc.add_page()
    width = doc.w - doc.l_margin - doc.r_margin

    def heading(text: str) -> None:
        doc.set_font("Helvetica", "B", 13)
        doc.ln(2)
        doc.cell(0, 8, _latin(text), new_x="LMARGIN", new_y="NEXT")
        doc.set_font("Helvetica", "", 10)

    def para(text: str) -> None:
        doc.multi_cell(width, 5, _latin(text), new_x="LMARGIN", new_y="NEXT")

    doc.set_font("Helvetica", "B", 17)
    head = _("{game}: debrief so far") if d.so_far else _("{game}: debrief")
    doc.cell(0, 10, _latin(head.format(game=title)), new_x="LMARGIN", new_y="NEXT")
    doc.set_font("Helvetica", "", 10)
    for line in summary_lines(d):
        para(line)
    if d.so_far:
        doc.set_font("Helvetica", "I", 10)
        para(_("The game goes on: this is its debrief so far, and it will change."))
        doc.set_font("Helvetica", "", 10)
    heading(_("Learning points"))
    for p in d.learning_points():
        para(f"- {p}")
    heading(_("Timelines"))
    charts = d.charts()
    col = width / 2 - 2
    for i, (_label, svg) in enumerate(charts):
        if i % 2 == 0 and doc.get_y() > doc.h - 60:
            doc.add_page()
        y = doc.get_y()
        plain = re.sub(r"<title>.*?</title>", "", svg)  # fpdf2 draws no tooltips
        doc.image(io.BytesIO(plain.encode()), x=doc.l_margin + (i % 2) * (col + 4), y=y, w=col)
        if i % 2 == 1 or i == len(charts) - 1:
            doc.set_y(y + col * 150 / 360 + 2)
    heading(_("Key moments"))
    for m in d.moments():
        para(
            _("Move {step} (round {r}) - {what}: {text}").format(
                step=m.step, r=m.round, what=d.kind_word(m.kind), text=m.text
            )
        )
    agendas = d.agendas()
    if agendas:
        heading(_("Hidden agendas revealed"))
        for a in agendas:
            para(
                _("{who}: {agenda} - {reached}").format(
                    who=a["who"], agenda=a["agenda"], reached=a["reached"]
                )
            )
    heading(_("Each seat's contribution"))
    for row in d.contributions():
        moved = ", ".join(f"{d.labels[n]} {v:+g}" for n, v in row["changes"].items() if v)
        para(
            ngettext(
                "{who}: {n} move ({actions}). Over its moves: {changes}.",
                "{who}: {n} moves ({actions}). Over its moves: {changes}.",
                row["moves"],
            ).format(who=row["who"], n=row["moves"], actions=row["did"], changes=moved or _("no change"))
        )
    questions = discussion(d)
    if questions:
        heading(_("Questions to discuss"))
        for q in questions:
            para(f"- {q['text']}")
    heading(_("At the end of each round"))
    doc.set_font("Helvetica", "", 7)
    with doc.table(text_align="RIGHT", line_height=4) as table:
        table.row([_latin(_("Round")), *(_latin(d.labels[n]) for n in d.names)])
        for row in d.per_round():
            table.row([f"{row['round']:g}", *(f"{row[n]:g}" for n in d.names)])
    return bytes(doc.output())

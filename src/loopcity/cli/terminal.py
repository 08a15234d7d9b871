"""Terminal play: hotseat among humans and bots, with help, undo and save."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from ..bots import make_bot
from ..engine import Action, Bot, LoopcityError, Record, State, walkthrough
from ..engine.clocks import Countdowns, clock_minutes
from ..engine.runner import next_seat, waits_for_people
from ..engine.text import Label, _, ngettext, reference_text

COMMANDS = ("help", "rules", "log", "undo", "save", "quit")
"""The words typed at the prompt besides an action; each is also understood in the reader's
language (``hilfe``...), as :func:`command_words` names them."""


def command_words() -> dict[str, str]:
    """Each command's word in the reader's language (the English word is always understood too)."""
    return {
        "help": _("help"),
        "rules": _("rules"),
        "log": _("log"),
        "undo": _("undo"),
        "save": _("save"),
        "quit": _("quit"),
    }


def help_text() -> str:
    """What ``help`` prints, in the reader's language."""
    w = command_words()
    rows = [
        (w["help"], _("this text")),
        (w["rules"], _("the game's reference: costs, cards, tables")),
        (w["log"], _("the last lines of the game log")),
        (w["undo"], _("take back your own last action (when no chance event came after it)")),
        (
            _("{save} FILE").format(save=w["save"]),
            _("save the game record to FILE (continue later with: loopcity play --load FILE)"),
        ),
        (w["quit"], _("leave the game (save first if you want to continue it)")),
    ]
    head = _("Type the number of an action, or its text (shown in brackets, e.g. 'move 3').")
    return "\n".join([head, *(f"  {word.ljust(12)} {what}" for word, what in rows)])


def render(state: State, seat: int | None) -> str:
    """The text rendering of ``seat``'s view, or its JSON when the game has no text renderer."""
    view = state.view(seat)
    renderer = state.game.spec.render_text
    if renderer is not None:
        return renderer(view)
    import json

    return json.dumps(view, indent=1)


def describe_outcome(state: State) -> str:
    """How the game ended, in one line in the reader's language."""
    outcome = state.outcome()
    if outcome is None:
        return _("The game is not over.")
    result = _("The team WON") if outcome.team_won else _("The team LOST")
    if outcome.team_won is None or (not state.game.spec.cooperative and outcome.team_won):
        seats = ", ".join(_("seat {n}").format(n=s + 1) for s in outcome.winners)
        result = _("Winner(s): {seats}").format(seats=seats)
    scores = ", ".join(
        _("seat {n}: {score}").format(n=i + 1, score=f"{s:g}") for i, s in enumerate(outcome.scores)
    )
    return ngettext(
        "{result} — {cause}. Scores: {scores}. ({n} action)",
        "{result} — {cause}. Scores: {scores}. ({n} actions)",
        state.step,
    ).format(result=result, cause=state.ending(), scores=scores, n=state.step)


class TerminalSession:
    """A game at the terminal: which seats are bots, the record so far, the prompt loop."""

    def __init__(
        self,
        record: Record,
        bot_seats: set[int],
        bot_name: str,
        console: Console,
        ask: Callable[[str], str] = input,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.record = record
        self.console = console
        self.ask = ask
        self.clock = clock
        self.state = record.replay(verify=True)
        game = self.state.game
        self.bots: dict[int, Bot] = {s: make_bot(bot_name, game, s, record.seed) for s in bot_seats}
        clocks = game.clocks
        self.countdowns = Countdowns({k: clock_minutes(game, c) * 60 for k, c in clocks.items()})
        self.countdowns.update(self.state, clock())

    def run(self) -> int:
        """Play until the end or until the player quits; returns a process exit code.

        Where several seats may act (a shared phase), the bots act first on their own things, so that
        the people see what they did and can answer it; a bot's "done" waits until the people at the
        table have decided (:func:`loopcity.engine.waits_for_people`)."""
        while not self.state.is_terminal():
            if self._ring_clocks() or self._bot_moved():
                continue
            people = [s for s in self.state.active_seats() if s not in self.bots]
            if not self._human_turn(people[0] if people else next_seat(self.state)):
                return 0
        self.console.print(Panel(Text(render(self.state, None)), title=escape(_("Final table"))))
        self.console.print(Text(describe_outcome(self.state), style="bold"))
        return 0

    def _bot_moved(self) -> bool:
        """Let the first active bot that does not wait for the people act; True when one did."""
        people = [s for s in range(self.state.players) if s not in self.bots]
        for seat in self.state.active_seats():
            if seat not in self.bots:
                continue
            action = self.bots[seat].choose(self.state, seat)
            if waits_for_people(self.state, seat, action, people):
                continue
            line = self.state.describe(seat, action)  # worded from the state it acts on
            self._apply(seat, action)
            self.console.print(Text.assemble((_("bot") + "  ", "dim"), line))
            return True
        return False

    def _ring_clocks(self) -> bool:
        """Play a game's wall-clock action (RECLAIM's event timer, SUSTAIN's discussion clock) once
        its minutes have passed since it became available; True when one rang."""
        action = self.countdowns.due(self.state, self.clock())
        if action is None:
            return False
        seat = self.state.apply_clock(action)
        self.record.add(seat, action, self.state)
        self.countdowns.update(self.state, self.clock())
        minutes = self.countdowns.periods[action.kind] / 60
        if self.state.game.spec.action_space.clocks[action.kind].repeats:
            rang = _("The {minutes}-minute timer rang").format(minutes=f"{minutes:g}")
        else:
            rang = _("The {minutes}-minute clock rang").format(minutes=f"{minutes:g}")
        self.console.print(Text.assemble((rang, "bold"), f" ({action})."))
        return True

    def _apply(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
        self.record.add(seat, action, self.state)
        self.countdowns.update(self.state, self.clock())  # countdowns start when a clock's action may ring

    def _human_turn(self, seat: int) -> bool:
        state = self.state
        title = _("{game} — {seat} to act").format(game=state.game.spec.title, seat=state.seat_name(seat))
        self.console.print(Panel(Text(render(state, seat)), title=escape(title)))
        self.console.print(Text(state.prompt(seat), style="bold"))
        groups: dict[str, list[tuple[Action, Label]]] = {}  # each group whole, as the page lists them
        for a, label in state.labelled(seat, state.legal_actions(seat)):
            groups.setdefault(label.group, []).append((a, label))
        offered = [x for group in groups.values() for x in group]
        legal = [a for a, _label in offered]
        self._list_actions(offered)
        while True:
            try:
                line = self.ask(state.seat_name(seat) + "> ").strip()
            except EOFError:
                self.console.print(Text("\n" + _("Input ended; leaving the game.")))
                return False
            handled = self._command(line, seat, legal)
            if handled is not None:
                return handled

    def _list_actions(self, offered: list[tuple[Action, Label]]) -> None:
        """The legal actions as offered (:meth:`State.labelled`), numbered, in their labels' words,
        grouped as a player thinks of them."""
        group = None
        for i, (a, label) in enumerate(offered, 1):
            if label.group and label.group != group:
                self.console.print(Text(f"  {label.group}", style="bold"))
            group = label.group
            indent = "    " if label.group else "  "
            self.console.print(
                Text.assemble(indent, (f"{i:>3}", "cyan"), f" {label.text}  ", (f"[{a}]", "dim"))
            )

    def _command(self, line: str, seat: int, legal: list[Action]) -> bool | None:
        """Carry out one typed line; None asks again, True continues the game, False quits."""
        typed, _sep, rest = line.partition(" ")
        if not line:
            return None
        said = {w: c for c, w in command_words().items()}
        word = typed if typed in COMMANDS or typed == "reference" else said.get(typed, typed)
        if word == "help":
            self.console.print(Text(help_text()))
        elif word in ("rules", "reference"):
            self.console.print(Text(reference(self.state)))
        elif word == "quit":
            return False
        elif word == "log":
            for row in self.state.log_for(seat, last=15):
                self.console.print(Text.assemble((f"  {row['step']:>4} ", "dim"), row["text"]))
        elif word == "save":
            return self._save(rest.strip())
        elif word == "undo":
            return self._undo(seat)
        else:
            return self._choose(line, seat, legal)
        return None

    def _save(self, path: str) -> bool | None:
        if not path:
            save = command_words()["save"]
            self.console.print(
                Text(_("{save} needs a file name: {save} mygame.json").format(save=save), style="red")
            )
            return None
        try:
            self.record.save(path)
        except OSError as e:
            self.console.print(Text(_("could not save: {e}").format(e=e), style="red"))
            return None
        self.console.print(
            Text(_("Saved to {path}. Continue with: loopcity play --load {path}").format(path=path))
        )
        return None

    def _choose(self, line: str, seat: int, legal: list[Action]) -> bool | None:
        try:
            action = legal[int(line) - 1] if line.isdigit() else Action.parse(line)
            if line.isdigit() and int(line) < 1:
                raise IndexError
            self._apply(seat, action)
        except IndexError:
            self.console.print(Text(_("choose a number from 1 to {n}").format(n=len(legal)), style="red"))
            return None
        except LoopcityError as e:
            self.console.print(Text(str(e), style="red"))
            return None
        return True

    def _undo(self, seat: int) -> bool | None:
        moves = self.record.moves
        mine = [i for i, (s, _) in enumerate(moves) if s == seat]
        if not mine:
            self.console.print(Text(_("you have no action to undo"), style="red"))
            return None
        last = mine[-1]
        previous = self.record.replay(verify=False, upto=last)
        if any(kind == "chance" for step, kind, _t, _s in self.state.log if step >= previous.step):
            self.console.print(Text(_("cannot undo: a chance event came after that action"), style="red"))
            return None
        taken = moves[last][1]
        label = previous.label(seat, Action.parse(taken)).text
        undone = len(moves) - last
        self.record.truncate(last)
        self.state = previous
        self.countdowns.update(self.state, self.clock())
        if undone == 1:
            said = _("Took back: {label} [{action}]")
        elif undone == 2:
            said = _("Took back: {label} [{action}]; the action after it is taken back too")
        else:
            said = _("Took back: {label} [{action}]; the {n} actions after it are taken back too")
        self.console.print(Text(said.format(label=label, action=taken, n=undone - 1)))
        return True


def reference(state: State) -> str:
    """The game's reference as text: what ``rules`` prints and ``loopcity reference GAME`` shows."""
    spec = state.game.spec
    if spec.reference is None:
        head = _("{game} has no reference yet; its actions' help:").format(game=spec.title)
        return head + "\n" + "\n".join(f"  {k.name}: {_(k.help)}" for k in spec.action_space.kinds)
    how = walkthrough.section(spec)
    return reference_text(([how] if how is not None else []) + list(spec.reference(state.game.content)))


def parse_bot_seats(text: str | None, players: int) -> set[int]:
    """``all``, empty, or a comma list of 1-based seats, e.g. ``2,3``."""
    if not text:
        return set()
    if text == "all":
        return set(range(players))
    seats: set[int] = set()
    for part in text.split(","):
        if not part.strip().isdigit() or not 1 <= int(part) <= players:
            raise LoopcityError(
                _("--bots takes 'all' or seats 1..{n} separated by commas, not {text!r}").format(
                    n=players, text=text
                )
            )
        seats.add(int(part) - 1)
    return seats


def summary_json(state: State) -> dict[str, Any]:
    outcome = state.outcome()
    return {"game": state.game.id, "steps": state.step, "outcome": outcome.to_json() if outcome else None}

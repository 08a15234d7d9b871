"""The class debrief: every table of a class side by side, at any moment, in words a class understands.

:func:`build` takes the class's tables (:class:`ClassTable`: a label, a timeline or a game record,
the status, the students' names per seat) and gives a :class:`ClassDebrief`:

- ``to_json()``: the outcomes side by side (a list under ``tables``), the game's key figures over the
  rounds with every table's line on one plot (``plots``), key moments per table, what each table did
  differently (``differences``: the action kinds whose share of the moves differs most between
  tables, in words), names and roles, the discussion questions filled with the class's figures;
- ``html()``: the same as an HTML fragment made for a projector (each section fits 1920×1080) and
  for print (``html(page=True)``: a whole page);
- ``pdf()``: the handout (the class summary, then a page per table);
- ``csv()`` / ``parquet()``: every table's moves and figures, one row per table and step, for
  researchers; ``anonymous=True`` replaces the students' names by seat numbers.

It reads only the tables' timelines (no web app, no database): the web app's class routes and the
terminal call it alike. Tables may play different games; plots, differences and questions are made
per game. Everything is worded in the reader's language (the one read when it is built)."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Record
from ..engine.text import LANGUAGE, _
from .questions import fill_for
from .report import Debrief, Moment, _esc, _latin, summary_lines
from .timeline import Timeline, from_record

MOMENTS_PER_TABLE = 5
"""Key moments shown per table (events, near-losses and the end first, then the biggest changes)."""
DIFFERENCES = 5
"""Action kinds listed in "what each table did differently"."""
STYLE = Path(__file__).parent / "templates" / "class_debrief.css"
"""The class debrief's style sheet."""
COLOURS = ("#0b6e4f", "#b3261e", "#1f5fbf", "#8a5a00", "#6b3fa0", "#00777a", "#a0306e", "#4d4d4d")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2", "12 2", "6 2 2 2")
"""Each table's line has a colour and a dash pattern, and its label at its end: never colour alone."""


@dataclass
class ClassTable:
    """One table of a class: ``label`` ("Table 3"), its game as a ``timeline`` (or a ``record``),
    ``status`` ("running", "finished" or "ended" for one the teacher ended early; read from the game
    when not given), ``names`` (seat from 0 -> the student's name), ``seats`` (the table's seats,
    ``{"kind": "human" | "bot"}``), ``table_id``; ``reveal``: show the Hidden agendas of a running
    game (the teacher's own screen, never the projector)."""

    label: str
    timeline: Timeline | None = None
    record: Record | None = None
    status: str | None = None
    names: Mapping[int, str] = field(default_factory=dict)
    seats: Sequence[Mapping[str, Any]] | None = None
    table_id: str = ""
    reveal: bool = False

    def debrief(self) -> Debrief:
        tl = self.timeline
        if tl is None:
            if self.record is None:
                raise ValueError(f"table {self.label!r}: give its timeline or its record")
            tl = from_record(self.record)
        return Debrief(
            tl,
            self.table_id,
            names=self.names,
            seats=self.seats,
            status=self.status,
            label=self.label,
            reveal=self.reveal,
        )


def build(
    tables: Sequence[ClassTable], *, title: str = "", questions: str | Path | None = None
) -> ClassDebrief:
    """The class debrief of ``tables``, in the reader's language; ``questions``: a questions file to
    use instead of the game's own (a teacher's edited copy; one game's questions)."""
    return ClassDebrief([t.debrief() for t in tables], title=title, questions_file=questions)


def _x_by_round(d: Debrief) -> list[float]:
    """Each step's place on a plot whose x axis is the rounds: round ``r`` spans ``[r, r + 1)``,
    its moves spread evenly across it."""
    rounds = d.tl.rounds
    count = Counter(rounds)
    seen: Counter[int] = Counter()
    out = []
    for r in rounds:
        out.append(r + seen[r] / count[r])
        seen[r] += 1
    return out


def _apart(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Places for labels as near ``wanted`` as they can be, each ``gap`` from the next and all between
    ``low`` and ``high`` where there is room: a stack that would run past ``high`` is pushed up."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    last = low - gap
    for i in order:
        last = placed[i] = max(wanted[i], last + gap)
    limit = high
    for i in reversed(order):
        if placed[i] <= limit:
            break
        placed[i] = limit
        limit -= gap
    return placed


def _flat(series: Iterable[Sequence[float]]) -> bool:
    """Whether a figure has one value at every table (one series each), all along."""
    return len({v for values in series for v in values}) <= 1


def multi_chart(
    label: str, lines: Sequence[tuple[str, Sequence[float], Sequence[float]]], w: int = 900, h: int = 420
) -> str:
    """An SVG plot of one figure with a line per table (``(table label, xs, values)``): colour,
    dash pattern and the table's label with its last value in the right margin, level with its line's
    end (faint dots carry a line that ends sooner on to it); the rounds along the bottom."""
    left, right, top, bottom = 56, 150, 34, 40
    xs = [x for _l, xx, _v in lines for x in xx] or [0.0, 1.0]
    vs = [v for _l, _x, vv in lines for v in vv] or [0.0, 1.0]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    lo, hi = min(vs), max(vs)
    if hi == lo:
        hi, lo = hi + 1, lo - 1 if lo > 0 else lo

    def x(v: float) -> float:
        return left + (w - left - right) * (v - x0) / (x1 - x0)

    def y(v: float) -> float:
        return top + (h - top - bottom) * (hi - v) / (hi - lo)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-label="{_esc(label)}">',
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="#fff"/>',
        f'<text x="{left}" y="22" font-size="20" font-weight="bold" fill="#1b1f24">{_esc(label)}</text>',
    ]
    step = max(1, round((x1 - x0) / 12))
    r = int(x0)
    while r <= x1:
        parts.append(f'<line x1="{x(r):.1f}" y1="{top}" x2="{x(r):.1f}" y2="{h - bottom}" stroke="#dde1e6"/>')
        parts.append(
            f'<text x="{x(r):.1f}" y="{h - 14}" font-size="16" text-anchor="middle" fill="#3a434d">'
            f"{_esc(_('R{n}').format(n=r))}</text>"
        )
        r += step
    for v in (lo, hi):
        parts.append(
            f'<text x="{left - 6}" y="{y(v) + 6:.1f}" font-size="16" text-anchor="end" fill="#3a434d">{v:g}</text>'
        )
    parts.append(f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" stroke="#5a6470"/>')
    drawn = [(i, line) for i, line in enumerate(lines) if line[2]]
    ends = _apart([y(vv[-1]) for _i, (_n, _x, vv) in drawn], 18, top, h - bottom)
    for (i, (name, xx, vv)), ey in zip(drawn, ends, strict=True):
        colour, dash = COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)]
        points = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b in zip(xx, vv, strict=True))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline class="table-line" data-table="{_esc(name)}" points="{points}" fill="none" '
            f'stroke="{colour}" stroke-width="3"{dashed}/>'
        )
        end_x, end_y = x(xx[-1]), y(vv[-1])
        if end_x < w - right - 1 or abs(ey - end_y) > 3:  # faint dots carry the value on to its label
            parts.append(
                f'<polyline class="lead" points="{end_x:.1f},{end_y:.1f} {w - right:.1f},{end_y:.1f} '
                f'{w - right + 6:.1f},{ey:.1f}" fill="none" stroke="{colour}" stroke-width="1.5" '
                'stroke-dasharray="2 4"/>'
            )
        parts.append(
            f'<text class="line-label" x="{w - right + 8}" y="{ey + 6:.1f}" font-size="16" fill="{colour}">'
            f"{_esc(name)}: {vv[-1]:g}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


class ClassDebrief:
    """Every table's debrief side by side (see the module docstring)."""

    def __init__(self, tables: Sequence[Debrief], title: str = "", questions_file: str | Path | None = None):
        self.tables = list(tables)
        self.title = title
        self.questions_file = questions_file
        self.language = LANGUAGE.get()
        by_game: dict[str, list[Debrief]] = {}
        for d in self.tables:
            by_game.setdefault(d.game.id, []).append(d)
        self.by_game = by_game

    # ----- parts -----------------------------------------------------------------------------------
    @staticmethod
    def key_moments(d: Debrief) -> list[Moment]:
        """A table's key moments for the class, at most ``MOMENTS_PER_TABLE``, in game order: its end
        and near-losses first, then its events spread over the game, then its biggest changes."""
        every = d.moments()
        keep = [m for m in every if m.kind == "end"]
        keep += [m for m in every if m.kind == "near-loss"][: MOMENTS_PER_TABLE - len(keep)]
        events = [m for m in every if m.kind not in ("end", "near-loss", "biggest change")]
        room = MOMENTS_PER_TABLE - len(keep)
        if events and room > 0:
            if len(events) > room:  # evenly spread over the game, the first and the last included
                picked = dict.fromkeys(round(i * (len(events) - 1) / max(1, room - 1)) for i in range(room))
                events = [events[i] for i in picked]
            keep += events
        keep += [m for m in every if m.kind == "biggest change"][: max(0, MOMENTS_PER_TABLE - len(keep))]
        return sorted(keep, key=lambda m: m.step)

    def plots(self) -> list[dict[str, Any]]:
        """Per game, each key figure over the rounds with one line per table (none before a table has
        moved)."""
        out = []
        for tables in self.by_game.values():
            for name in tables[0].key_series():
                label = tables[0].labels[name]
                lines = [(d.label, _x_by_round(d), d.series(name)) for d in tables if name in d.names]
                if all(len(line[2]) < 2 for line in lines) or _flat(line[2] for line in lines):  # unchanged
                    continue
                out.append(
                    {
                        "game": tables[0].game.id,
                        "metric": name,
                        "label": label,
                        "tables": [line[0] for line in lines],
                        "last": {line[0]: line[2][-1] for line in lines},
                        "svg": multi_chart(label, lines),
                    }
                )
        return out

    def unchanged(self) -> list[dict[str, Any]]:
        """Per game, the key figures that stayed the same at every table all along, once a table has
        moved (no plot is drawn for them): each with its ``label`` and ``value``."""
        out = []
        for tables in self.by_game.values():
            if all(d.tl.steps == 0 for d in tables):
                continue
            for name in tables[0].key_series():
                series = [d.series(name) for d in tables if name in d.names]
                if _flat(series):
                    label = tables[0].labels[name]
                    out.append(
                        {"game": tables[0].game.id, "metric": name, "label": label, "value": series[0][0]}
                    )
        return out

    def differences(self) -> list[dict[str, Any]]:
        """Per game, the action kinds whose share of a table's moves differs most between tables (the
        largest spread first), each with every table's count and share, in words."""
        out = []
        for tables in self.by_game.values():
            if len(tables) < 2:
                continue
            counts = []
            for d in tables:
                c: Counter[str] = Counter()
                for row in d.contributions():
                    c.update(row["actions"])
                counts.append(c)
            kinds = sorted({k for c in counts for k in c})
            spread = []
            for k in kinds:
                shares = [c[k] / max(1, sum(c.values())) for c in counts]
                spread.append((max(shares) - min(shares), k, shares))
            spread.sort(key=lambda s: -s[0])
            for gap, k, shares in spread[:DIFFERENCES]:
                if gap <= 0:
                    continue
                name = tables[0].action_name(k)
                per: list[dict[str, Any]] = [
                    {"table": d.label, "count": c[k], "share": round(s * 100)}
                    for d, c, s in zip(tables, counts, shares, strict=True)
                ]
                hi = max(per, key=lambda p: int(p["share"]))
                lo = min(per, key=lambda p: int(p["share"]))
                text = _(
                    "{action}: {most} did it most ({n} times, {share}% of its moves), {least} least "
                    "({m} times, {low}%)."
                ).format(
                    action=name,
                    most=hi["table"],
                    n=hi["count"],
                    share=hi["share"],
                    least=lo["table"],
                    m=lo["count"],
                    low=lo["share"],
                )
                out.append(
                    {"game": tables[0].game.id, "action": k, "name": name, "tables": per, "text": text}
                )
        return out

    def questions(self) -> list[dict[str, Any]]:
        """The discussion questions of each game, filled with the class's figures."""
        out = []
        for tables in self.by_game.values():
            out += fill_for(tables, self.questions_file if len(self.by_game) == 1 else None)
        return out

    def table_json(self, d: Debrief) -> dict[str, Any]:
        """One table for the class: its outcome, people, key moments, contributions, agendas."""
        o = d.outcome
        return {
            "label": d.label,
            "table": d.table_id,
            "game": d.game.id,
            "title": d.game.spec.title,
            "status": d.status,
            "so_far": d.so_far,
            "status_words": d.status_words(),
            "result_words": d.result_words(),
            "summary": summary_lines(d),
            "people_words": d.people_words(),
            "variant_words": d.variant_words(),
            "steps": d.tl.steps,
            "round": d.round_at(d.tl.steps),
            "outcome": None if o is None else {**o.to_json(), "ending": d.tl.final.ending()},
            "seats": [
                {"seat": i, "who": d.who(i), "name": d.person.get(i), "role": d.role(i), "bot": d.is_bot(i)}
                for i in range(d.game.players)
            ],
            "figures": {n: {"label": d.labels[n], "value": d.series(n)[-1]} for n in d.key_series()},
            "moments": [{**m.__dict__, "what": d.kind_word(m.kind)} for m in self.key_moments(d)],
            "learning_points": d.learning_points(),
            "contributions": [
                {k: c[k] for k in ("seat", "who", "name", "role", "moves", "did", "actions")}
                for c in d.contributions()
            ],
            "agendas": d.agendas(),
            "agendas_words": d.agendas_words(),
        }

    def to_json(self) -> dict[str, Any]:
        """The class debrief as data (JSON-able); its tables as a list under ``tables``."""
        status = Counter(d.status for d in self.tables)
        return {
            "title": self.title,
            "language": self.language,
            "games": [{"id": g, "title": ts[0].game.spec.title} for g, ts in self.by_game.items()],
            "counts": {
                "tables": len(self.tables),
                "running": status["running"],
                "finished": status["finished"],
                "ended": status["ended"],
                "won": sum(1 for d in self.tables if d.outcome is not None and d.outcome.team_won),
                "lost": sum(1 for d in self.tables if d.outcome is not None and d.outcome.team_won is False),
            },
            "tables": [self.table_json(d) for d in self.tables],
            "moved": any(d.tl.steps > 0 for d in self.tables),
            "plots": self.plots(),
            "unchanged": self.unchanged(),
            "differences": self.differences(),
            "questions": self.questions(),
        }

    # ----- exports ---------------------------------------------------------------------------------
    def html(self, page: bool = False) -> str:
        """The class debrief for a projector (each section fits 1920×1080) and print: an HTML fragment
        to put in a page that links :data:`STYLE`, or with ``page`` a whole page with its style."""
        from jinja2 import Environment, FileSystemLoader, select_autoescape

        from ..engine.text import ngettext

        env = Environment(
            loader=FileSystemLoader(Path(__file__).parent / "templates"),
            autoescape=select_autoescape(["html"]),
            extensions=["jinja2.ext.i18n"],
        )
        template = env.get_template("class_debrief.html")
        css = STYLE.read_text(encoding="utf-8") if page else ""
        return template.render(
            c=self.to_json(), page=page, css=css, lang=self.language, _=_, ngettext=ngettext
        )

    def rows(self, anonymous: bool = False) -> list[dict[str, Any]]:
        """Every table's moves and figures, one row per table and step (0 = the start): the table,
        its status and game, step, round, seat (from 1), the person (their name, or with
        ``anonymous`` the seat's number), role, the action as recorded and in words, then each
        figure (every game's figures as columns; empty where a game has none)."""
        names = list(dict.fromkeys(n for d in self.tables for n in d.names))
        out = []
        for d in self.tables:
            said = d.moves_in_words()
            for k, m in enumerate(d.tl.metrics):
                seat, action = d.tl.moves[k - 1] if k else (None, "")
                person = ""
                if seat is not None:
                    person = _("Seat {n}").format(n=seat + 1) if anonymous else d.person.get(seat, "")
                out.append(
                    {
                        "table": d.label,
                        "status": d.status,
                        "game": d.game.id,
                        "step": k,
                        "round": d.tl.rounds[k],
                        "seat": None if seat is None else seat + 1,
                        "person": person,
                        "role": "" if seat is None else d.role(seat) or "",
                        "bot": None if seat is None else d.is_bot(seat),
                        "action": action,
                        "action_words": said[k - 1] if k else "",
                        **{n: m.get(n) for n in names},
                    }
                )
        return out

    def csv(self, anonymous: bool = False) -> str:
        """:meth:`rows` as CSV (the header names the columns as programs read them)."""
        import csv

        rows = self.rows(anonymous)
        buf = io.StringIO()
        if rows:
            w = csv.DictWriter(buf, fieldnames=list(rows[0]))
            w.writeheader()
            for row in rows:
                w.writerow(
                    {
                        k: ("" if v is None else f"{v:g}" if isinstance(v, float) else v)
                        for k, v in row.items()
                    }
                )
        return buf.getvalue()

    def parquet(self, anonymous: bool = False) -> bytes:
        """:meth:`rows` as a Parquet file (pyarrow), the figures as floats."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = self.rows(anonymous)
        table = pa.Table.from_pylist(rows)
        buf = io.BytesIO()
        pq.write_table(table, buf)
        return buf.getvalue()

    def pdf(self) -> bytes:
        """The class handout (fpdf2): the class summary (outcomes, plots, differences, questions),
        then a page per table (its summary, learning points, key moments, Hidden agendas, each
        person's contribution), in the reader's language."""
        from fpdf import FPDF

        data = self.to_json()
        doc = FPDF(format="A4")
        title = self.title or _("Class debrief")
        doc.set_title(_latin(title))
        doc.set_creator("Loopcity")
        doc.set_lang(self.language)
        doc.set_auto_page_break(True, margin=14)
        width = doc.w - doc.l_margin - doc.r_margin

        def heading(text: str, size: int = 13) -> None:
            doc.set_font("Helvetica", "B", size)
            doc.ln(1)
            doc.multi_cell(width, size * 0.55, _latin(text), new_x="LMARGIN", new_y="NEXT")
            doc.set_font("Helvetica", "", 10)

        def para(text: str) -> None:
            doc.multi_cell(width, 5, _latin(text), new_x="LMARGIN", new_y="NEXT")

        doc.add_page()
        heading(title, 17)
        games = ", ".join(g["title"] for g in data["games"])
        para(_("{games}: {n} tables").format(games=games, n=len(self.tables)))
        heading(_("Outcomes side by side"))
        doc.set_font("Helvetica", "", 8)
        with doc.table(line_height=4, col_widths=(18, 22, 60, 20)) as t:
            t.row([_latin(_("Table")), _latin(_("Result")), _latin(_("Where it stands")), _latin(_("Moves"))])
            for row in data["tables"]:
                t.row(
                    [
                        _latin(row["label"]),
                        _latin(row["result_words"]),
                        _latin(row["status_words"]),
                        str(row["steps"]),
                    ]
                )
        doc.set_font("Helvetica", "", 10)
        heading(_("Key figures, table by table"))
        if not data["moved"]:
            para(_("No table has moved yet: each figure is drawn over the rounds once they do."))
        if data["unchanged"]:
            same = " · ".join(f"{u['label']} {u['value']:g}" for u in data["unchanged"])
            para(f"{_('The same at every table all along:')} {same}.")
        col = width / 2 - 2
        plots = data["plots"]
        for i, p in enumerate(plots):
            if i % 2 == 0 and doc.get_y() > doc.h - 14 - col * 420 / 900:
                doc.add_page()
            y = doc.get_y()
            doc.image(io.BytesIO(p["svg"].encode()), x=doc.l_margin + (i % 2) * (col + 4), y=y, w=col)
            if i % 2 == 1 or i == len(plots) - 1:
                doc.set_y(y + col * 420 / 900 + 2)
        if data["differences"]:
            heading(_("What each table did differently"))
            for diff in data["differences"]:
                para(f"- {diff['text']}")
        if data["questions"]:
            heading(_("Questions to discuss"))
            for q in data["questions"]:
                para(f"- {q['text']}")
        for row in data["tables"]:
            doc.add_page()
            head = _("{table}: debrief so far") if row["so_far"] else _("{table}: debrief")
            heading(head.format(table=row["label"]), 15)
            for line in row["summary"]:
                para(line)
            heading(_("Learning points"), 11)
            for p in row["learning_points"]:
                para(f"- {p}")
            heading(_("Key moments"), 11)
            for m in row["moments"]:
                para(
                    _("Move {step} (round {r}) - {what}: {text}").format(
                        step=m["step"], r=m["round"], what=m["what"], text=m["text"]
                    )
                )
            if row["agendas_words"] and not row["agendas"]:
                para(row["agendas_words"])
            if row["agendas"]:
                heading(_("Hidden agendas revealed"), 11)
                for a in row["agendas"]:
                    para(
                        _("{who}: {agenda} - {reached}").format(
                            who=a["who"], agenda=a["agenda"], reached=a["reached"]
                        )
                    )
            heading(_("Each seat's contribution"), 11)
            for c in row["contributions"]:
                para(f"{c['who']}: {c['did'] or _('no move yet')}")
        return bytes(doc.output())

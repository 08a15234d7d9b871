"""``loopcity``: list games, play in the terminal, replay and debrief records, serve the web app;
simulate, compare, report and bench (see :mod:`.sim`)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..bots import bot_names
from ..engine import LoopcityError, Record, get_spec, list_games, load_game
from ..engine.text import LANGUAGE, _, languages, reading_in
from .sim import register_commands
from .terminal import TerminalSession, describe_outcome, parse_bot_seats, render
from .terminal import reference as reference_text
from .translations import register_commands as register_translations

app = typer.Typer(
    help="Loopcity: serious games about the circular economy.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
console = Console()


def system_language() -> str:
    """The language of the system's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), when Loopcity has
    it; else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        code = os.environ.get(name, "").split(".")[0].split("_")[0].lower()
        if code:
            return code if code in languages() else "en"
    return "en"


LANGUAGE_ASKED = False
"""Whether ``--lang`` was given (a CSV's header row is then in words of that language)."""


@app.callback()
def choose_language(
    lang: Annotated[
        str | None, typer.Option("--lang", help="the language to read: en, de (default: the system's)")
    ] = None,
) -> None:
    """Loopcity: serious games about the circular economy."""
    global LANGUAGE_ASKED
    list_games()  # every installed game's translations, so its languages are known
    chosen = lang or system_language()
    if chosen not in languages():
        fail(f"no language {chosen!r}; languages: {', '.join(languages())}")
    LANGUAGE.set(chosen)
    LANGUAGE_ASKED = lang is not None


def fail(message: str) -> None:
    """Print an error in the reader's language and leave with exit code 2."""
    said = _("error:")
    console.print(f"[red]{escape(said)}[/] {escape(message)}")
    raise typer.Exit(2)


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False) -> None:
    """The games you can play, with player ranges and variants."""
    specs = [{**s.summary(), "bots": bot_names(s)} for s in list_games()]
    if as_json:
        print(json.dumps(specs, indent=1))
        return
    table = Table(_("id"), _("title"), _("players"), _("variants"), _("bots"))
    for s in specs:
        table.add_row(
            s["id"],
            s["title"],
            f"{s['min_players']}-{s['max_players']}",
            ", ".join(v["name"] for v in s["variants"]),
            ", ".join(s["bots"]),
        )
    console.print(table)


@app.command()
def play(
    game_id: Annotated[
        str | None, typer.Argument(metavar="GAME", help="game id (see: loopcity games)")
    ] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    bots: Annotated[str | None, typer.Option(help="bot seats: 'all' or e.g. '2,3'")] = None,
    bot: Annotated[str | None, typer.Option(help="which bot plays the bot seats")] = None,
    seed: Annotated[int, typer.Option(help="random seed")] = 1,
    variant: Annotated[str | None, typer.Option(help="game variant")] = None,
    load: Annotated[Path | None, typer.Option(help="continue a saved game record")] = None,
    content: Annotated[Path | None, typer.Option(help="an edited content file (a local map, say)")] = None,
    sets: Annotated[
        list[str] | None,
        typer.Option("--set", help="PATH=VALUE: an option or a content value by dotted path; repeatable"),
    ] = None,
) -> None:
    """Play in the terminal: hotseat among humans and bots."""
    from ..sim.job import split_sets

    try:
        if load is not None:
            record = Record.load(load)
        elif game_id is None:
            fail(_("name a game (see: loopcity games) or --load a saved one"))
            return
        else:
            set_options, overrides = split_sets(get_spec(game_id), list(sets or []))
            options = {"players": players, "variant": variant, "content": content, **set_options}
            options = {k: v for k, v in options.items() if v is not None}
            game = load_game(game_id, **options, **({"overrides": overrides} if overrides else {}))
            record = Record.start(game.new_state(seed), seed)
        n = record.new_game().players
        bot_name = bot or ("heuristic" if "heuristic" in record.new_game().spec.bots else "random")
        session = TerminalSession(record, parse_bot_seats(bots, n), bot_name, console)
    except LoopcityError as e:
        fail(str(e))
        return
    with reading_in(LANGUAGE.get(), record.game):  # the game's own translations first
        code = session.run()
    raise typer.Exit(code)


@app.command()
def reference(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id (see: loopcity games)")],
    variant: Annotated[str | None, typer.Option(help="game variant")] = None,
    content: Annotated[Path | None, typer.Option(help="an edited content file")] = None,
) -> None:
    """The game's reference, generated from its content: costs, cards and tables."""
    try:
        options = {k: v for k, v in {"variant": variant, "content": content}.items() if v is not None}
        state = load_game(game_id, **options).new_state(0)
    except LoopcityError as e:
        fail(str(e))
        return
    with reading_in(LANGUAGE.get(), game_id):
        console.print(Text(reference_text(state)))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    verify: Annotated[bool, typer.Option("--verify", help="check the state hash after every move")] = False,
) -> None:
    """Replay a game record and print the final table."""
    try:
        record = Record.load(file)
        state = record.replay(verify=verify)
    except LoopcityError as e:
        fail(str(e))
        return
    console.print(render(state, None))
    console.print(describe_outcome(state))
    if verify:
        console.print(Text(_("verified: {n} moves, every state hash matches").format(n=len(record.moves))))


@app.command()
def debrief(
    files: Annotated[
        list[Path], typer.Argument(help="a game's record (JSON); several records: a class debrief of them")
    ],
    pdf_out: Annotated[
        Path | None, typer.Option("--pdf", help="write the debrief handout (PDF) here")
    ] = None,
    csv_out: Annotated[
        Path | None, typer.Option("--csv", help="write the per-move figures (CSV) here")
    ] = None,
    html_out: Annotated[
        Path | None, typer.Option("--html", help="write the class debrief page (HTML) here")
    ] = None,
    parquet_out: Annotated[
        Path | None, typer.Option("--parquet", help="write every table's moves and figures (Parquet) here")
    ] = None,
    questions: Annotated[
        Path | None, typer.Option("--questions", help="discussion questions to use (a questions.toml)")
    ] = None,
) -> None:
    """Print a game's learning points and key moments (the debrief so far of a game not over); write
    its PDF handout and CSV data. Several records make a class debrief: the tables side by side."""
    from ..debrief import Debrief, from_record, pdf
    from ..debrief.classroom import ClassTable
    from ..debrief.classroom import build as build_class

    try:
        timelines = [from_record(Record.load(f)) for f in files]
        if len(timelines) > 1 or html_out is not None or parquet_out is not None or questions is not None:
            label = _("Table {id}")
            c = build_class(
                [ClassTable(label.format(id=i), timeline=tl) for i, tl in enumerate(timelines, start=1)],
                questions=questions,
            )
    except LoopcityError as e:
        fail(str(e))
        return
    if len(timelines) > 1:
        for row in c.to_json()["tables"]:
            console.print(Text.assemble((row["label"], "bold"), f" ({row['title']}): ", row["summary"][-1]))
        for diff in c.differences():
            console.print(Text(f"- {diff['text']}"))
        for q in c.questions():
            console.print(Text(f"? {q['text']}"))
    else:
        tl = timelines[0]
        d = Debrief(tl)
        if tl.finished:
            console.print(Text.assemble((tl.game.spec.title, "bold"), f": {describe_outcome(tl.final)}"))
        else:
            console.print(Text.assemble((tl.game.spec.title, "bold"), f": {d.status_words()}"))
        for point in d.learning_points():
            console.print(Text(f"- {point}"))
        for m in d.moments():
            said = _("move {step} (round {r}) {what}: {text}").format(
                step=m.step, r=m.round, what=d.kind_word(m.kind), text=m.text
            )
            console.print(Text(f"  {said}"))
    if pdf_out is not None:
        pdf_out.write_bytes(pdf(d) if len(timelines) == 1 else c.pdf())
    if csv_out is not None:
        csv_out.write_text(d.csv(words=LANGUAGE_ASKED) if len(timelines) == 1 else c.csv())
    if html_out is not None:
        html_out.write_text(c.html(page=True), encoding="utf-8")
    if parquet_out is not None:
        parquet_out.write_bytes(c.parquet())


register_commands(app)
register_translations(app)


def addresses_said(host: str, port: int, public_url: str | None) -> list[str]:
    """Where the server can be opened, for the person who started it: on every network address the
    machine has when it listens on all of them (phones on the room's network use one of these)."""
    from ..web.netaddr import lan_addresses

    if public_url:
        return [_("Loopcity on {url}  (Ctrl+C stops it)").format(url=public_url)]
    if host in ("0.0.0.0", "::", ""):
        found = lan_addresses()
        lines = [_("Loopcity is listening on every network (Ctrl+C stops it). Open it at:")]
        lines += [f"  http://{a}:{port}/" for a in found] or [
            "  " + _("(no network address found: is the computer on the room's network?)")
        ]
        lines.append(f"  http://127.0.0.1:{port}/  " + _("(this computer only)"))
        return lines
    lines = [_("Loopcity on {url}  (Ctrl+C stops it)").format(url=f"http://{host}:{port}/")]
    if host.startswith("127.") or host == "localhost":
        lines.append(_("Only this computer can open it: for phones, start it with --host 0.0.0.0"))
    return lines


def _open_files(wanted: int) -> None:
    """Raise the process's limit on open files (each page and request holds one) towards ``wanted``,
    as far as the system allows."""
    try:
        import resource
    except ImportError:  # not on this system
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        top = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (top, hard))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every network)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="database URL (default: SQLite in ./data; e.g. postgresql://user@host/db)"),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before it acts")] = 0.6,
    bot_seconds: Annotated[float, typer.Option(help="most seconds a bot thinks about one decision")] = 2.0,
    bot_workers: Annotated[int, typer.Option(help="threads shared by every table's bots")] = 2,
    timer_minutes: Annotated[
        float | None,
        typer.Option(help="period of the games' repeating timers (RECLAIM's events; default: the game's)"),
    ] = None,
    clock_minutes: Annotated[
        float | None,
        typer.Option(help="length of countdown clocks a table's options leave open (default: the game's)"),
    ] = None,
    tables_per_minute: Annotated[float, typer.Option(help="new tables one address may make a minute")] = 10.0,
    max_tables: Annotated[int, typer.Option(help="tables held in memory at once")] = 200,
    max_pages: Annotated[int, typer.Option(help="live pages (WebSockets) held at once")] = 2000,
    db_seconds: Annotated[
        float, typer.Option(help="longest wait for a database lock before a request answers 503")
    ] = 3.0,
    db_workers: Annotated[int, typer.Option(help="threads that make the database calls")] = 8,
    idle_minutes: Annotated[float, typer.Option(help="an unwatched table leaves memory after this")] = 30.0,
    unstarted_hours: Annotated[float, typer.Option(help="a table with no move is deleted after this")] = 48.0,
    api_docs: Annotated[bool, typer.Option(help="serve /docs, /redoc and /openapi.json")] = True,
    content_dir: Annotated[
        Path | None,
        typer.Option(help="a folder of content files classes may use: <dir>/<game id>/<name>.toml"),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(help="the address people reach the server at (behind a proxy); links use it"),
    ] = None,
    proxy: Annotated[
        str | None,
        typer.Option(help="addresses of a trusted reverse proxy (comma list): its X-Forwarded-For is used"),
    ] = None,
) -> None:
    """Run the web app: lobby, seat links, live play with bots (docs/web.md, docs/security.md)."""
    try:
        import uvicorn
        from sqlalchemy.exc import SQLAlchemyError

        from ..web import create_app
        from ..web.app import uvicorn_options
        from ..web.settings import Settings
    except ImportError as e:
        fail(_("the web app needs its extra: pip install 'loopcity[web]' ({e})").format(e=e))
        return
    for name, value in (("timer-minutes", timer_minutes), ("clock-minutes", clock_minutes)):
        if value is not None and not 0 < value <= 24 * 60:
            fail(_("--{name} must be above 0 and at most a day").format(name=name))
    try:
        settings = Settings(
            bot_delay=bot_delay,
            bot_seconds=bot_seconds,
            bot_workers=bot_workers,
            timer_minutes=timer_minutes,
            clock_minutes=clock_minutes,
            tables_per_minute=tables_per_minute,
            max_live_tables=max_tables,
            max_pages=max_pages,
            db_seconds=db_seconds,
            db_workers=db_workers,
            idle_minutes=idle_minutes,
            unstarted_hours=unstarted_hours,
            api_docs=api_docs,
            public_url=public_url,
            content_dir=str(content_dir) if content_dir else None,
        )
    except ValueError as e:
        fail(str(e))
        return
    from ..web.db import DatabaseInUse, default_url, lock_for_server

    try:
        server_lock = lock_for_server(db or default_url())
    except DatabaseInUse as e:
        fail(
            _(
                "another loopcity serve is already using {path} (it holds {lock}): stop it first. "
                "Two servers on one SQLite file would not see each other's moves."
            ).format(path=e.path, lock=e.lock)
        )
        return
    except ValueError as e:
        fail(_("--db: {error}").format(error=e))
        return
    with contextlib.ExitStack() as held:
        if server_lock is not None:
            held.callback(server_lock.close)  # the lock lasts while this server runs
        try:
            web = create_app(db, settings=settings)
        except ValueError as e:
            fail(_("--db: {error}").format(error=e))
            return
        except SQLAlchemyError as e:
            fail(
                _("--db: the database cannot be opened ({error})").format(error=getattr(e, "orig", None) or e)
            )
            return
        _open_files(settings.http_limit + 200)
        for line in addresses_said(host, port, public_url):
            console.print(Text(line))
        uvicorn.run(
            web,
            host=host,
            port=port,
            log_level="warning",
            proxy_headers=proxy is not None,
            forwarded_allow_ips=proxy or "127.0.0.1",
            **uvicorn_options(settings),
        )


if __name__ == "__main__":
    app()

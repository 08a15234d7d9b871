"""The layer rules of docs/architecture.md: lower layers never import upper ones."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "loopcity"
ORDER = ["engine", "debrief", "games", "bots", "sim", "adapters", "cli", "web"]
# What each layer may not import (from loopcity and outside it).
FORBIDDEN = {
    "engine": {"loopcity." + p for p in ORDER[1:]}
    | {"fastapi", "sqlalchemy", "typer", "rich", "numpy", "starlette"},
    "debrief": {"loopcity." + p for p in ORDER[2:]} | {"fastapi", "sqlalchemy", "typer", "rich", "starlette"},
    "games": {"loopcity." + p for p in ("bots", "sim", "adapters", "cli", "web")}
    | {"fastapi", "sqlalchemy", "typer"},
    "bots": {"loopcity." + p for p in ("sim", "adapters", "cli", "web")},
    "sim": {"loopcity.cli", "loopcity.web", "loopcity.adapters"},
    "adapters": {"loopcity.cli", "loopcity.web", "loopcity.sim"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    pkg = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                names.add(".".join(base + ([node.module] if node.module else [])))
            else:
                names.add(node.module or "")
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports(layer):
    bad = []
    for path in (SRC / layer).rglob("*.py") if (SRC / layer).exists() else []:
        for name in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(SRC)} imports {name}")
    assert not bad, "\n".join(bad)


def test_layer_check_sees_relative_imports():
    assert "loopcity.engine.state" in _imports(SRC / "engine" / "testing.py")


# ----- nothing outside games/ knows a game ----------------------------------------------------------
def _game_words() -> tuple[set[str], set[str]]:
    """The games' ids, and the action kinds that belong to one game only."""
    from collections import Counter

    from loopcity.engine import list_games, table

    specs = [s for s in list_games() if (SRC / "games" / s.id).is_dir()]
    owners = Counter(k.name for s in specs for k in s.action_space.kinds)
    engine_kinds = {table.VOTE.name, table.DONE.name}  # the engine's own kinds, which games adopt
    return {s.id for s in specs}, {name for name, n in owners.items() if n == 1} - engine_kinds


def _named(path: Path, words: set[str], identifiers: set[str] = frozenset()) -> list[str]:
    """Where a module's code (not its docstrings or comments) names one of ``words`` in a string
    constant, or one of ``identifiers`` as a string or as a function, class or variable name."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            name = node.value
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in identifiers:
            name = node.name
        elif isinstance(node, ast.Name) and node.id in identifiers:
            name = node.id
        if name in words or name in identifiers:
            found.append(f"{path.relative_to(SRC)}:{node.lineno} names {name!r}")
    return found


# Words that are one game's action kind and also this module's own vocabulary.
OWN_WORDS = {
    ("debrief/report.py", "end"): "the kind of the moment that ends a game",
    ("debrief/report.py", "replace"): "the codec's error handler",
    (
        "debrief/report.py",
        "role",
    ): "a seat's role: the games' optional debrief rule and the field that holds it",
    ("debrief/classroom.py", "role"): "a seat's role in the class debrief's data",
    ("debrief/classroom.py", "end"): "the kind of the moment that ends a game",
    ("web/migrations/versions/0001_initial.py", "role"): "the column of a link's role",
    ("web/payload.py", "clock"): "the table's running clock, whichever game's it is",
    ("web/i18n.py", "clock"): "the page's word for the table's clock",
    ("cli/terminal.py", "clock"): "the word for a countdown that closes a phase",
    ("web/transport.py", "clock"): "the table's running clock, whichever game's it is",
    ("web/transport.py", "role"): "a seat's role beside the names of the people there",
    ("web/classes.py", "clock"): "the table's running clock on the class's dashboard",
    ("web/classes.py", "role"): "a seat's role on the class's dashboard",
    ("web/routers/classes.py", "role"): "a seat's role on a slip and in a join's answer",
    ("web/routers/classes.py", "start"): "the dashboard's start button (bots take empty seats)",
}


def test_nothing_outside_games_names_a_game_or_one_games_action_kind():
    ids, kinds = _game_words()
    assert ids, "no game found under games/"
    bad = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC)
        if "games" not in rel.parts[:1]:
            bad += [
                line
                for line in _named(path, kinds, ids)
                if (str(rel), line.split(" names ")[1][1:-1]) not in OWN_WORDS
            ]
    assert not bad, "game facts belong on the GameSpec:\n" + "\n".join(bad)


def test_the_name_check_finds_a_game_id_in_code(tmp_path):
    ids, kinds = _game_words()
    some_id, some_kind = sorted(ids)[0], sorted(kinds)[0]
    module = tmp_path / "m.py"
    module.write_text(f'"""{some_id} in a docstring is fine."""\nX = {{"{some_id}": 1}}\nY = "{some_kind}"\n')
    found = [line.split(" names ")[1] for line in _named_at(module, kinds, ids)]
    assert sorted(found) == sorted([repr(some_id), repr(some_kind)])


def _named_at(path: Path, words: set[str], identifiers: set[str]) -> list[str]:
    global SRC
    saved, SRC = SRC, path.parent
    try:
        return _named(path, words, identifiers)
    finally:
        SRC = saved

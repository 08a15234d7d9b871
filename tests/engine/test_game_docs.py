"""docs/games/<id>.md traces each rule to code and tests: what it names must exist and be used.

Each game's document names files (``turn.py``), functions and methods (``turn.end_turn``,
``ReclaimState._setup_board``) and tests (``test_up_to_three_build_actions_per_turn``, or a prefix
ending in ``...``). A name that no longer exists, or a function that nothing calls, is a trace to
nowhere.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "loopcity" / "games"
DOCS = ROOT / "docs" / "games"
IDS = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())
"""Every game folder: one without docs/games/<id>.md fails (test_every_game_has_its_trace), never skipped."""


@pytest.mark.parametrize("game", IDS)
def test_every_game_has_its_trace(game):
    assert (DOCS / f"{game}.md").exists(), (
        f"docs/games/{game}.md: rule -> code -> test (docs/architecture.md)"
    )


CODE = re.compile(r"`([^`\n]+)`")
TEST = re.compile(r"^(?:test_\w+::)?(test_\w+?)(\.\.\.|\*)?$")
DOTTED = re.compile(r"^([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?:\(\))?$")
FILE = re.compile(r"^[\w/]+\.(py|toml|md)$")


@cache
def names_of_tests() -> frozenset[str]:
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return frozenset(names)


@cache
def definitions(game: str) -> dict[str, dict[str, set[str]]]:
    """module stem -> {"": top-level names, ClassName: its members} for the game's package."""
    found: dict[str, dict[str, set[str]]] = {}
    for path in (GAMES / game).glob("*.py"):
        tree = ast.parse(path.read_text())
        scopes: dict[str, set[str]] = {"": set()}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                scopes[""].add(node.name)
            if isinstance(node, ast.ClassDef):
                scopes[node.name] = (
                    {n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
                    | {
                        t.id
                        for n in node.body
                        if isinstance(n, ast.AnnAssign | ast.Assign)
                        for t in _targets(n)
                    }
                    | {
                        t.attr
                        for n in ast.walk(node)
                        if isinstance(n, ast.Assign | ast.AnnAssign)
                        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                        if isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                    }
                )
            if isinstance(node, ast.Assign | ast.AnnAssign):
                scopes[""] |= {t.id for t in _targets(node)}
        found[path.stem] = scopes
    return found


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.Name]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return [t for t in targets if isinstance(t, ast.Name)]


def _resolve(game: str, owner: str, member: str) -> bool | None:
    """True/False for a module or class of the game and whether it defines ``member``; None when
    ``owner`` is neither (the name is not code of this game)."""
    defs = definitions(game)
    if owner in defs:
        return member in defs[owner][""] or any(member in names for names in defs[owner].values())
    for scopes in defs.values():
        if owner in scopes:
            return member in scopes[owner]
    return None


@cache
def all_source() -> str:
    files = [*(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    return "\n".join(p.read_text() for p in files)


@cache
def decorated(game: str) -> frozenset[str]:
    """Functions of the game that a decorator hands to their caller (handlers the engine dispatches
    to, validators the content model calls)."""
    return frozenset(
        node.name
        for path in (GAMES / game).glob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.decorator_list
    )


@cache
def words() -> tuple[Counter[str], Counter[str]]:
    """Every word of the source and the tests, counted, and every name a ``def`` or ``class`` makes."""
    source = all_source()
    return Counter(re.findall(r"\w+", source)), Counter(re.findall(r"\b(?:def|class) (\w+)", source))


def _used(name: str) -> bool:
    """Whether ``name`` is called or referred to anywhere beyond its own definition."""
    uses, defs = words()
    return uses[name] > defs[name]


EXTERNAL = ("shared/", "rulebooks/", "research/")
"""The rulebooks and research notes live beside the project, not in it."""


def _file_exists(game: str, name: str) -> bool:
    if name.startswith(EXTERNAL) or any(
        (base / name).exists() for base in (ROOT, ROOT / "src", ROOT / "src/loopcity")
    ):
        return True
    return any(p.name == Path(name).name for base in (GAMES / game, ROOT / "tests") for p in base.rglob("*"))


def traces(game: str) -> tuple[list[str], list[tuple[str, str, str]], list[str]]:
    tests, code, files = [], [], []
    for token in CODE.findall((DOCS / f"{game}.md").read_text()):
        token = token.strip()
        if FILE.match(token):
            files.append(token)
        elif m := TEST.match(token):
            tests.append(m.group(1) + ("..." if m.group(2) else ""))  # a prefix: `test_x...` or `test_x*`
        elif m := DOTTED.match(token):
            code.append((token, m.group(1), m.group(2)))
    return tests, code, files


@pytest.mark.parametrize("game", IDS)
def test_every_test_a_game_doc_names_exists(game):
    tests, _code, _files = traces(game)
    names = names_of_tests()
    missing = [
        t
        for t in tests
        if not (any(n.startswith(t[:-3]) for n in names) if t.endswith("...") else t in names)
    ]
    assert tests and not missing, f"docs/games/{game}.md names tests that do not exist: {missing}"


@pytest.mark.parametrize("game", IDS)
def test_every_function_a_game_doc_traces_exists_and_is_used(game):
    _tests, code, files = traces(game)
    missing = [f for f in files if not _file_exists(game, f)]
    unused = []
    for token, owner, member in code:
        found = _resolve(game, owner, member)
        if found is False:
            missing.append(token)
        elif found and not (member in decorated(game) or _used(member)):
            unused.append(token)
    assert not missing, f"docs/games/{game}.md traces to code that does not exist: {missing}"
    assert not unused, f"docs/games/{game}.md traces to code nothing calls: {unused}"

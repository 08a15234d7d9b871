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

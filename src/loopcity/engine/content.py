"""Content data files: TOML validated by a pydantic model, with errors that name file, item and field.

Content the rulebook gives, and content reconstructed where the rulebook lost it, is data. Each item
may carry ``source = "rulebook" | "research" | "reconstructed"``. Designers change a value either in
an edited file or by an override path such as ``tiles.composter.cost`` (a list item is found by its
index or by its ``id`` or ``name``).
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)


class ContentModel(BaseModel):
    """Base of every model in a game's content: a field the model does not know is refused (a
    misspelled ``recylce_cost`` must not leave the card costing 0), naming file, item and field."""

    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class ContentSpec(Generic[M]):
    """Where a game's default content lives and the model that validates it."""

    model: type[M]
    path: Path


def content_hash(raw: Any) -> str:
    """A short, stable fingerprint of content data (recorded in every game record's header)."""
    return hashlib.sha256(json.dumps(raw, sort_keys=True, default=str).encode()).hexdigest()[:16]


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError(f"{path}: no such content file") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{path}: not valid TOML: {e}") from None


def _item_name(raw: Any, loc: tuple[Any, ...]) -> tuple[str, str]:
    """Split a pydantic error location into (item, field), naming list items by id or name."""
    node, item_parts = raw, []
    for i, part in enumerate(loc):
        if isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
            label = node.get("id") or node.get("name") if isinstance(node, dict) else None
            item_parts.append(f"[{part}]" + (f" ({label})" if label else ""))
            if i < len(loc) - 1:
                continue
        elif isinstance(node, dict) and part in node and i < len(loc) - 1:
            node = node[part]
            item_parts.append(str(part))
            continue
        field = ".".join(str(p) for p in loc[i:]) if i < len(loc) else ""
        return ".".join(item_parts) or "(top level)", field or str(part)
    return ".".join(item_parts) or "(top level)", str(loc[-1]) if loc else ""


def validate(raw: dict[str, Any], model: type[M], source: str) -> M:
    """Validate raw content; a failure raises ContentError naming file, item and field."""
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            item, field = _item_name(raw, tuple(err["loc"]))
            problems.append(f"{source}: item {item}: field '{field}': {err['msg']}")
        raise ContentError("\n".join(problems)) from None


def set_path(raw: Any, path: str, value: Any) -> None:
    """Set the value at a dotted path in raw content, in place; a bad path raises ContentError."""
    parts = path.split(".")
    node = raw
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        where = ".".join(parts[: depth + 1])
        if isinstance(node, dict):
            if part not in node:
                keys = ", ".join(sorted(map(str, node))) or "(none)"
                raise ContentError(f"content path {path!r}: no {where!r}; keys here: {keys}")
            if last:
                node[part] = value
            else:
                node = node[part]
        elif isinstance(node, list):
            idx = _list_index(node, part)
            if idx is None:
                ids = ", ".join(str(x.get("id", x.get("name"))) for x in node if isinstance(x, dict))
                raise ContentError(f"content path {path!r}: no item {part!r} at {where!r}; items: {ids}")
            if last:
                node[idx] = value
            else:
                node = node[idx]
        else:
            raise ContentError(f"content path {path!r}: {'.'.join(parts[:depth])!r} is a value, not a table")


def get_path(raw: Any, path: str) -> Any:
    """The value at a dotted path in raw content (addressed as in :func:`set_path`); a bad path
    raises ContentError."""
    parts = path.split(".")
    node = raw
    for depth, part in enumerate(parts):
        where = ".".join(parts[: depth + 1])
        if isinstance(node, dict):
            if part not in node:
                keys = ", ".join(sorted(map(str, node))) or "(none)"
                raise ContentError(f"content path {path!r}: no {where!r}; keys here: {keys}")
            node = node[part]
        elif isinstance(node, list):
            idx = _list_index(node, part)
            if idx is None:
                ids = ", ".join(str(x.get("id", x.get("name"))) for x in node if isinstance(x, dict))
                raise ContentError(f"content path {path!r}: no item {part!r} at {where!r}; items: {ids}")
            node = node[idx]
        else:
            raise ContentError(f"content path {path!r}: {'.'.join(parts[:depth])!r} is a value, not a table")
    return node


def _list_index(node: list[Any], part: str) -> int | None:
    if part.isdigit():
        return int(part) if int(part) < len(node) else None
    for i, item in enumerate(node):
        if isinstance(item, dict) and part in (item.get("id"), item.get("name")):
            return i
    return None


def load_content(
    spec: ContentSpec[M], file: str | Path | None = None, overrides: Mapping[str, Any] | None = None
) -> tuple[M, str]:
    """Read, override and validate a game's content; returns the model and its hash."""
    path = Path(file) if file else spec.path
    raw = read_toml(path)
    for key, value in (overrides or {}).items():
        set_path(raw, key, value)
    label = str(path) + (" (with overrides)" if overrides else "")
    return validate(raw, spec.model, label), content_hash(raw)


# ----- translations of content texts ------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def translation_files(spec: ContentSpec[Any]) -> dict[str, Path]:
    """The translated content files beside a game's content: ``content.<lang>.toml`` by language."""
    stem = spec.path.stem
    return {
        p.suffixes[-2][1:]: p for p in sorted(spec.path.parent.glob(f"{stem}.*.toml")) if len(p.suffixes) >= 2
    }


def load_translation(spec: ContentSpec[Any], path: Path) -> dict[str, str]:
    """Read a translated content file and check it against the game's content: it has the content's
    shape (tables by key, list items by ``id`` or ``name``) and only the texts, each with the same
    placeholders. Returns the translations of the English texts; a bad file raises ContentError
    naming file, item and field."""
    source = read_toml(spec.path)
    texts: dict[str, str] = {}
    _walk(read_toml(path), source, str(path), "", texts)
    return texts


def _walk(tr: Any, src: Any, file: str, where: str, out: dict[str, str]) -> None:
    if isinstance(tr, dict):
        if not isinstance(src, dict):
            raise ContentError(f"{file}: item {where or '(top level)'}: the content has no table here")
        for key, value in tr.items():
            if key == "id" and src.get("id") == value:
                continue  # names the item; not a text
            if key not in src:
                raise ContentError(
                    f"{file}: item {where or '(top level)'}: field '{key}': not in the content"
                )
            _walk(value, src[key], file, f"{where}.{key}" if where else key, out)
    elif isinstance(tr, list):
        if not isinstance(src, list):
            raise ContentError(f"{file}: item {where}: the content has no list here")
        for i, item in enumerate(tr):
            match = _matching(item, src, i)
            if match is None:
                raise ContentError(f"{file}: item {where}[{i}]: no item of the content has this id")
            label = item.get("id", item.get("name")) if isinstance(item, dict) else None
            _walk(item, match, file, f"{where}[{i}]" + (f" ({label})" if label else ""), out)
    elif isinstance(tr, str):
        if not isinstance(src, str):
            raise ContentError(f"{file}: item {where}: only texts are translated, not {type(src).__name__}s")
        if sorted(_PLACEHOLDER.findall(tr)) != sorted(_PLACEHOLDER.findall(src)):
            raise ContentError(f"{file}: item {where}: the placeholders differ from the English {src!r}")
        if tr.strip():
            out[src] = tr
    else:
        raise ContentError(f"{file}: item {where}: only texts are translated, not {type(tr).__name__}s")


def _matching(item: Any, items: list[Any], index: int) -> Any:
    """The content's list item a translated item stands for: the one with its ``id``, else the item at
    the same place."""
    if isinstance(item, dict) and "id" in item:
        return next((x for x in items if isinstance(x, dict) and x.get("id") == item["id"]), None)
    return items[index] if index < len(items) else None

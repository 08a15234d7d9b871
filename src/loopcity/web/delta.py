"""What changed between two messages of one page, and how a page applies it (the ``patch`` message).

A page is sent its seat's full message once (``{"type": "state", ...}``) and from then on only what
changed since the message it has: ``{"type": "patch", "base": <ref>, "o": {...}}``, where ``base`` is
the ``ref`` of the message the patch applies to and ``o`` says, key by key, what became of the
message. A change (an *op*) is one of:

- ``[value]``: the key now holds ``value`` (new or replaced); ``[]``: the key is gone;
- ``{"o": {key: op, ...}}``: an object whose keys changed as said;
- ``{"a": {index: op, ...}, "n": length}``: a list changed item by item, cut or grown to ``length``;
- ``{"d": k, "+": [items]}``: a list that lost its first ``k`` items and gained ``items`` at the end
  (the log and the table talk: only new lines travel);
- ``{"s": sep, "e": [[i, j, [parts]], ...]}``: a long text (the board's SVG) split at ``sep``, whose
  parts ``i`` to ``j`` (the old text's, end excluded) became ``parts``; edits are listed in order and
  do not overlap.

:func:`diff` makes a patch and :func:`apply` applies one, as ``static/play.js`` does in the page. A
patch never changes the message it applies to: what changed is new, what did not is shared.

This module imports nothing from the package, so a client (``benchmarks/web_load.py``) may load it on
its own.
"""

from __future__ import annotations

from typing import Any

LONG_TEXT = 1024
"""A text at least this long (in both messages) travels as edits rather than whole."""

_SAME = object()


def diff(old: Any, new: Any, texts: dict[tuple[int, int], Any] | None = None) -> dict[str, Any]:
    """The changes that make ``new`` (a message, an object) from ``old``: ``{key: op}``.

    ``texts`` keeps the edits of long texts made so far, by the identity of the two texts (with the
    texts, so that neither identity is reused): the board several seats' messages share is compared
    once."""
    global _texts
    _texts = texts
    try:
        ops = _object(old, new)
    finally:
        _texts = None
    return {} if ops is _SAME else ops


_texts: dict[tuple[int, int], Any] | None = None


def _op(old: Any, new: Any) -> Any:
    """The op that makes ``new`` from ``old``, or ``_SAME``."""
    if old is new:
        return _SAME
    if type(old) is dict and type(new) is dict:
        if old == new:  # compared in C: only what differs is walked in Python
            return _SAME
        ops = _object(old, new)
        return ops if ops is _SAME else {"o": ops}
    if type(old) is list and type(new) is list:
        return _list(old, new)
    if type(old) is str and type(new) is str and len(new) >= LONG_TEXT and len(old) >= LONG_TEXT:
        if old == new:
            return _SAME
        if _texts is None:
            return _text(old, new)
        kept = _texts.get((id(old), id(new)))
        if kept is None:
            kept = _texts[(id(old), id(new))] = (old, new, _text(old, new))
        return kept[2]
    if old == new and type(old) is type(new):
        return _SAME
    return [new]


def _object(old: dict[str, Any], new: dict[str, Any]) -> Any:
    ops: dict[str, Any] = {}
    for k, v in new.items():
        if k in old:
            op = _op(old[k], v)
            if op is not _SAME:
                ops[k] = op
        else:
            ops[k] = [v]
    for k in old:
        if k not in new:
            ops[k] = []
    return ops or _SAME


def _list(old: list[Any], new: list[Any]) -> Any:
    if old == new:
        return _SAME
    # A window that moved on (the last lines of a log): the old list's tail begins the new one.
    if old and new:
        first = new[0]
        for k in range(len(old)):
            if old[k] == first and old[k:] == new[: len(old) - k]:
                if k or len(new) > len(old):
                    return {"d": k, "+": new[len(old) - k :]}
                break
    items: dict[str, Any] = {}
    for i, v in enumerate(new):
        if i < len(old):
            op = _op(old[i], v)
            if op is not _SAME:
                items[str(i)] = op
        else:
            items[str(i)] = [v]
    if not old:
        return [new]
    return {"a": items, "n": len(new)}


def _text(old: str, new: str) -> dict[str, Any]:
    """Edits that make the long text ``new`` from ``old``, part by part (a patience diff: parts that
    occur once in each text anchor the match, the rest is matched from both ends)."""
    sep = "<" if new.count("<") >= new.count("\n") else "\n"
    a, b = old.split(sep), new.split(sep)
    edits: list[list[Any]] = []
    _parts(a, 0, len(a), b, 0, len(b), edits)
    return {"s": sep, "e": edits}


def _parts(a: list[str], i0: int, i1: int, b: list[str], j0: int, j1: int, out: list[list[Any]]) -> None:
    while i0 < i1 and j0 < j1 and a[i0] == b[j0]:
        i0, j0 = i0 + 1, j0 + 1
    while i0 < i1 and j0 < j1 and a[i1 - 1] == b[j1 - 1]:
        i1, j1 = i1 - 1, j1 - 1
    if i0 == i1 and j0 == j1:
        return
    if i1 - i0 == j1 - j0 and i1 - i0 <= 4:  # a few parts changed in place: only what changed in each
        for i, j in zip(range(i0, i1), range(j0, j1), strict=True):
            out.append(_within(a[i], b[j], i))
        return
    if i0 == i1 or j0 == j1:
        out.append([i0, i1, b[j0:j1]])
        return
    anchors = _anchors(a, i0, i1, b, j0, j1)
    if not anchors:
        out.append([i0, i1, b[j0:j1]])
        return
    pi, pj = i0, j0
    for i, j in anchors:
        _parts(a, pi, i, b, pj, j, out)
        pi, pj = i + 1, j + 1
    _parts(a, pi, i1, b, pj, j1, out)


def _within(old: str, new: str, i: int) -> list[Any]:
    """The edit of one part, ``[i, head, tail, text]``: the part's first ``head`` and last ``tail``
    characters stay, and ``text`` comes between them."""
    n = min(len(old), len(new))
    head = 0
    while head < n and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < n - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return [i, head, tail, new[head : len(new) - tail]]


def _anchors(a: list[str], i0: int, i1: int, b: list[str], j0: int, j1: int) -> list[tuple[int, int]]:
    """Parts that occur exactly once in each range, matched in order (the longest such run)."""
    seen_a: dict[str, int] = {}
    for i in range(i0, i1):
        seen_a[a[i]] = -1 if a[i] in seen_a else i
    seen_b: dict[str, int] = {}
    for j in range(j0, j1):
        seen_b[b[j]] = -1 if b[j] in seen_b else j
    pairs = [(i, seen_b[t]) for t, i in seen_a.items() if i >= 0 and seen_b.get(t, -1) >= 0]
    if not pairs:
        return []
    pairs.sort()
    # the longest increasing run of b's positions (patience sorting)
    import bisect

    tails: list[int] = []
    tail_at: list[int] = []
    back: list[int] = [-1] * len(pairs)
    for n, (_i, j) in enumerate(pairs):
        k = bisect.bisect_left(tails, j)
        if k == len(tails):
            tails.append(j)
            tail_at.append(n)
        else:
            tails[k] = j
            tail_at[k] = n
        back[n] = tail_at[k - 1] if k else -1
    run: list[tuple[int, int]] = []
    n = tail_at[-1]
    while n >= 0:
        run.append(pairs[n])
        n = back[n]
    run.reverse()
    return run


def apply(old: Any, ops: dict[str, Any]) -> Any:
    """The message that ``ops`` (from :func:`diff`) makes of ``old`` (which is left as it was)."""
    return _apply_object(old, ops)


def _apply(old: Any, op: Any) -> Any:
    if isinstance(op, list):
        return op[0]
    if "o" in op:
        return _apply_object(old, op["o"])
    if "a" in op:
        out = list(old[: op["n"]])
        for k, item in op["a"].items():
            i = int(k)
            if i < len(out):
                out[i] = _apply(out[i], item)
            else:
                out.append(item[0])
        return out
    if "d" in op:
        return old[op["d"] :] + op["+"]
    sep = op["s"]
    parts = old.split(sep)
    for edit in reversed(op["e"]):
        if len(edit) == 4:  # within one part
            i, head, tail, text = edit
            part = parts[i]
            parts[i] = part[:head] + text + part[len(part) - tail :]
        else:
            i, j, new = edit
            parts[i:j] = new
    return sep.join(parts)


def _apply_object(old: dict[str, Any], ops: dict[str, Any]) -> dict[str, Any]:
    out = dict(old)
    for k, op in ops.items():
        if op == []:
            out.pop(k, None)
        else:
            out[k] = _apply(out.get(k), op)
    return out

"""What changed between two messages of one page, and how a page applies it (the ``patch`` message).

A page is sent its seat's full message once (``{"type": "state", ...}``) and from then on only what
changed since the message it has: ``{"type": "patch", "base": <ref>, "o": {...}}``, where ``base`` is
the ``ref`` of the message the patch applies to and ``o`` says, key by key, what became of the
message. A change (an *op*) is one of:

- ``[value]``: the key now holds ``value`` (new or replaced); ``[]``: the key is gone;
- ``{"o": {key: op, ...}}``: an object whose keys changed as said;
- ``{"a": {index: op, ...}, "n": length}``: a list changed item by item, cut or grown to ``length``;
- ``{"l": [[i, j, [items]] or [i, op], ...]}``: a long list whose items ``i`` to ``j`` (the old
  list's, end excluded) became ``items``, or whose item ``i`` changed as ``op`` says; edits are listed
  in order and do not overlap (an action taken out of a long list of choices: the rest stays);
- ``{"d": k, "+": [items]}``: a list that lost its first ``k`` items and gained ``items`` at the end
  (the log and the table talk: only new lines travel);
- ``{"k": [[keys], ...], "r": [[shape, same, values...], ...]}``: a long list of objects sent whole
  (the seat's labelled actions) as rows: each row's object has the keys ``k[shape]``, in order, and its
  values are the row's ``values`` but for the keys whose bit is set in ``same`` (bit ``n`` for the
  ``n``-th key), which hold the value that key last had in an earlier row; where bit ``16 + n`` is
  set, the key's value is a text made of the one it held ``back`` rows (that have the key) before:
  ``[back, head, tail, text]``, that text's first ``head`` and last ``tail`` characters with ``text``
  between them (labels alike but for a card's name);
- ``{"s": sep, "e": [[i, j, [parts]], ...]}``: a long text (the board's SVG) split at ``sep``, whose
  parts ``i`` to ``j`` (the old text's, end excluded) became ``parts``; edits are listed in order and
  do not overlap; ``[i, head, tail, text]``: part ``i`` keeps its first ``head`` and last ``tail``
  characters and ``text`` comes between them (characters as a browser counts them: UTF-16 units). A
  new part is its text, or made of the part ``back``
  places before it in the new text (a row of alike places drawn anew): ``[back, head, tail, text]``
  as said, or ``[back, {n: piece}]``, that part split at ``"`` with its ``n``-th pieces replaced.

:func:`diff` makes a patch and :func:`apply` applies one, as ``static/play.js`` does in the page. A
patch never changes the message it applies to: what changed is new, what did not is shared.

This module imports nothing from the package, so a client (``benchmarks/web_load.py``) may load it on
its own.
"""

from __future__ import annotations

import bisect
import difflib
import json
from typing import Any

LONG_TEXT = 1024
"""A text at least this long (in both messages) travels as edits rather than whole."""
LONG_LIST = 8
"""A list at least this long (in both messages) travels as splices of its items rather than item by
item in place (an item taken out or put in does not change every item after it)."""

_SAME = object()


def diff(
    old: Any, new: Any, texts: dict[tuple[int, int], Any] | None = None, *, parts: bool = False
) -> dict[str, Any]:
    """The changes that make ``new`` (a message, an object) from ``old``: ``{key: op}``.

    ``texts`` keeps the edits of long texts made so far, by the identity of the two texts (with the
    texts, so that neither identity is reused): the board several seats' messages share is compared
    once. With ``parts``, it keeps so the changes of every part of the message (its values) that is a
    list or an object too: the parts several pages' messages share (the seats, the legend, the stage,
    the spectator's view) are compared once for all of them. Such parts are never changed once made."""
    global _texts
    _texts = texts
    try:
        if parts and texts is not None and type(old) is dict and type(new) is dict:
            ops = _parts_of(old, new, texts)
        else:
            ops = _object(old, new)
    finally:
        _texts = None
    return {} if ops is _SAME else ops


def _parts_of(
    old: dict[str, Any], new: dict[str, Any], kept: dict[tuple[int, int], Any], depth: int = 1
) -> Any:
    """:func:`_object` of two messages, each part's op kept by the parts' identities (and, ``depth``
    levels down, the parts of parts: a seat's view made of the spectator's)."""
    ops: dict[str, Any] = {}
    for k, v in new.items():
        if k not in old:
            ops[k] = _put(v)
            continue
        was = old[k]
        if was is v:
            continue
        if type(v) is dict or type(v) is list:
            got = kept.get((id(was), id(v)))
            if got is None:
                if type(v) is dict and type(was) is dict and depth:  # its parts compared once too
                    op = _parts_of(was, v, kept, depth - 1)
                    op = op if op is _SAME else {"o": op}
                else:
                    op = _op(was, v)
                got = kept[(id(was), id(v))] = (was, v, op)
            op = got[2]
        else:
            op = _op(was, v)
        if op is not _SAME:
            ops[k] = op
    for k in old:
        if k not in new:
            ops[k] = []
    return ops or _SAME


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
    return _put(new)


def _put(value: Any) -> Any:
    """The op that puts ``value`` whole: ``[value]``, or a long list of objects as rows."""
    if type(value) is not list or len(value) < LONG_LIST or any(type(x) is not dict for x in value):
        return [value]
    shapes: dict[tuple[str, ...], int] = {}
    seen: dict[str, list[Any]] = {}  # each key's values, row by row
    rows: list[list[Any]] = []
    for item in value:
        keys = tuple(item)
        shape = shapes.setdefault(keys, len(shapes))
        row: list[Any] = [shape, 0]
        for n, (k, v) in enumerate(item.items()):
            was = seen.setdefault(k, [])
            if was and was[-1] == v and type(was[-1]) is type(v):
                row[1] |= 1 << n
            else:
                edit = _like(was, v) if n < 16 and type(v) is str and len(v) > ALIKE else None
                if edit is None:
                    row.append(v)
                else:
                    row[1] |= 1 << (16 + n)
                    row.append(edit)
            was.append(v)
        rows.append(row)
    return {"k": [list(k) for k in shapes], "r": rows}


LIKE_ROWS = 8
"""How many rows back a row's text looks for an alike one to be written as an edit of."""


def _like(was: list[Any], text: str) -> list[Any] | None:
    """``text`` as an edit of the most alike of the last few texts a key held (``[back, head, tail,
    middle]``), when that keeps at least :data:`ALIKE` of its characters; else None."""
    best, keeps = None, ALIKE - 1
    half = ALIKE // 2  # what keeps that many shares half of it at its start or at its end
    start, end = text[:half], text[-half:]
    for back in range(1, min(LIKE_ROWS, len(was)) + 1):
        old = was[-back]
        if type(old) is str and (old[:half] == start or old[-half:] == end):
            edit = _within(old, text, back)
            if edit[1] + edit[2] > keeps:
                best, keeps = edit, edit[1] + edit[2]
                if len(edit[3]) <= ALIKE:  # but a name differs: good enough
                    break
    return best


def _object(old: dict[str, Any], new: dict[str, Any]) -> Any:
    ops: dict[str, Any] = {}
    for k, v in new.items():
        if k in old:
            op = _op(old[k], v)
            if op is not _SAME:
                ops[k] = op
        else:
            ops[k] = _put(v)
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
    if len(old) < LONG_LIST <= len(new):  # a long list where there was a short one: whole
        return _put(new)
    if len(old) >= LONG_LIST and len(new) >= LONG_LIST:
        return _splices(old, new)
    items: dict[str, Any] = {}
    for i, v in enumerate(new):
        if i < len(old):
            op = _op(old[i], v)
            if op is not _SAME:
                items[str(i)] = op
        else:
            items[str(i)] = [v]
    return {"a": items, "n": len(new)}


def _key(item: Any) -> Any:
    """What tells two items of a list apart as the splices see them (equal keys: equal items)."""
    if type(item) is dict or type(item) is list:
        return json.dumps(item, separators=(",", ":"), sort_keys=True)
    return (
        (type(item).__name__, item) if item is None or type(item) in (str, int, float, bool) else repr(item)
    )


def _splices(old: list[Any], new: list[Any]) -> Any:
    """Edits that make the long list ``new`` from ``old``: the same length, item by item in place;
    else items matched as the parts of a long text are (:func:`_ranges`), an item changed in place as
    its own op."""
    n, m = len(old), len(new)
    head = 0
    while head < n and head < m and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and old[n - 1 - tail] == new[m - 1 - tail]:
        tail += 1
    i1, j1 = n - tail, m - tail
    if i1 - head == j1 - head:
        ranges = [(head, i1, head, j1)]
    else:
        ranges = [
            (head + i0, head + i1_, head + j0, head + j1_)
            for i0, i1_, j0, j1_ in _ranges([_key(x) for x in old[head:i1]], [_key(x) for x in new[head:j1]])
        ]
    edits: list[list[Any]] = []
    for i0, i1_, j0, j1_ in ranges:
        if i1_ - i0 == j1_ - j0:
            for i, j in zip(range(i0, i1_), range(j0, j1_), strict=True):
                op = _op(old[i], new[j])
                if op is not _SAME:
                    edits.append([i, op])
        else:
            aligned = _aligned(old, new, i0, i1_, j0, j1_)
            if aligned is not None:
                edits += aligned
                continue
            put = _put(new[j0:j1_])
            edits.append([i0, i1_, put[0] if type(put) is list else put])
    return {"l": edits} if edits else _SAME


def _differ(x: dict[str, Any], y: dict[str, Any]) -> int:
    """How many keys two objects differ in."""
    return sum(1 for k, v in x.items() if k not in y or y[k] != v) + sum(1 for k in y if k not in x)


def _aligned(old: list[Any], new: list[Any], i0: int, i1: int, j0: int, j1: int) -> list[list[Any]] | None:
    """The edits of a range of objects that lost or gained one while the others each changed a little
    (a card taken out of a row and the rest numbered anew): the one taken out (or put in) where the
    others pair up best, the others changed in place. None where they are not alike (most of their
    keys differ): the range then travels whole."""
    n, m = i1 - i0, j1 - j0
    if abs(n - m) != 1 or min(n, m) == 0 or max(n, m) > 64:
        return None
    a, b = old[i0:i1], new[j0:j1]
    if any(type(x) is not dict for x in a) or any(type(x) is not dict for x in b):
        return None
    longer, shorter = (a, b) if n > m else (b, a)
    size = len(shorter)
    before = [0] * (size + 1)  # keys differing when the odd one out comes after item k
    for k in range(size):
        before[k + 1] = before[k] + _differ(shorter[k], longer[k])
    after = [0] * (size + 1)  # keys differing when it comes before item k
    for k in range(size - 1, -1, -1):
        after[k] = after[k + 1] + _differ(shorter[k], longer[k + 1])
    out = min(range(size + 1), key=lambda p: before[p] + after[p])
    if (before[out] + after[out]) * 2 > sum(len(x) for x in shorter):
        return None
    edits: list[list[Any]] = []
    for k in range(size):
        if k == out:  # the one taken out, or put in before the old item here
            edits.append([i0 + out, i0 + out + 1, []] if n > m else [i0 + out, i0 + out, [b[out]]])
        i, j = (i0 + k + (k >= out), j0 + k) if n > m else (i0 + k, j0 + k + (k >= out))
        op = _op(old[i], new[j])
        if op is not _SAME:
            edits.append([i, op])
    if out == size:
        edits.append([i0 + out, i0 + out + 1, []] if n > m else [i0 + out, i0 + out, [b[out]]])
    return edits


def _text(old: str, new: str) -> dict[str, Any]:
    """Edits that make the long text ``new`` from ``old``, part by part (:func:`_ranges`): a part
    changed in place travels as what changed in it, new parts as texts or as edits of the latest
    alike part before them in the new text (:func:`_kind`)."""
    sep = "<" if new.count("<") >= new.count("\n") else "\n"
    a, b = old.split(sep), new.split(sep)
    edits: list[list[Any]] = []
    latest: dict[str, list[int]] = {}
    seen = 0  # the parts of the new text whose kinds ``latest`` holds
    for i0, i1, j0, j1 in _ranges(a, b):
        if i1 - i0 == j1 - j0:  # parts changed in place: only what changed in each
            for i, j in zip(range(i0, i1), range(j0, j1), strict=True):
                edits.append(_within(a[i], b[j], i))
            continue
        for m in range(max(seen, j0 - 64), j0):  # alike parts are looked for close before
            _saw(latest, b, m)
        parts: list[Any] = []
        for m in range(j0, j1):
            part = b[m]
            best: Any = part
            cost = len(part) - ALIKE  # an edit must save this much to be worth it
            if len(part) > ALIKE:
                for k in latest.get(_kind(part), ()):
                    edit = _within(b[k], part, m - k)
                    if len(edit[3]) + 12 < cost:
                        best, cost = edit, len(edit[3]) + 12
                    tokens = _tokens(b[k], part)
                    if tokens is not None:
                        size = sum(len(t) + 8 for t in tokens.values())
                        if size < cost:
                            best, cost = [m - k, tokens], size
            parts.append(best)
            _saw(latest, b, m)
        seen = j1
        edits.append([i0, i1, parts])
    return {"s": sep, "e": edits}


ALIKE = 24
"""A new part of a long text travels as an edit of an alike one before it when that keeps at least
this many of its characters."""


def _kind(part: str) -> str:
    """What alike parts begin with: an element's name (or a line's first characters)."""
    return part[: part.find(" ") + 1 or 8]


def _tokens(like: str, part: str) -> dict[str, str] | None:
    """``part`` as ``like`` with some of its quoted values and what lies between them changed (the
    text split at ``"``, the same number of pieces): ``{index: piece}``, or None."""
    a, b = like.split('"'), part.split('"')
    if len(a) != len(b):
        return None
    return {str(n): y for n, (x, y) in enumerate(zip(a, b, strict=True)) if x != y}


def _saw(latest: dict[str, list[int]], parts: list[str], m: int) -> None:
    """Keep part ``m`` among the latest few of its kind."""
    kept = latest.setdefault(_kind(parts[m]), [])
    kept.append(m)
    if len(kept) > 4:
        del kept[0]


def _ranges(a: list[Any], b: list[Any]) -> list[tuple[int, int, int, int]]:
    """The ranges of ``a`` (``i0`` to ``i1``) that became ranges of ``b`` (``j0`` to ``j1``), in order:
    a patience diff (items that occur once in each anchor the match, the rest is matched from both
    ends), and where no item anchors a range, the longest common runs (:mod:`difflib`)."""
    out: list[tuple[int, int, int, int]] = []
    _parts(a, 0, len(a), b, 0, len(b), out)
    return out


def _parts(
    a: list[Any], i0: int, i1: int, b: list[Any], j0: int, j1: int, out: list[tuple[int, int, int, int]]
) -> None:
    while i0 < i1 and j0 < j1 and a[i0] == b[j0]:
        i0, j0 = i0 + 1, j0 + 1
    while i0 < i1 and j0 < j1 and a[i1 - 1] == b[j1 - 1]:
        i1, j1 = i1 - 1, j1 - 1
    if i0 == i1 and j0 == j1:
        return
    if i0 == i1 or j0 == j1 or (i1 - i0 == j1 - j0 and i1 - i0 <= 4):
        out.append((i0, i1, j0, j1))
        return
    anchors = _anchors(a, i0, i1, b, j0, j1)
    if not anchors:
        if (i1 - i0) * (j1 - j0) > 250_000:  # too long to match item by item: the range whole
            out.append((i0, i1, j0, j1))
            return
        # repeated items only (a row of alike places): their longest common runs
        matcher = difflib.SequenceMatcher(None, a[i0:i1], b[j0:j1], autojunk=False)
        for tag, x0, x1, y0, y1 in matcher.get_opcodes():
            if tag != "equal":
                out.append((i0 + x0, i0 + x1, j0 + y0, j0 + y1))
        return
    pi, pj = i0, j0
    for i, j in anchors:
        _parts(a, pi, i, b, pj, j, out)
        pi, pj = i + 1, j + 1
    _parts(a, pi, i1, b, pj, j1, out)


def _within(old: str, new: str, i: int) -> list[Any]:
    """The edit of one part, ``[i, head, tail, text]``: the part's first ``head`` and last ``tail``
    characters (UTF-16 units, as a browser counts them) stay, and ``text`` comes between them."""
    n = min(len(old), len(new))
    if old.isascii() and new.isascii():  # one character a byte: the bytes that differ, found in C
        a, b = old.encode(), new.encode()
        x = int.from_bytes(a[:n], "big") ^ int.from_bytes(b[:n], "big")
        head = n - (x.bit_length() + 7) // 8
        m = n - head
        x = int.from_bytes(a[len(a) - m :], "big") ^ int.from_bytes(b[len(b) - m :], "big")
        tail = ((x & -x).bit_length() - 1) // 8 if x else m
        return [i, head, tail, new[head : len(new) - tail]]
    lo, hi = 0, n  # the longest common head, found by halves (each comparison in C)
    while lo < hi:
        m = (lo + hi + 1) // 2
        if old[:m] == new[:m]:
            lo = m
        else:
            hi = m - 1
    head = lo
    lo, hi = 0, n - head
    while lo < hi:
        m = (lo + hi + 1) // 2
        if old[len(old) - m :] == new[len(new) - m :]:
            lo = m
        else:
            hi = m - 1
    tail = lo
    middle = new[head : len(new) - tail]
    if _astral(old) or _astral(new):  # a browser counts such a character twice
        head += _astral(new[:head])
        tail += _astral(new[len(new) - tail :])
    return [i, head, tail, middle]


def _astral(text: str) -> int:
    """How many characters of ``text`` lie beyond the Basic Multilingual Plane (an emoji): each is
    two UTF-16 units, which is how a browser counts characters."""
    if not text or max(text) <= "\uffff":
        return 0
    return sum(c > "\uffff" for c in text)


def _join(like: str, head: int, text: str, tail: int) -> str:
    """``like``'s first ``head`` and last ``tail`` characters, counted in UTF-16 units as a browser
    does, with ``text`` between them."""
    if not _astral(like):
        return like[:head] + text + like[len(like) - tail :]
    units = like.encode("utf-16-le")
    return units[: 2 * head].decode("utf-16-le") + text + units[len(units) - 2 * tail :].decode("utf-16-le")


def _anchors(a: list[Any], i0: int, i1: int, b: list[Any], j0: int, j1: int) -> list[tuple[int, int]]:
    """Parts that occur exactly once in each range, matched in order (the longest such run)."""
    seen_a: dict[Any, int] = {}
    for i in range(i0, i1):
        seen_a[a[i]] = -1 if a[i] in seen_a else i
    seen_b: dict[Any, int] = {}
    for j in range(j0, j1):
        seen_b[b[j]] = -1 if b[j] in seen_b else j
    pairs = [(i, seen_b[t]) for t, i in seen_a.items() if i >= 0 and seen_b.get(t, -1) >= 0]
    if not pairs:
        return []
    pairs.sort()
    # the longest increasing run of b's positions (patience sorting)
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
    if "k" in op:
        return _rows(op)
    if "l" in op:
        items = list(old)
        for edit in reversed(op["l"]):
            if len(edit) == 2:  # one item changed in place
                items[edit[0]] = _apply(items[edit[0]], edit[1])
            else:
                items[edit[0] : edit[1]] = edit[2] if type(edit[2]) is list else _rows(edit[2])
        return items
    return _apply_text(old, op)


def _rows(op: dict[str, Any]) -> list[dict[str, Any]]:
    """A long list of objects sent as rows (:func:`_put`)."""
    out = []
    seen: dict[str, list[Any]] = {}  # each key's values, row by row
    for row in op["r"]:
        keys = op["k"][row[0]]
        values = iter(row[2:])
        item = {}
        for n, k in enumerate(keys):
            was = seen.setdefault(k, [])
            if row[1] >> n & 1:
                v = was[-1]
            elif row[1] >> (16 + n) & 1:
                back, head, tail, text = next(values)
                v = _join(was[len(was) - back], head, text, tail)
            else:
                v = next(values)
            item[k] = v
            was.append(v)
        out.append(item)
    return out


def _apply_text(old: str, op: dict[str, Any]) -> str:
    sep = op["s"]
    was = old.split(sep)
    parts: list[str] = []
    at = 0
    for edit in op["e"]:
        parts.extend(was[at : edit[0]])
        if len(edit) == 4:  # within one part
            i, head, tail, text = edit
            parts.append(_join(was[i], head, text, tail))
            at = i + 1
        else:
            for new in edit[2]:
                if type(new) is str:
                    parts.append(new)
                elif len(new) == 2:  # an alike part before it with some pieces changed
                    pieces = parts[len(parts) - new[0]].split('"')
                    for n, piece in new[1].items():
                        pieces[int(n)] = piece
                    parts.append('"'.join(pieces))
                else:  # an alike part before it with its middle changed
                    back, head, tail, text = new
                    parts.append(_join(parts[len(parts) - back], head, text, tail))
            at = edit[1]
    parts.extend(was[at:])
    return sep.join(parts)


def _apply_object(old: dict[str, Any], ops: dict[str, Any]) -> dict[str, Any]:
    out = dict(old)
    for k, op in ops.items():
        if op == []:
            out.pop(k, None)
        else:
            out[k] = _apply(out.get(k), op)
    return out

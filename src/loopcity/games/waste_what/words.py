"""Numbers in words for messages whose numbers come from content ("All four slots", "the third Burn
slot"): a designer who changes the content changes the message."""

from __future__ import annotations

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def count_word(n: int) -> str:
    """'four' for 4; digits beyond ten."""
    return _COUNTS[n] if 0 <= n < len(_COUNTS) else str(n)


def ordinal(n: int) -> str:
    """'third' for 3; '12th' beyond the ninth."""
    if 0 <= n < len(_ORDINALS):
        return _ORDINALS[n]
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def all_of(n: int) -> str:
    """'both' for 2, else 'all four' (how the rulebook speaks of a set of slots)."""
    return "both" if n == 2 else f"all {count_word(n)}"

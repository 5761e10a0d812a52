"""Counts in words as a person writes them: "1 frame", "2 frames", "1,204 calls"."""

from __future__ import annotations

#: Plurals that are not the word with an s.
_IRREGULAR = {"entry": "entries", "property": "properties", "binding": "bindings",
              "child": "children", "match": "matches"}


def plural(word: str) -> str:
    return _IRREGULAR.get(word, word + "s")


def counted(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1, thousands separated."""
    return f"{n:,} {word if n == 1 else plural(word)}"

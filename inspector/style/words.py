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


def size_text(n: int) -> str:
    """Bytes as a person reads them: "1 byte", "740 bytes", "7.3 KB", "2.0 MB"."""
    if n < 1024:
        return counted(n, "byte")
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / (1024 * 1024):.1f} MB"

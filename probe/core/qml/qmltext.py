"""QML source text without Qt: comments and strings blanked out, brackets matched.

Shared by the readers of .qml files (bindings.py, declarations.py); it imports no Qt, so
reading a declaration never loads QtQml or QtQuick into an app that does not use them.
"""

from __future__ import annotations


def blank(text: str) -> str:
    """``text`` with comments and string contents turned to spaces (same offsets, same
    newlines), so brackets and colons can be found by plain scanning."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = ["\n" if ch == "\n" else " " for ch in text[i:j]]
            i = j
        elif c in "\"'`":
            j = i + 1
            while j < n and text[j] != c and not (text[j] == "\n" and c != "`"):
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = "\n" if text[k] == "\n" else " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def match_close(code: str, open_at: int) -> int:
    """Offset of the bracket closing the one at ``open_at`` (in blanked code)."""
    depth = 0
    for i in range(open_at, len(code)):
        if code[i] in "([{":
            depth += 1
        elif code[i] in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return len(code)

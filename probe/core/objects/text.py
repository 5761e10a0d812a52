"""How objects read as text: labels without mnemonics, names on one line.

Shared by selectors (``@text:``), the accessibility engine and handles, so a name is
cleaned the same way wherever it is shown or matched.
"""

from __future__ import annotations

import re

_MNEMONIC = re.compile(r"&(.)")
#: Longest name shown for an element; longer ones end in "…".
NAME_LIMIT = 200


def strip_mnemonic(text: str) -> str:
    """Widget text as shown: '&Name' -> 'Name', '&&' -> '&'."""
    if "&" not in text:
        return text
    return _MNEMONIC.sub(r"\1", text)


def clean_name(text: str | None, limit: int = NAME_LIMIT) -> str:
    """An accessible name as shown: one line, no trailing colon (label text), bounded."""
    if not text:
        return ""
    if "\n" in text or "\r" in text or "\t" in text:
        text = " ".join(text.split())
    text = text.strip()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text

"""Keys and buttons by name: ``ctrl+s``, ``Return``, ``shift+Tab``, ``left`` -> Qt values.

Parsing only, no delivery, so a bad key name fails (INVALID_KEY, with what exists) before
anything happens in the app. Key events carry their text: :mod:`.simulate` sends them
itself, since ``QTest.keyClicks`` aborts the process on characters outside Latin-1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from probe.core.errors import QtError

BUTTONS: dict[str, Qt.MouseButton] = {
    "left": Qt.MouseButton.LeftButton,
    "right": Qt.MouseButton.RightButton,
    "middle": Qt.MouseButton.MiddleButton,
}

_MOD = Qt.KeyboardModifier
MODIFIERS: dict[str, Qt.KeyboardModifier] = {
    "ctrl": _MOD.ControlModifier, "control": _MOD.ControlModifier,
    "shift": _MOD.ShiftModifier,
    "alt": _MOD.AltModifier, "option": _MOD.AltModifier,
    "meta": _MOD.MetaModifier, "super": _MOD.MetaModifier, "cmd": _MOD.MetaModifier,
    "command": _MOD.MetaModifier, "win": _MOD.MetaModifier,
    "keypad": _MOD.KeypadModifier,
}

_K = Qt.Key
#: xdotool / X keysym names (lower-cased) that QKeySequence does not parse, or parses wrongly.
KEY_NAMES: dict[str, Qt.Key] = {
    "return": _K.Key_Return, "enter": _K.Key_Enter, "kp_enter": _K.Key_Enter,
    "tab": _K.Key_Tab, "iso_left_tab": _K.Key_Backtab, "backtab": _K.Key_Backtab,
    "backspace": _K.Key_Backspace, "escape": _K.Key_Escape, "esc": _K.Key_Escape,
    "delete": _K.Key_Delete, "del": _K.Key_Delete, "insert": _K.Key_Insert,
    "home": _K.Key_Home, "end": _K.Key_End,
    "page_up": _K.Key_PageUp, "pageup": _K.Key_PageUp, "prior": _K.Key_PageUp,
    "page_down": _K.Key_PageDown, "pagedown": _K.Key_PageDown, "next": _K.Key_PageDown,
    "left": _K.Key_Left, "right": _K.Key_Right, "up": _K.Key_Up, "down": _K.Key_Down,
    "space": _K.Key_Space, "menu": _K.Key_Menu, "caps_lock": _K.Key_CapsLock,
    "minus": _K.Key_Minus, "plus": _K.Key_Plus, "comma": _K.Key_Comma,
    "period": _K.Key_Period, "slash": _K.Key_Slash, "backslash": _K.Key_Backslash,
    "semicolon": _K.Key_Semicolon, "equal": _K.Key_Equal, "apostrophe": _K.Key_Apostrophe,
    "bracketleft": _K.Key_BracketLeft, "bracketright": _K.Key_BracketRight,
    "grave": _K.Key_QuoteLeft,
    "ctrl": _K.Key_Control, "control": _K.Key_Control, "control_l": _K.Key_Control,
    "control_r": _K.Key_Control, "shift": _K.Key_Shift, "shift_l": _K.Key_Shift,
    "shift_r": _K.Key_Shift, "alt": _K.Key_Alt, "alt_l": _K.Key_Alt, "alt_r": _K.Key_Alt,
    "super": _K.Key_Meta, "super_l": _K.Key_Meta, "meta": _K.Key_Meta, "cmd": _K.Key_Meta,
}
KEY_NAMES.update({f"kp_{d}": Qt.Key(_K.Key_0.value + d) for d in range(10)})
KEY_NAMES.update({f"f{n}": Qt.Key(_K.Key_F1.value + n - 1) for n in range(1, 25)})

#: Text a key event carries for keys that type something but are no printable character.
_KEY_TEXT = {_K.Key_Return: "\r", _K.Key_Enter: "\r", _K.Key_Tab: "\t", _K.Key_Space: " "}


@dataclass(frozen=True)
class KeyStroke:
    """One key with its modifiers and the text it types (empty for commands)."""

    key: int
    modifiers: Qt.KeyboardModifier
    text: str


# ----------------------------------------------------------------------------- parsing


def modifiers_of(names: Iterable[str]) -> Qt.KeyboardModifier:
    """``["ctrl", "shift"]`` -> the Qt modifier flags; INVALID_KEY names what exists."""
    flags = _MOD.NoModifier
    for name in names:
        flag = MODIFIERS.get(name.strip().lower())
        if flag is None:
            raise QtError("INVALID_KEY", f"unknown modifier {name!r}",
                          available=sorted(set(MODIFIERS)))
        flags |= flag
    return flags


def button_of(name: str) -> Qt.MouseButton:
    button = BUTTONS.get(name.lower())
    if button is None:
        raise QtError("INVALID_KEY", f"unknown mouse button {name!r}", available=list(BUTTONS))
    return button


def _key_of(name: str) -> int:
    known = KEY_NAMES.get(name.lower())
    if known is not None:
        return known.value
    if len(name) == 1:
        if name == " ":
            return _K.Key_Space.value
        return ord(name.upper()) if name.isascii() else 0
    seq = QKeySequence.fromString(name)
    if seq.count() == 1 and seq[0].keyboardModifiers() == _MOD.NoModifier:  # pyright: ignore[reportIndexIssue]  # PySide6's stub lacks QKeySequence[i]
        key = seq[0].key().value  # pyright: ignore[reportIndexIssue]  # (as above)
        if key != _K.Key_unknown.value:
            return key
    raise QtError("INVALID_KEY", f"unknown key {name!r}",
                  hint="Use names such as Return, Tab, BackSpace, Escape, Page_Down, F5, a, "
                       "combined with ctrl+, shift+, alt+, meta+ (ctrl+s, Ctrl+Shift+S).",
                  examples=["Return", "ctrl+s", "Ctrl+Shift+S", "Page_Down", "shift+Tab"])


def parse_combo(combo: str) -> KeyStroke:
    """One chord: ``ctrl+s``, ``Ctrl+Shift+S``, ``Return``, ``a``, ``ctrl++``."""
    text = combo.strip() or combo
    if not text:
        raise QtError("INVALID_KEY", "empty key name")
    mods: list[str]
    if len(text) > 1 and text.endswith("++"):  # "ctrl++": the key is plus
        mods, key_name = text[:-2].split("+"), "+"
    elif len(text) == 1:
        mods, key_name = [], text
    else:
        *mods, key_name = text.split("+")
    flags = modifiers_of(m for m in mods if m)
    key = _key_of(key_name)
    if key in (_K.Key_Control.value, _K.Key_Shift.value, _K.Key_Alt.value,
               _K.Key_Meta.value):
        return KeyStroke(key, flags, "")
    typed = ""
    if not flags & (_MOD.ControlModifier | _MOD.AltModifier | _MOD.MetaModifier):
        if len(key_name) == 1:
            typed = key_name.upper() if flags & _MOD.ShiftModifier else key_name
            if typed.isalpha() and typed.isupper():
                flags |= _MOD.ShiftModifier
        else:
            typed = _KEY_TEXT.get(Qt.Key(key), "") if key else ""
    return KeyStroke(key, flags, typed)


def parse_keys(sequence: str) -> list[KeyStroke]:
    """A sequence of chords separated by spaces or commas (xdotool and Qt styles)."""
    if sequence in (" ", ","):
        return [parse_combo(sequence)]
    parts = [p for chunk in sequence.replace(", ", " ").split() for p in [chunk] if p]
    if not parts:
        raise QtError("INVALID_KEY", "no key given", examples=["Return", "ctrl+s"])
    return [parse_combo(p) for p in parts]


def char_stroke(ch: str) -> KeyStroke:
    """The key event that types one character (``\\n`` is Return, ``\\t`` is Tab)."""
    if ch == "\n":
        return KeyStroke(_K.Key_Return.value, _MOD.NoModifier, "\r")
    if ch == "\t":
        return KeyStroke(_K.Key_Tab.value, _MOD.NoModifier, "\t")
    code = ord(ch.upper()) if ch.isascii() and ch.isprintable() else 0
    mods = _MOD.ShiftModifier if ch.isascii() and ch.isupper() else _MOD.NoModifier
    return KeyStroke(code, mods, ch)

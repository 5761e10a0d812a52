"""Imported by features_app.py at its first Save, after the probe started: a module with
its own ``__feature__`` selection that must still get it (PySide6 checks each new module)."""

from __future__ import annotations

from typing import Any

import PySide6  # noqa: F401  (makes __feature__)

# isort: split
from __feature__ import snake_case, true_property  # noqa: F401


def summary(window: Any) -> str:
    """The form's values as snake_case code reads them (a wrong name raises)."""
    return (f"saved {window.name_edit.text} x{window.count.value} "
            f"{'agreed' if window.agree.checked else 'not agreed'} "
            f"{window.colour.current_text}")

"""The inspector's icons: small line drawings in ``resources/icons/inspector``, coloured
for the current theme (the files hold ``#COLOR`` where the stroke colour goes).

One icon per pane (its ``NAME``) and per main action; a name without a file gets Qt's
standard icon for it, else an empty icon, so a missing file never breaks a window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QSize
from PySide6.QtGui import QIcon, QImageReader, QPixmap
from PySide6.QtWidgets import QApplication, QStyle

import resources
from inspector.style import theme

FOLDER = Path(resources.__file__).parent / "icons" / "inspector"
#: Qt's own icon where a name has no drawing of ours.
STANDARD = {"warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
            "info": QStyle.StandardPixmap.SP_MessageBoxInformation}
_cache: dict[tuple[str, str], QIcon] = {}


def icon(name: str) -> QIcon:
    """The icon ``name`` in the current theme's colours."""
    key = (name, theme.current())
    found = _cache.get(key)
    if found is not None:
        return found
    made = QIcon()
    path = FOLDER / f"{name}.svg"
    if path.is_file():
        svg = path.read_text(encoding="utf-8").replace("#COLOR", theme.accent("icon").name())
        data = QByteArray(svg.encode())
        for size in (16, 24, 32, 48):
            buffer = QBuffer(data)
            reader = QImageReader(buffer, QByteArray(b"svg"))
            reader.setScaledSize(QSize(size, size))
            image = reader.read()
            if not image.isNull():
                made.addPixmap(QPixmap.fromImage(image))
    elif name in STANDARD and QApplication.instance() is not None:
        made = QApplication.style().standardIcon(STANDARD[name])
    _cache[key] = made
    return made

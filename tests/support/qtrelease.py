"""The Qt release the tests run on, as ``(major, minor)``: what tests compare against to
expect a release's known behaviour (QML accessibility before 6.10, menus before 6.12)."""

from __future__ import annotations

from PySide6.QtCore import qVersion

QT_RELEASE: tuple[int, int] = tuple(int(n) for n in qVersion().split(".")[:2])  # type: ignore[assignment]

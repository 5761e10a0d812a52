"""The details' tab widget: every tab titled while all titles fit, else the front tab
titled and the others their icon alone (the title in their tool tip), so no title is
ever cut or scrolled half out of view as more details tabs come."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTabWidget, QWidget


class DetailTabs(QTabWidget):
    """A QTabWidget that drops the titles of the tabs behind when they do not all fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _i: self.fit())

    def add(self, page: QWidget, icon: Any, title: str, tip: str) -> None:
        index = self.addTab(page, icon, title)
        self.tabBar().setTabData(index, title)  # the title, while the text may be empty
        self.setTabToolTip(index, title if not tip or tip == title else f"{title}: {tip}")
        self.fit()

    def title(self, index: int) -> str:
        return str(self.tabBar().tabData(index) or "")

    def fit(self) -> None:
        bar = self.tabBar()
        for i in range(self.count()):
            bar.setTabText(i, self.title(i))
        if sum(bar.tabSizeHint(i).width() for i in range(self.count())) <= self.width():
            return
        for i in range(self.count()):
            if i != self.currentIndex():
                bar.setTabText(i, "")

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit()

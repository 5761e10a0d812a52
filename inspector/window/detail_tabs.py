"""The details' tab widget: every tab titled while all titles fit, else the front tab
titled and the others their icon alone (the title in its tool tip and accessible name),
so no title is ever cut or scrolled half out of view as more details tabs come."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTabWidget, QWidget


class DetailTabs(QTabWidget):
    """A QTabWidget that drops the titles of the tabs behind when they do not all fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: each tab's title, by its page (tabText may be empty while compact)
        self.titles: dict[QWidget, str] = {}
        self.currentChanged.connect(lambda _i: self.fit())

    def add(self, page: QWidget, icon: Any, title: str, tip: str) -> None:
        self.titles[page] = title
        index = self.addTab(page, icon, title)
        self.setTabToolTip(index, tip if tip and tip != title else title)
        self.fit()

    def compact(self) -> bool:
        """Whether only the front tab shows its title now."""
        return any(not self.tabText(i) for i in range(self.count()))

    def fit(self) -> None:
        bar = self.tabBar()
        for i in range(self.count()):
            bar.setTabText(i, self.titles.get(self.widget(i), bar.tabText(i)))
        if sum(bar.tabSizeHint(i).width() for i in range(self.count())) <= self.width():
            return
        for i in range(self.count()):
            if i != self.currentIndex():
                page = self.widget(i)
                title = self.titles.get(page, "")
                bar.setTabText(i, "")
                bar.setTabToolTip(i, bar.tabToolTip(i) if title in bar.tabToolTip(i)
                                  else f"{title}: {bar.tabToolTip(i)}")
                page.setAccessibleName(title)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit()

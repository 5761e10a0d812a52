"""Which texts of a window are cut short where a user sees them.

A text is *cut* when the room it is drawn in holds less than its first word: a tab
"Acce…", a header "O…", a button whose label does not fit its width. Every visible tab
of every tab bar (the docks' included), header section, button, combo box, dock title,
elided label and list item is measured with its own font against the room it gets.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QHeaderView,
    QListWidget,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionTab,
    QTabBar,
    QWidget,
)

from inspector.widgets.hints import ElidedLabel

#: Pixels a style may take around a text (frames, padding) beyond what is measured here.
SLACK = 2


def first_word(text: str) -> str:
    words = text.replace("&", "").split()
    return words[0] if words else ""


def _needs(metrics: QFontMetrics, text: str) -> int:
    word = first_word(text)
    return metrics.horizontalAdvance(word) if word else 0


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def _visible_width(widget: QWidget, rect: QRect) -> int:
    """The width of ``rect`` (widget coordinates) that the widget really shows."""
    return rect.intersected(widget.visibleRegion().boundingRect()).width()


def cut_texts(root: QWidget) -> list[str]:
    """One line per text under ``root`` cut below its first word (empty: all legible)."""
    out: list[str] = []
    for bar in root.findChildren(QTabBar):
        if not _shown(bar):
            continue
        metrics = bar.fontMetrics()
        for i in range(bar.count()):
            text = bar.tabText(i)
            option = QStyleOptionTab()
            bar.initStyleOption(option, i)  # the room the style gives the text
            rect = bar.style().subElementRect(QStyle.SubElement.SE_TabBarTabText, option, bar)
            room = _visible_width(bar, rect)
            if bar.tabRect(i).isValid() and room + SLACK < _needs(metrics, text):
                out.append(f"tab {text!r} in {bar.parentWidget().objectName() or 'a tab bar'}"
                           f": {room} px for {_needs(metrics, text)}")
    for header in root.findChildren(QHeaderView):
        if not _shown(header) or header.orientation().name != "Horizontal":
            continue
        model = header.model()
        if model is None:
            continue
        metrics = header.fontMetrics()
        for section in range(header.count()):
            if header.isSectionHidden(section):
                continue
            text = str(model.headerData(section, header.orientation()) or "")
            start = header.sectionViewportPosition(section)
            rect = QRect(start, 0, header.sectionSize(section), header.height())
            room = _visible_width(header, rect) - 8
            if room <= 0:  # scrolled out of sight: not shown at all
                continue
            if room + SLACK < _needs(metrics, text):
                out.append(f"header {text!r} of {header.parentWidget().objectName()}: "
                           f"{room} px for {_needs(metrics, text)}")
    for button in root.findChildren(QAbstractButton):
        if not _shown(button) or not button.text():
            continue
        button_style = getattr(button, "toolButtonStyle", None)
        if button_style is not None and button_style().name == "ToolButtonIconOnly":
            continue
        hint = button.sizeHint().width()
        if button.width() + SLACK < hint:
            extra = hint - button.width()
            word = _needs(button.fontMetrics(), button.text())
            text_room = button.fontMetrics().horizontalAdvance(button.text().replace("&", ""))
            if text_room - extra + SLACK < word:
                out.append(f"button {button.text()!r} ({button.objectName()}): "
                           f"{button.width()} px of {hint}")
    for combo in root.findChildren(QComboBox):
        if not _shown(combo) or not combo.currentText():
            continue
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                             QStyle.SubControl.SC_ComboBoxEditField, combo)
        room = field.width() - (combo.iconSize().width() + 4
                                if not combo.itemIcon(combo.currentIndex()).isNull() else 0)
        if room + SLACK < _needs(combo.fontMetrics(), combo.currentText()):
            out.append(f"combo box {combo.currentText()!r} ({combo.objectName()}): {room} px")
    for dock in root.findChildren(QDockWidget):
        if not _shown(dock):
            continue
        bar = dock.titleBarWidget()
        room = (bar.width() if bar is not None else dock.width()) - 60  # float/close buttons
        if room + SLACK < _needs(dock.fontMetrics(), dock.windowTitle()):
            out.append(f"dock title {dock.windowTitle()!r}: {room} px")
    for label in root.findChildren(ElidedLabel):
        if _shown(label) and label.text():
            room = label.contentsRect().width()
            if room + SLACK < _needs(label.fontMetrics(), label.text()):
                out.append(f"label {label.text()[:30]!r} ({label.objectName()}): {room} px")
    for widget in root.findChildren(QListWidget):
        if not _shown(widget):
            continue
        for row in range(widget.count()):
            item = widget.item(row)
            rect = widget.visualItemRect(item)
            room = min(rect.right(), widget.viewport().width()) - rect.left() - \
                widget.iconSize().width() - 8
            text = item.text()
            if room + SLACK < _needs(widget.fontMetrics(), text):
                out.append(f"list item {text!r} ({widget.objectName()}): {room} px")
    return out

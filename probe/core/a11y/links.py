"""The links of a rich-text QLabel (and of a QTextBrowser) as elements a user can click.

Qt's accessible interface of a label is one static text: its links are neither children
nor actions, so ``linkActivated`` (the signal apps connect to them) could not be reached by
ref. Each link here is a ``link`` node whose :class:`LinkSpot` finds it again by its
target and its place among the label's links, and lays the label's text out as QLabel
does (its font, its width when it wraps, no document margin, its alignment) to know where
the link's text is. A click on it is a real click there; should the layout be off and no
``linkActivated`` come, it is emitted as the click would have (:func:`click`). GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6 import QtGui
from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QTextBlock, QTextDocument, QTextFragment
from PySide6.QtWidgets import QAbstractScrollArea, QLabel, QTextBrowser, QTextEdit, QWidget

from probe.core.a11y.nodes import SpotNode
from probe.core.objects.text import clean_name

#: Links shown per label.
LINK_CAP = 50


#: The widgets that may show links (has_links is False for any other).
LINKED = (QLabel, QTextBrowser)


def has_links(w: QWidget) -> bool:
    """A label whose text is rich text with at least one link, or a text browser with
    one (its links are clicked in its viewport)."""
    if isinstance(w, QTextBrowser):
        return "href" in QTextEdit.toHtml(w).lower()
    if not isinstance(w, QLabel):
        return False
    text = QLabel.text(w)
    if "href" not in text.lower():
        return False
    fmt = QLabel.textFormat(w)
    return fmt == Qt.TextFormat.RichText or (fmt == Qt.TextFormat.AutoText and
                                             QtGui.Qt.mightBeRichText(text))


def _layout(label: QLabel) -> tuple[QTextDocument, QRectF]:
    """The label's text laid out as QLabel lays it out, and where it is drawn."""
    doc = QTextDocument()
    doc.setDefaultFont(QWidget.font(label))
    doc.setDocumentMargin(0)
    doc.setHtml(QLabel.text(label))
    cr = QWidget.contentsRect(label)
    margin = QLabel.margin(label)
    cr.adjust(margin, margin, -margin, -margin)
    if QLabel.wordWrap(label):
        doc.setTextWidth(cr.width())
    else:
        doc.setTextWidth(doc.idealWidth())
    size = doc.size()
    align = QLabel.alignment(label)
    x = float(cr.left())
    if align & Qt.AlignmentFlag.AlignRight:
        x = cr.right() - size.width()
    elif align & Qt.AlignmentFlag.AlignHCenter:
        x = cr.left() + (cr.width() - size.width()) / 2
    y = float(cr.top())
    if align & Qt.AlignmentFlag.AlignBottom:
        y = cr.bottom() - size.height()
    elif align & Qt.AlignmentFlag.AlignVCenter or not align & Qt.AlignmentFlag.AlignTop:
        y = cr.top() + (cr.height() - size.height()) / 2
    return doc, QRectF(x, y, size.width(), size.height())


def links_of(w: QWidget) -> list[tuple[str, str, QRect]]:
    """(target, text, rect in the widget that takes the click: the label, or a text
    browser's viewport) of each link, in reading order."""
    if isinstance(w, QTextBrowser):
        doc = QTextEdit.document(w)
        area = QRectF(-QAbstractScrollArea.horizontalScrollBar(w).value(),
                      -QAbstractScrollArea.verticalScrollBar(w).value(), 0, 0)
    else:
        assert isinstance(w, QLabel)
        doc, area = _layout(w)
    out: list[tuple[str, str, QRect]] = []
    layout = doc.documentLayout()
    block = doc.begin()
    while block.isValid() and len(out) < LINK_CAP:
        top = layout.blockBoundingRect(block).topLeft()
        lay = QTextBlock.layout(block)
        it = block.begin()
        while not it.atEnd():
            frag = it.fragment()
            fmt = frag.charFormat()
            if frag.isValid() and fmt.isAnchor() and fmt.anchorHref():
                start = frag.position() - block.position()
                line = lay.lineForTextPosition(start)
                if line.isValid():
                    end = min(start + frag.length(), line.textStart() + line.textLength())
                    x1, x2 = _x(line.cursorToX(start)), _x(line.cursorToX(end))
                    r = QRectF(area.x() + top.x() + x1, area.y() + top.y() + line.y(),
                               max(1.0, x2 - x1), line.height()).toRect()
                    href, text = fmt.anchorHref(), clean_name(QTextFragment.text(frag))
                    if out and out[-1][0] == href and out[-1][2].right() + 1 >= r.left() \
                            and out[-1][2].top() == r.top():  # one link in several runs
                        prev = out[-1]
                        out[-1] = (href, clean_name(f"{prev[1]} {text}"), prev[2].united(r))
                    else:
                        out.append((href, text, r))
            it += 1
        block = block.next()
    return out


def _x(value: Any) -> float:
    """``QTextLine.cursorToX`` answers a float, or (x, position) in some bindings."""
    return float(value[0] if isinstance(value, tuple) else value)


@dataclass(frozen=True, slots=True)
class LinkSpot:
    """One link of a label: its target and which of the label's links with that target."""

    href: str
    nth: int

    @property
    def key(self) -> tuple[Any, ...]:
        return ("link", self.href, self.nth)

    def locate(self, owner: QWidget) -> tuple[QWidget, QRect] | None:
        if not has_links(owner):
            return None
        same = [r for href, _, r in links_of(owner) if href == self.href]
        return (_receiver(owner), same[self.nth]) if self.nth < len(same) else None


def _receiver(w: QWidget) -> QWidget:
    """The widget a link's click goes to: a text browser's viewport, else the label."""
    return QAbstractScrollArea.viewport(w) if isinstance(w, QTextBrowser) else w


def nodes(w: QWidget, x: int, y: int) -> list[SpotNode]:
    """The widget's links as ``link`` nodes, bounds in window coordinates (the widget at
    (x, y)); those scrolled out of a browser's view are left out."""
    out: list[SpotNode] = []
    seen: dict[str, int] = {}
    target = _receiver(w)
    shift = QWidget.mapTo(target, w, QPoint(0, 0)) if target is not w else QPoint(0, 0)
    shown = QWidget.rect(target)
    for href, text, r in links_of(w):
        nth = seen.get(href, 0)
        seen[href] = nth + 1
        if not shown.intersects(r):
            continue
        out.append(SpotNode("link", text or href, w,
                            bounds=(x + shift.x() + r.x(), y + shift.y() + r.y(), r.width(),
                                    r.height()),
                            interactive=True, spot=LinkSpot(href, nth), value=""))
    return out


def click(label: QLabel, spot: LinkSpot, press: Callable[[], Any]) -> None:
    """Click the link (``press`` clicks at its place); when the label did not answer with
    ``linkActivated`` (its text laid out otherwise than here), emit it as the click would."""
    seen: list[str] = []

    def heard(href: str) -> None:
        seen.append(href)
    label.linkActivated.connect(heard)
    try:
        press()
    finally:
        label.linkActivated.disconnect(heard)
    flags = QLabel.textInteractionFlags(label)
    if not seen and not QLabel.openExternalLinks(label) and \
            flags & Qt.TextInteractionFlag.LinksAccessibleByMouse:
        label.linkActivated.emit(spot.href)

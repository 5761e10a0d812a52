"""The live view's pixel comparisons: what decides that a frame or a rectangle is unchanged.

A wrong "same" drops a change the user never sees, so each comparison is checked against
one changed pixel at every kind of place: inside and outside the rectangle, in each pixel
format a window's picture comes in (32-bit words, 24-bit rows with padding), rectangles
that span whole rows and ones that do not.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage

from probe.core.capture.frames import same_in, same_pixels

FORMATS = [QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied,
           QImage.Format.Format_RGB888]


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.name)
@pytest.mark.parametrize("size", [(64, 48), (33, 17), (1, 1)], ids=str)
def test_one_changed_pixel_is_seen_exactly_where_it_is(qapp: object, fmt: QImage.Format,
                                                      size: tuple[int, int]) -> None:
    w, h = size
    before = QImage(w, h, fmt)
    before.fill(QColor(10, 20, 30))
    rng = random.Random(f"{fmt.name}{size}")
    wrong: list[str] = []
    for _ in range(200):
        x, y = rng.randrange(w), rng.randrange(h)
        rect = QRect(x, y, rng.randint(1, w - x), rng.randint(1, h - y))
        if rng.random() < 0.2:  # whole rows: the comparison's fast path
            rect = QRect(0, y, w, rect.height())
        after = before.copy()
        px, py = rng.randrange(w), rng.randrange(h)
        after.setPixelColor(px, py, QColor(200, 0, 0))
        changed = rect.contains(px, py)
        piece = after.copy(rect)
        if same_in(before, after, rect) == changed:
            wrong.append(f"same_in {rect} pixel {px},{py}")
        if same_pixels(before, rect, piece) == changed:
            wrong.append(f"same_pixels {rect} pixel {px},{py}")
        if not same_pixels(after, rect, piece):
            wrong.append(f"same_pixels of its own piece {rect}")
    assert wrong == []


def test_a_piece_of_another_size_or_format_or_outside_is_never_the_same(qapp: object) -> None:
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    rect = QRect(5, 5, 10, 10)
    assert same_pixels(image, rect, image.copy(rect))
    assert not same_pixels(image, rect, image.copy(QRect(5, 5, 10, 11)))
    other = image.copy(rect).convertToFormat(QImage.Format.Format_RGB888)
    assert not same_pixels(image, rect, other)
    assert not same_pixels(image, QRect(35, 25, 10, 10), image.copy(QRect(0, 0, 10, 10)))

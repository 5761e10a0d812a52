"""Watching connects (#39 item 2) keeps nothing alive and stays bounded: a note holds its
slot weakly and its signal instance only, and a sweep forgets ended connections."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QPushButton

from probe.core.data import connect_watch


class Relay(QObject):
    passed = Signal()

    def on(self) -> None:
        pass


class Plain:
    def on(self) -> None:
        pass


@pytest.fixture
def watching(qapp: QApplication) -> Iterator[None]:
    assert connect_watch.start()
    yield
    connect_watch.stop()


def test_a_note_keeps_no_sender_receiver_or_slot_alive(watching: None) -> None:
    timer, target, plain = QTimer(), Relay(), Plain()
    timer.timeout.connect(target.on)
    timer.timeout.connect(target.passed)
    timer.timeout.connect(plain.on)
    assert len(connect_watch.notes_of()) >= 3
    refs = [weakref.ref(o) for o in (timer, target, plain)]
    del timer, target, plain
    gc.collect()
    assert [r() for r in refs] == [None, None, None]
    assert connect_watch.notes_of() == []  # their connections ended with them


def test_the_table_stays_bounded_over_many_connects(watching: None) -> None:
    button = QPushButton()
    for _ in range(10_000):
        button.clicked.connect(button.click)
        button.clicked.disconnect(button.click)
    assert connect_watch.held() < 200, connect_watch.held()
    button.clicked.connect(button.click)
    assert [n.slot.name for n in connect_watch.notes_of()] == ["click"]

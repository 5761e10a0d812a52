"""Watching connects (#39 item 2) keeps nothing alive and stays bounded: a note holds its
slot weakly and its signal instance only, and a sweep forgets ended connections."""

from __future__ import annotations

import gc
import os
import sys
import sysconfig
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import SIGNAL, QObject, QTimer, Signal, SignalInstance
from PySide6.QtWidgets import QApplication, QPushButton

from probe.core.data import connect_watch
from probe.core.data.connections import connected_at, describe, signature_of


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


def test_a_disconnect_lets_that_signals_ended_notes_go_at_once(watching: None) -> None:
    """A held handle keeps Qt's record of an ended connection (and slows the app's later
    connects), so a disconnect does not wait for the next sweep."""
    buttons = [QPushButton() for _ in range(3)]
    for b in buttons:
        for _ in range(10):
            b.clicked.connect(b.click)
    assert connect_watch.held() == 30
    buttons[0].clicked.disconnect()
    assert connect_watch.held() == 20
    assert {id(n.signal) for n in connect_watch.notes_of()} == {
        id(b.clicked) for b in buttons[1:]}


def test_a_connect_made_for_the_app_by_a_library_helper_names_the_apps_line(
        watching: None) -> None:
    """Only the caller's frame is noted unless its code is not the app's (here a helper
    compiled as a stdlib file): then the frames further out are, and the app's line is
    the one named, never the helper's."""
    helper_file = os.path.join(sysconfig.get_paths()["stdlib"], "qtmcp_test_helper.py")
    space: dict[str, Any] = {}
    exec(compile("def wire(sig, slot):\n    return sig.connect(slot)\n", helper_file,
                 "exec"), space)
    button, target = QPushButton(), Relay()
    line = sys._getframe().f_lineno + 1
    space["wire"](button.clicked, target.on)
    direct = sys._getframe().f_lineno + 1
    button.pressed.connect(target.on)
    sites = {signature_of(n.signal): connected_at(n) for n in connect_watch.notes_of()}
    assert sites["clicked()"] == {"file": os.path.abspath(__file__), "line": line,
                                  "function": "test_a_connect_made_for_the_app_by_a_library_"
                                              "helper_names_the_apps_line"}
    pressed = sites["pressed()"]
    assert pressed is not None and pressed["line"] == direct


def test_a_function_slot_is_named_without_keeping_its_closure(watching: None) -> None:
    class Big:
        pass

    def keeping(obj: object) -> Any:
        return lambda: obj

    button, big = QPushButton(), Big()
    held = weakref.ref(big)
    button.clicked.connect(keeping(big))
    del big
    [note] = connect_watch.notes_of()
    assert describe(note.slot).kind == "lambda"
    assert describe(note.slot).name.endswith("keeping.<locals>.<lambda>")
    assert held() is not None  # the connection holds it while it lives
    del note
    button.clicked.disconnect()
    gc.collect()
    assert held() is None
    assert connect_watch.notes_of() == []


def test_stop_gives_pyside_its_own_methods_back(qapp: QApplication) -> None:
    own = (SignalInstance.connect, SignalInstance.disconnect, QObject.__dict__["connect"],
           QObject.__dict__["disconnect"])
    assert connect_watch.start()
    assert SignalInstance.connect is not own[0] and SignalInstance.disconnect is not own[1]
    connect_watch.stop()
    assert (SignalInstance.connect, SignalInstance.disconnect, QObject.__dict__["connect"],
            QObject.__dict__["disconnect"]) == own


def test_an_old_style_connect_is_noted_under_the_senders_signal(watching: None) -> None:
    button, target = QPushButton(), Relay()
    line = sys._getframe().f_lineno + 1
    assert QObject.connect(button, SIGNAL("clicked()"), target.on)
    [note] = connect_watch.notes_of({id(button.clicked)})
    assert describe(note.slot).name == "Relay.on"
    at = connected_at(note)
    assert at is not None and (at["file"], at["line"]) == (os.path.abspath(__file__), line)
    assert QObject.disconnect(button, SIGNAL("clicked()"), target.on)
    assert connect_watch.notes_of() == []


def test_the_notes_left_after_one_of_a_signals_connections_ends_are_the_others(
        watching: None) -> None:
    button = QPushButton()
    for slot in (button.click, button.toggle, button.animateClick, button.showMenu):
        button.clicked.connect(slot)
    button.clicked.disconnect(button.toggle)
    button.pressed.connect(button.click)
    assert [(signature_of(n.signal), n.slot.name) for n in connect_watch.notes_of()] == [
        ("clicked()", "click"), ("clicked()", "animateClick"), ("clicked()", "showMenu"),
        ("pressed()", "click")]
    assert connect_watch.held() == 4


def test_senders_made_connected_and_disconnected_in_a_loop_leave_nothing(
        watching: None) -> None:
    for _ in range(2_000):
        timer = QTimer()
        timer.timeout.connect(timer.stop)
        timer.timeout.disconnect(timer.stop)
        del timer
    gc.collect()
    assert connect_watch.held() == 0
    assert len(connect_watch._seen) < 200, len(connect_watch._seen)

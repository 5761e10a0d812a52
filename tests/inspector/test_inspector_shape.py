"""The inspector's shape, checked: panes never spell the wire, panes are registered (a new
one needs no edit in the window), and the live view's marks come from the probe's
declarations, not a table of the inspector's."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import inspector.panes
from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.panes import pane_classes
from inspector.widgets.pane import KINDS, REGISTRY, Pane, register_pane
from inspector.window.main_window import MainWindow
from tests.support.inspector import make_settings

ROOT = Path(__file__).resolve().parents[2]
PANES = ROOT / "inspector" / "panes"
#: A probe method or notification name: ``qt.properties.get``, ``chr.readPage``, …
METHOD_NAME = re.compile(r"\b(?:qt|chr|cu|qml|probe)(?:\.[A-Za-z]+)+")


def method_names_in(source: str) -> list[str]:
    """Method names spelled in ``source``'s strings (docstrings and f-strings included)
    and comments; imports are code, not strings, so ``probe.exceptions`` is no hit."""
    found = [node.value for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    found += [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
              if tok.type == tokenize.COMMENT]
    return [m.group(0) for text in found for m in METHOD_NAME.finditer(text)]


def test_no_pane_spells_a_probe_method_name() -> None:
    hits = {path.name: names for path in sorted(PANES.glob("*.py"))
            if (names := method_names_in(path.read_text(encoding="utf-8")))}
    assert not hits, f"panes speak the wire (use the typed client): {hits}"


def test_the_check_finds_a_method_name() -> None:
    """The scan above would fail on the panes as they were (a pane calling the wire)."""
    source = ('"""Reads with qt.properties.list."""\n'
              'from probe.exceptions import QtmcpError  # an import is no hit\n'
              'async def load(conn):\n'
              '    # after probe.traffic\n'
              '    return await conn.call(f"chr.readPage", {"objectId": "x"})\n')
    assert method_names_in(source) == ["qt.properties.list", "chr.readPage",
                                       "probe.traffic"]


def test_the_inspector_keeps_no_table_of_marked_methods() -> None:
    tables = [p.relative_to(ROOT).as_posix() for p in (ROOT / "inspector").rglob("*.py")
              if re.search(r"\bACTING\w*\b", p.read_text(encoding="utf-8"))]
    assert not tables


def test_every_pane_module_declares_one_pane() -> None:
    modules = {p.stem for p in PANES.glob("*.py") if p.stem != "__init__"}
    declared = {cls.__module__.rsplit(".", 1)[-1] for cls in pane_classes()
                if cls.__module__.startswith(inspector.panes.__name__ + ".")}
    assert declared == modules
    specs = [cls.SPEC for cls in pane_classes()]
    assert [(KINDS.index(s.kind), s.order) for s in specs] == sorted(
        (KINDS.index(s.kind), s.order) for s in specs)
    assert len({s.name for s in specs}) == len(specs)
    assert len({(s.kind, s.order) for s in specs}) == len(specs)
    # every tool says what it is for (the tool list's tip, Help › Tools)
    assert all(s.tip for s in specs if s.kind == "tool")


class _Notes(Pane):
    """A pane a plugin might add: declared below, never named by the window."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        QVBoxLayout(self).addWidget(QLabel("notes", self))


class _Memo(_Notes):
    """A details pane a plugin might add."""


def test_a_new_pane_needs_no_edit_in_the_window(aloop: object, tmp_path: Path) -> None:
    notes = register_pane("notes", "Notes", order=99, kind="tool",
                          tip="a plugin's notes")(_Notes)
    register_pane("memo", "Memo", order=99, kind="details")(_Memo)
    try:
        win = MainWindow(make_settings(tmp_path))
        win.show()
        assert isinstance(win.pane(notes), _Notes)
        # the last tool of the list, raised by its View-menu entry
        assert win.tools.tools[-1] is win.pane(notes)
        view = next(m for m in win.menuBar().actions() if m.text() == "&View").menu()
        assert view is not None
        entry = next(a for a in view.actions() if a.text() == "Notes")
        entry.trigger()
        assert win.tools.current() == "notes"
        assert win.tools.stack.currentWidget() is win.pane(notes)
        # a details pane is a tab beside the object tools
        memo_pane = win.pane(_Memo)
        assert win.tools.details.indexOf(memo_pane) == win.tools.details.count() - 1
        assert win.show_tool("memo")
        current = win.tools.current_pane()
        assert current is not None and current.SPEC.details
        assert win.tools.details.currentWidget() is memo_pane
        win.close()
    finally:
        REGISTRY.pop("notes", None)
        REGISTRY.pop("memo", None)


def test_a_name_or_place_taken_twice_is_refused() -> None:
    for name, order in (("objects", 100), ("other", 1)):
        try:
            register_pane(name, "Twice", order=order, kind="tool")(_Notes)
        except ValueError as exc:
            assert "objects" in str(exc) or "tool number 1" in str(exc)
        else:
            raise AssertionError(f"{name!r} / {order} was taken twice")
        finally:
            REGISTRY.pop("other", None)

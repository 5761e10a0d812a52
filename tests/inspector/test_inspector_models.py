"""The inspector's models and window pieces without an app: batching, bounds, filters,
lazy tree, property edits, value formatting, themes and saved settings."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QAbstractProxyModel, QModelIndex, Qt
from PySide6.QtWidgets import QApplication

import inspector.models
from inspector.link.traffic import Call
from inspector.models.columns import Column, Columns
from inspector.models.console import ConsoleFilter, ConsoleModel
from inspector.models.object_tree import ObjectTreeModel
from inspector.models.properties import DYNAMIC, PropertyModel
from inspector.models.traffic import TrafficFilter, TrafficModel
from inspector.models.values import format_value, kind_of, parse_text
from inspector.style import theme
from inspector.window.main_window import MainWindow
from probe.wire import decode
from probe.wire.chr_console import Message
from probe.wire.probe_session import Traffic
from probe.wire.qt_objects import ObjectNode
from probe.wire.qt_properties import PropertyInfo, PropertyList
from tests.support.inspector import make_settings, qwait


def traffic(seq: int, method: str = "qt.ping", client: int = 2, name: str = "agent",
            ok: bool = True) -> Call:
    rec: dict[str, Any] = {"seq": seq, "ts": 1_700_000_000 + seq / 1000,
                           "client": {"id": client, "name": name, "role": "agent"},
                           "id": seq, "method": method, "params": {"n": seq},
                           "notification": False, "durationMs": 0.5, "ok": ok}
    if ok:
        rec["result"] = {"result": {"pong": True}, "meta": {}}
    else:
        rec["error"] = {"code": -32601, "message": "nope",
                        "data": {"name": "METHOD_NOT_FOUND", "hint": "try qt.ping"}}
    return Call(decode(Traffic, rec))


def test_log_model_batches_inserts_and_bounds_rows(qapp: QApplication) -> None:
    model = TrafficModel(limit=100, flush_ms=20)
    inserts: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _p, first, last: inserts.append((first, last)))
    for i in range(250):
        model.append(traffic(i))
    assert model.rowCount() == 0  # nothing until the timer fires
    assert model.pending <= 200  # a backlog far beyond the limit is trimmed early
    qwait(lambda: model.rowCount() == 100, what="one flush")
    assert inserts == [(0, 99)]  # one insert for the whole burst
    assert model.dropped == 150
    assert model.rows[0].record["seq"] == 150 and model.rows[-1].record["seq"] == 249
    assert not model._timer.isActive()  # idle: no timer runs without pending rows
    model.append(traffic(250))
    model.flush()
    assert model.rowCount() == 100 and model.dropped == 151


def test_traffic_filter(qapp: QApplication) -> None:
    model = TrafficModel(limit=100)
    model.own_session = 1
    proxy = TrafficFilter()
    proxy.setSourceModel(model)
    model.extend([traffic(1, client=1, name="qtmcp-inspector"), traffic(2, "qt.version"),
                  traffic(3, "qt.nope", ok=False), traffic(4, name="other", client=3)])
    model.flush()
    assert proxy.rowCount() == 3  # own call hidden
    proxy.set_filters(show_own=True)
    assert proxy.rowCount() == 4
    proxy.set_filters(errors_only=True)
    assert proxy.rowCount() == 1
    proxy.set_filters(errors_only=False, client="other")
    assert proxy.rowCount() == 1
    proxy.set_filters(client="", method="VERSION")
    assert proxy.rowCount() == 1
    err = model.rows[2]
    assert err.status == "METHOD_NOT_FOUND" and not err.ok
    assert err.response()["error"]["data"]["name"] == "METHOD_NOT_FOUND"
    assert model.data(model.index(2, 0), Qt.ItemDataRole.BackgroundRole) is not None


def test_console_model_dedupes_and_filters(qapp: QApplication) -> None:
    model = ConsoleModel()
    proxy = ConsoleFilter()
    proxy.setSourceModel(model)
    msgs = [{"seq": i, "ts": 1.0 + i, "level": lvl, "source": "logging", "text": f"m{i} {lvl}"}
            for i, lvl in enumerate(["debug", "info", "warning", "error", "critical"])]
    messages = decode(list[Message], msgs)
    assert model.add_messages(messages) == 5
    assert model.add_messages(messages[3:]) == 0  # seen seqs are skipped
    model.flush()
    assert proxy.rowCount() == 5
    proxy.set_level("warning")
    assert proxy.rowCount() == 3
    proxy.set_pattern("m4|m2")
    assert proxy.rowCount() == 2
    proxy.set_pattern("(")
    assert proxy.pattern_error and proxy.rowCount() == 3
    assert model.level_counts == {"warning": 1, "error": 1, "critical": 1}


def node(n: int, name: str = "", children: list[ObjectNode] | None = None,
         count: int = 0, path: str = "") -> ObjectNode:
    """A node as the probe sends it (children are sent nested)."""
    data: ObjectNode = {"id": f"#{n}", "className": "QWidget", "objectName": name,
                        "path": path or name or f"QWidget#{n}", "isWidget": True,
                        "visible": True, "enabled": True, "childCount": count}
    if children is not None:
        data["children"] = children
        data["childCount"] = len(children)
    return decode(ObjectNode, data)


def test_object_tree_lazy_and_live(qapp: QApplication) -> None:
    model = ObjectTreeModel()
    asked: list[str] = []
    model.fetchRequested.connect(asked.append)
    model.reset_roots([node(1, "mainWindow", count=2)])
    root = model.index(0, 0)
    assert model.hasChildren(root) and model.rowCount(root) == 0
    assert model.canFetchMore(root)
    model.fetchMore(root)
    assert asked == ["#1"] and not model.canFetchMore(root)  # one request at a time
    model.set_children("#1", [node(2, "tabs", path="mainWindow/tabs", count=1),
                              node(3, "", path="mainWindow/QWidget#0")])
    assert model.rowCount(root) == 2
    inserted: list[tuple[int, int]] = []
    removed: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _p, a, b: inserted.append((a, b)))
    model.rowsRemoved.connect(lambda _p, a, b: removed.append((a, b)))
    model.add_created(node(4, "newButton", path="mainWindow/newButton"))
    assert inserted == [(2, 2)] and model.data(model.index(2, 0, root)) == "newButton"
    model.add_created(node(5, "deep", path="mainWindow/tabs/deep"))  # parent not expanded
    assert model.nodes["#2"].child_count == 2 and "#5" not in model.nodes
    assert model.remove("#3") and removed == [(1, 1)]
    assert model.rowCount(root) == 2 and "#3" not in model.nodes
    # merging a fuller tree keeps existing rows and adds the rest
    model.merge(model.root, [node(1, "mainWindow", children=[
        node(2, "tabs", children=[node(6, "nameEdit")]), node(4, "newButton")])])
    assert model.rowCount(root) == 2
    assert model.data(model.index(0, 0, model.index(0, 0, root))) == "nameEdit"


def test_property_model_groups_and_edits(qapp: QApplication) -> None:
    model = PropertyModel()
    def prop(name: str, type_: str, value: Any, writable: bool, declared_in: str | None,
             notify: str | None = None) -> PropertyInfo:
        return {"name": name, "type": type_, "value": value, "readable": True,
                "writable": writable, "designable": True, "declaredIn": declared_in,
                "dynamic": declared_in is None, "enum": None, "notifySignal": notify}

    model.load(decode(PropertyList, {"objectId": "#1", "className": "QLineEdit", "properties": [
        prop("objectName", "QString", "e", True, "QObject"),
        prop("enabled", "bool", True, True, "QWidget"),
        prop("width", "int", 10, False, "QWidget"),
        prop("text", "QString", "hi", True, "QLineEdit", "textChanged"),
        prop("theme", "QString", "light", True, None),
    ]}))
    assert [g.name for g in model.groups] == ["QLineEdit", "QWidget", "QObject", DYNAMIC]
    edits: list[tuple[str, Any]] = []
    model.editRequested.connect(lambda n, v: edits.append((n, v)))
    enabled = model.find("enabled")
    assert model.flags(enabled) & Qt.ItemFlag.ItemIsUserCheckable
    model.setData(enabled, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    width = model.find("width")
    assert not model.flags(width) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(width, 5)
    assert edits == [("enabled", False)]
    model.reject("text", "PROPERTY_TYPE_MISMATCH: no")
    text = model.find("text")
    assert model.data(text) == "hi"
    assert "no" in model.data(text, Qt.ItemDataRole.ToolTipRole)
    model.confirm("text", "there")
    assert model.data(text) == "there" and not model.by_name["text"].error
    assert model.parent(text).data() == "QLineEdit"
    assert model.rowCount(QModelIndex()) == 4


def test_value_formatting_and_parsing() -> None:
    assert format_value({"x": 1, "y": 2, "width": 3, "height": 4}) == "1, 2  3 × 4"
    assert format_value({"width": 3, "height": 4}) == "3 × 4"
    assert format_value({"family": "Sans", "pointSizeF": 9.0, "pixelSize": -1,
                         "bold": True}).startswith("Sans, 9 pt, bold")
    assert format_value(True) == "true" and format_value(None) == ""
    assert kind_of("Qt::FocusPolicy", {"names": ["NoFocus"], "isFlag": False}) == "enum"
    assert kind_of("QFlags<Qt::AlignmentFlag>", {"names": [], "isFlag": True}) == "flags"
    assert kind_of("QRect") == "geometry" and kind_of("QColor") == "color"
    assert kind_of("QVariant", None, 3) == "int"
    assert parse_text("5", "int") == 5 and parse_text("[1, 2]", "json") == [1, 2]
    assert parse_text("plain", "json") == "plain" and parse_text("no", "bool") is False


def test_window_saves_layout_theme_and_recent(aloop: Any, tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    win = MainWindow(settings)
    win.show()
    assert set(win.docks) == {"liveView", "agentLog"}
    assert all(d.isVisible() for d in win.docks.values())
    assert all(not p.isEnabled() for p in win.panes)  # greyed until connected
    win.show_tool("console")
    win.docks["agentLog"].setFloating(True)
    win.apply_theme("dark")
    win._remember("ws://127.0.0.1:1234")
    win.resize(790, 680)  # the offscreen screen is 800 wide
    size = win.size()
    win.save_settings()
    win.close()
    assert theme.current() == "dark"
    again = MainWindow(make_settings(tmp_path))
    again.show()
    assert again.tools.current() == "console" and again.docks["agentLog"].isFloating()
    assert again.docks["liveView"].isVisible() and not again.docks["liveView"].isFloating()
    assert again.recent() == ["ws://127.0.0.1:1234"]
    assert theme.current() == "dark"
    assert again.size() == size
    again.toggle_theme()
    assert theme.current() == "light"
    again.close()


def test_models_declare_their_columns_once() -> None:
    """Every table and tree of probe data gets its header, column count and cells from
    its declared columns (inspector/models/columns.py), none writes its own headerData;
    the remote model's columns are the app model's own, read at run time."""
    own_headers = {"RemoteTableModel"}
    models: dict[str, type] = {}
    for info in pkgutil.iter_modules(inspector.models.__path__, "inspector.models."):
        if info.name == Columns.__module__:
            continue  # the bases themselves
        module = importlib.import_module(info.name)
        for name, cls in vars(module).items():
            if (isinstance(cls, type) and issubclass(cls, QAbstractItemModel)
                    and not issubclass(cls, QAbstractProxyModel)
                    and cls.__module__ == info.name):
                models[name] = cls
    assert {"TrafficModel", "ObjectTreeModel", "PropertyModel", "TimerTable"} <= set(models)
    for name, cls in models.items():
        if name in own_headers:
            continue
        assert issubclass(cls, Columns), f"{name} does not declare its columns"
        assert "headerData" not in vars(cls) and "columnCount" not in vars(cls), name
        based_on = any(m is not cls and issubclass(m, cls) for m in models.values())
        assert (cls.COLUMNS or based_on) and all(isinstance(c, Column) for c in cls.COLUMNS), \
            name

"""The shadowing rule as a check: core calls Qt through the Qt class, never through an
attribute an app's class can replace (``probe/core/objects/__init__.py`` states the rule).

Apps hide Qt methods behind attributes of their own: traitlets-based widgets have a
``parent`` that is no method, a widget class keeps ``self.model = …`` or a ``text``
string, and ``tests/realapps/quirks_app.py`` does all of that on purpose. A call such as
``w.isVisible()`` then raises in the probe (``'bool' object is not callable``) or answers
with the app's value, so core writes ``QWidget.isVisible(w)``. This test reads every
module of ``probe/core`` and fails on a call spelled on an instance.

**What is forbidden** (``FORBIDDEN``): the *non-virtual* methods of QObject, QWidget,
QWindow, QQuickItem, QAction and the item views that the probe calls to find its way
around an app: identity and tree (``parent()``, ``children``, ``objectName``,
``metaObject``, ``findChildren``, ``property``, ``inherits``, ``window``, ``thread`` …),
state (``isVisible``, ``isEnabled``, ``isWindow``, ``windowType``, ``isModal``,
``windowTitle``, ``title``, ``text()`` …) and placement (``geometry``, ``mapTo``,
``mapToGlobal``, ``mapToScene`` …). The list is the names quirks_app's ``SHADOWED``
hides, the rule's, and the everyday words apps use for attributes of their own
(``actions``, ``menu``, ``layout``, ``widget``, ``style``, ``font``); method names only Qt
uses (``tabText``, ``isSeparator``) are left to the quirks tests. ``parent`` and ``text``
are forbidden only *without* arguments: ``model.parent(index)`` is a model's virtual
method and ``iface.text(QAccessible.Name)`` an accessible interface's.
``getattr(obj, "isVisible")`` counts as a call on ``obj``.

**What stays on the object**: virtual methods, which an app overrides on purpose and
Qt itself calls (a model's ``rowCount``, ``data``, ``index``, ``parent(index)``, a view's
``visualRect``, ``indexAt``, ``event``, a layout's ``itemAt``/``count``): calling them
through a base class would skip the override. Also left out are names that value types
share with widgets and that core calls hundreds of times on points, rects, sizes,
images, accessible interfaces and dicts (``x``, ``y``, ``width``, ``height``, ``size``,
``rect``, ``pos``, ``count``, ``value``, ``state``, ``items``): an untyped check cannot
tell a QRect from a QWidget there, so quirks_app (which hides those names too) and its
tests keep them honest.

**What passes**: ``QObject.parent(x)``, ``QWidget.isVisible(w)`` (any ``Q…`` class),
``qt_class(item).window(item)`` (the Qt class found at run time,
``probe/core/objects/qtclass.py``), calls on ``self`` or ``super()`` (our own classes)
and on names the module imports (``capture.grab(w)`` is a module's function), and the
receivers in ``ALLOWED``: value types and the probe's own objects, one commented
entry each. An entry that matches nothing fails too, so the list cannot go stale.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.app import ROOT

PROBE = ROOT / "probe"
CORE = PROBE / "core"
#: The folders checked (probe/api still calls Qt on instances in a few places: add it
#: here once they are fixed).
CHECKED = (CORE,)

#: Non-virtual Qt methods an app's class can hide, with the Qt classes they come from.
FORBIDDEN: dict[str, str] = {
    # identity and the object tree
    "parent": "QObject (without arguments; QAbstractItemModel.parent(index) is virtual)",
    "children": "QObject",
    "findChildren": "QObject",
    "findChild": "QObject",
    "objectName": "QObject",
    "setObjectName": "QObject",
    "metaObject": "QObject (through the class: the Python type's dynamic meta-object)",
    "inherits": "QObject",
    "isWidgetType": "QObject",
    "isWindowType": "QObject",
    "property": "QObject (QMetaObject.property(i) receivers are allowed below)",
    "setProperty": "QObject",
    "dynamicPropertyNames": "QObject",
    "thread": "QObject",
    "parentWidget": "QWidget",
    "isAncestorOf": "QWidget",
    "window": "QWidget, QQuickItem",
    "windowHandle": "QWidget",
    "winId": "QWidget, QWindow",
    "screen": "QWidget, QWindow",
    "actions": "QWidget",
    "menu": "QAction, QPushButton, QToolButton",
    "layout": "QWidget (QLayoutItem.layout() is virtual: allowed below)",
    "widget": "QDockWidget, QScrollArea (QLayoutItem.widget() is virtual: allowed below)",
    "style": "QWidget",
    "font": "QWidget",
    "palette": "QWidget",
    "parentItem": "QQuickItem",
    "childItems": "QQuickItem",
    "contentItem": "QQuickWindow",
    # state a user sees
    "isVisible": "QWidget, QWindow, QQuickItem, QAction",
    "isHidden": "QWidget",
    "isEnabled": "QWidget, QQuickItem, QAction",
    "isWindow": "QWidget",
    "isTopLevel": "QWidget",
    "windowType": "QWidget",
    "isModal": "QWidget, QWindow",
    "hasFocus": "QWidget",
    "focusWidget": "QWidget",
    "windowTitle": "QWidget",
    "title": "QWindow, QMenu, QGroupBox",
    "text": "QAbstractButton, QLabel, QLineEdit, QAction (without arguments)",
    "toolTip": "QWidget, QAction",
    "accessibleName": "QWidget",
    "accessibleDescription": "QWidget",
    "placeholderText": "QLineEdit, QTextEdit, QPlainTextEdit, QComboBox",
    "buddy": "QLabel",
    "testAttribute": "QWidget",
    "focusPolicy": "QWidget",
    "contextMenuPolicy": "QWidget",
    "cursor": "QWidget",
    "isChecked": "QAbstractButton, QAction",
    "isCheckable": "QAbstractButton, QAction",
    "isExpanded": "QTreeView",
    "currentIndex": "QComboBox, QTabWidget, QAbstractItemView",
    # placement
    "geometry": "QWidget, QWindow",
    "frameGeometry": "QWidget, QWindow",
    "visibleRegion": "QWidget",
    "mapTo": "QWidget",
    "mapFrom": "QWidget",
    "mapToGlobal": "QWidget, QWindow",
    "mapFromGlobal": "QWidget, QWindow",
    "mapToParent": "QWidget",
    "mapFromParent": "QWidget",
    "mapToScene": "QQuickItem, QGraphicsItem",
    "mapFromScene": "QQuickItem, QGraphicsItem",
    "mapToItem": "QQuickItem",
    "mapFromItem": "QQuickItem",
    "mapRectToItem": "QQuickItem",
    "grab": "QWidget",
    # item views and scroll areas
    "model": "QAbstractItemView, QComboBox",
    "viewport": "QAbstractScrollArea",
    "selectionModel": "QAbstractItemView",
    "header": "QTreeView",
    "scene": "QGraphicsView, QGraphicsItem",
    "sceneRect": "QGraphicsView",
}
#: Forbidden only when called with no arguments (with one they are virtual or another
#: class's method).
ONLY_WITHOUT_ARGUMENTS = frozenset({"parent", "text"})

#: (module under probe/, receiver as written) -> why a forbidden name is fine there.
ALLOWED: dict[tuple[str, str], str] = {
    # QModelIndex / QPersistentModelIndex are values: no app subclasses them.
    ("core/a11y/identity/itemrefs.py", "idx"): "QModelIndex.parent()",
    ("core/a11y/identity/itemrefs.py", "cur"): "QModelIndex.parent()",
    ("core/a11y/identity/itemrefs.py", "p"): "QModelIndex.parent()",
    ("core/a11y/identity/itemrefs.py", "handle"): "QPersistentModelIndex.parent() and .model()",
    ("core/a11y/viewrows.py", "idx"): "QModelIndex.parent()",
    ("core/a11y/viewrows.py", "p"): "QModelIndex.parent()",
    ("core/data/models.py", "idx"): "QModelIndex.parent()",
    ("core/objects/modelshape.py", "cur"): "QModelIndex.parent()",
    ("core/data/models.py", "p"): "QModelIndex.parent()",
    ("core/data/models.py", "self.index"): "QPersistentModelIndex.parent()",
    # QMetaObject.property(i): the meta-object's i-th QMetaProperty, a value.
    ("core/objects/meta.py", "mo"): "QMetaObject.property(i)",
    ("core/objects/names.py", "mo"): "QMetaObject.property(i)",
    ("core/data/waits.py", "meta"): "QMetaObject.property(i)",
    ("core/qml/bindings.py", "meta"): "QMetaObject.property(i)",
    # QBrush.style(): a value.
    ("core/objects/variant.py", "b"): "QBrush.style()",
    # Called through a Qt class held in a variable.
    ("core/a11y/labels.py", "cls"): "cls runs over (QLineEdit, QTextEdit, QPlainTextEdit)",
    # QResource.children(): a resource folder's entries (a value the probe made here).
    ("core/resources.py", "QResource(folder)"): "QResource(folder).children()",
    # The probe's own objects: made by the probe, of a Qt class, never an app's.
}


def _imported(tree: ast.AST) -> set[str]:
    """The names a module binds by importing (modules, classes, functions: no app object)."""
    return {(alias.asname or alias.name).split(".")[0] for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}


def _receiver_ok(recv: ast.expr, imported: frozenset[str] = frozenset()) -> bool:
    """Calls through a Qt class, ``qt_class(obj)``, ``self``, ``super()`` or an imported
    name (``capture.grab(w)`` calls a module's function)."""
    if isinstance(recv, ast.Name):
        return recv.id.startswith("Q") or recv.id == "self" or recv.id in imported
    if isinstance(recv, ast.Call) and isinstance(recv.func, ast.Name):
        return recv.func.id in ("qt_class", "super")
    if isinstance(recv, ast.Attribute) and isinstance(recv.value, ast.Name):
        # a class from a module: QtQuick.QQuickItem.window(item)
        return recv.attr.startswith("Q")
    return False


def violations(source: str, module: str) -> list[tuple[str, int, str, str]]:
    """(module, line, receiver, call) for each forbidden call spelled on an instance."""
    out: list[tuple[str, int, str, str]] = []
    tree = ast.parse(source)
    imported = frozenset(_imported(tree))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in FORBIDDEN:
            if func.attr in ONLY_WITHOUT_ARGUMENTS and (node.args or node.keywords):
                continue
            if _receiver_ok(func.value, imported):
                continue
            out.append((module, node.lineno, ast.unparse(func.value), ast.unparse(node)))
        elif isinstance(func, ast.Name) and func.id in ("getattr", "hasattr") and \
                len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and \
                node.args[1].value in FORBIDDEN and not _receiver_ok(node.args[0], imported):
            out.append((module, node.lineno, ast.unparse(node.args[0]), ast.unparse(node)))
    return out


def test_core_calls_qt_through_the_class() -> None:
    found: list[tuple[str, int, str, str]] = []
    for folder in CHECKED:
        for path in sorted(folder.rglob("*.py")):
            module = path.relative_to(PROBE).as_posix()
            found += violations(path.read_text(encoding="utf-8"), module)
    used = {(m, r) for m, _, r, _ in found if (m, r) in ALLOWED}
    bad = [f"probe/{m}:{line}: {call}" for m, line, r, call in found
           if (m, r) not in ALLOWED]
    assert not bad, ("call Qt through the Qt class (QWidget.isVisible(w), "
                     "qt_class(item).window(item)), see probe/core/objects/__init__.py:\n"
                     + "\n".join(bad))
    stale = sorted(set(ALLOWED) - used)
    assert not stale, f"ALLOWED entries that match no call any more: {stale}"


def test_the_check_tells_instance_calls_from_class_calls() -> None:
    """The check itself: what it must flag and what it must let pass."""
    flagged = """
w.isVisible()
cur.parent()
item.window()
self.window.geometry()
QWidget.window(w).windowHandle()
button.text()
getattr(obj, 'isEnabled', None)
"""
    passing = """
QWidget.isVisible(w)
QObject.parent(cur)
qt_class(item).window(item)
self.parent()
super().parent()
model.parent(index)
iface.text(QAccessible.Text.Name)
model.rowCount()
view.visualRect(index)
QtQuick.QQuickItem.window(item)
getattr(type(window), "grabWindow", None)
capture.grab(w)
"""
    hits = violations(flagged, "x.py")
    assert [call for *_, call in hits] == [line for line in flagged.strip().splitlines()]
    assert violations("from probe.core.capture import grab as capture\n" + passing,
                      "x.py") == []


#: Qt calls that hand out an object's children or parent: shiboken may give a stale
#: wrapper (of another class, or invalid) among them, so only ``qtchildren`` (and
#: ``qmltypes.child_items``, which passes them through ``qtchildren.fresh``) may spell
#: them. ``parent`` only through ``QObject`` (``QModelIndex.parent`` is no object's);
#: ``QGraphicsItem.childItems`` is free (scene items are no QObjects: no wrapper to drop).
#: The application's lists of widgets and windows too: ``qtchildren`` takes every list
#: with the cyclic collector paused (an app's window it freed mid-conversion was read
#: freed: the segfault of test_collected_mid_list.py).
CHILDREN = {"children": "qtchildren.py", "findChildren": "qtchildren.py",
            "findChild": "qtchildren.py", "childItems": "qmltypes.py",
            "parent": "qtchildren.py", "allWidgets": "qtchildren.py",
            "topLevelWidgets": "qtchildren.py", "topLevelWindows": "qtchildren.py",
            "allWindows": "qtchildren.py"}


def children_calls(source: str) -> list[tuple[int, str]]:
    """(line, expression) of each Qt children or parent call spelled through a Qt class
    (``QObject.children``, ``QtQuick.QQuickItem.childItems``, ``QObject.parent``),
    called or taken."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in CHILDREN and \
                _receiver_ok(node.value) and not (isinstance(node.value, ast.Name)
                                                  and node.value.id == "self") and \
                (node.attr != "parent" or ast.unparse(node.value).endswith("QObject")) and \
                not (node.attr == "childItems"
                     and ast.unparse(node.value).endswith("QGraphicsItem")):
            out.append((node.lineno, ast.unparse(node)))
    return out


def test_children_come_through_qtchildren_only() -> None:
    """Every ``children()``/``findChildren()``/``parent()`` and every list of the
    application's widgets or windows of the probe goes through
    ``probe/core/objects/qtchildren.py``, which drops stale wrappers and pauses the
    collector while PySide wraps Qt's answer."""
    bad = [f"probe/{path.relative_to(PROBE).as_posix()}:{line}: {expr}"
           for path in sorted(PROBE.rglob("*.py"))
           for line, expr in children_calls(path.read_text(encoding="utf-8"))
           if path.name != CHILDREN[expr.rsplit(".", 1)[1]]]
    assert not bad, ("ask Qt for children and parents through probe.core.objects."
                     "qtchildren (children, find_children, find_child, parent):\n"
                     + "\n".join(bad))
    assert sorted(children_calls(
        "kids = QObject.children\nQObject.findChildren(w, QLabel)\n"
        "quick.QQuickItem.childItems(item)\nself.children()\nup = QObject.parent\n"
        "QtCore.QObject.parent(w)\nQModelIndex.parent(index)\nindex.parent()\n"
        "QGraphicsItem.childItems(node)\nQApplication.topLevelWidgets()\n")) == [
        (1, "QObject.children"), (2, "QObject.findChildren"),
        (3, "quick.QQuickItem.childItems"), (5, "QObject.parent"),
        (6, "QtCore.QObject.parent"), (10, "QApplication.topLevelWidgets")]


def test_the_rule_is_stated_where_core_starts() -> None:
    """The docstring this check points to still states the rule."""
    rule = (CORE / "objects" / "__init__.py").read_text(encoding="utf-8")
    assert "through the Qt class" in rule.replace("*", "")
    assert Path(__file__).name in rule

"""Object identity and introspection (in the app, GUI thread): ids, paths, selectors,
symbolic names, the one resolver, meta-objects, variants and the object tree.

**The shadowing rule (all of core/ follows it).** An app's classes replace Qt methods:
widgets built on traitlets have a ``parent`` attribute, custom models define
``parent(self, index)``, a view subclass may keep ``self.model = …``, a widget its own
``x``/``width``/``text``. So the probe calls Qt *through the Qt class*, never through an
attribute of the app's object: ``QObject.parent(obj)``, ``QObject.children(obj)``,
``QObject.objectName(obj)``, ``QWidget.isVisible(w)``, ``QAbstractItemView.model(view)``,
and so on. Virtual methods are the exception: they are called on the object, because an
app overrides them on purpose (``rowCount``, ``data``, ``visualRect``, ``indexAt``,
``QLayout.itemAt``; a class that hid one with a value would break Qt's own calls), and
calling them through a base class would skip the override (or hit a pure virtual).
``columnCount`` of a list model is 1 (PySide6 makes it private).
``tests/probe/core/test_qt_call_rule.py`` reads core and fails on a call spelled on an instance
(its docstring lists the names and why); ``tests/realapps/quirks_app.py`` hides those
methods and more, and its tests fail on the first call made through an instance. Where
the Qt class is only known at run time (a Qt Quick item: QtQuick is not imported in a
widgets app), ``qtclass.qt_class(obj)`` finds it: ``qt_class(item).window(item)``.
"""

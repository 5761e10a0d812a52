"""A QML app written the usual way, for tests/realapps/test_quirks_qml.py.

Python imports only QtCore, QtGui and QtQml (``QGuiApplication`` +
``QQmlApplicationEngine``, no QtQuick) and keeps the root window's wrapper, made before
anything loaded QtQuick (so it is a plain QWindow to Python). The QML has the habits of
QML apps: a field named only by its placeholder, list delegates whose check box is named
by the Label beside it, a Label made clickable by a MouseArea inside it, and one with a
hover-only MouseArea (``acceptedButtons: Qt.NoButton``) that only shows a tool tip; a
tool row where each label stands before its control and a slider's value is shown after it
(``Label "Width"``, ``Slider``, ``Label "4"``); a button the app takes out of the window
(``parent = null``: alive, in no window, as a list's pooled delegate).

Run it with the probe: ``qtmcp launch tests/realapps/quirks_qml.py``.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QQmlApplicationEngine

QML = b"""
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

ApplicationWindow {
    id: root
    objectName: "qmlQuirks"
    title: "QML Quirks"
    width: 480; height: 400
    visible: true
    property string lastClicked: ""
    property int doneCount: 0
    property int strokes: 0

    ListModel {
        id: tasks
        ListElement { title: "Water the plants"; done: false }
        ListElement { title: "Call the plumber"; done: false }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        RowLayout {
            TextField { id: taskField; placeholderText: "New task"; Layout.fillWidth: true }
            Button {
                id: addButton
                text: "Add"
                onClicked: { tasks.append({title: taskField.text, done: false});
                             taskField.text = "" }
            }
        }
        RowLayout {
            Label { text: "Colour" }
            ComboBox { id: colour; model: ["Black", "Red"] }
            Label { text: "Width" }
            Slider { id: width; from: 1; to: 20; stepSize: 1; value: 4 }
            Label { text: Math.round(width.value) }
        }
        Rectangle {  // actiondraw's canvas: a MouseArea named by its id alone
            Layout.fillWidth: true; height: 24; color: "white"
            MouseArea { id: drawingMouse; anchors.fill: parent; onClicked: root.strokes += 1 }
        }
        RowLayout {
            Button { id: pinned; text: "Pinned note" }
            Button { text: "Unpin"; onClicked: pinned.parent = null }
        }
        Label {
            text: "Hover for help"
            ToolTip.visible: helpHover.containsMouse
            ToolTip.text: "Tasks are kept until the window closes"
            MouseArea {
                id: helpHover
                anchors.fill: parent
                hoverEnabled: true
                acceptedButtons: Qt.NoButton
            }
        }
        ListView {
            id: taskList
            Layout.fillWidth: true
            Layout.fillHeight: true
            model: tasks
            delegate: RowLayout {
                width: taskList.width
                CheckBox {
                    checked: model.done
                    onToggled: { model.done = checked;
                                 root.doneCount += checked ? 1 : -1 }
                }
                Label {
                    text: model.title
                    Layout.fillWidth: true
                    MouseArea {
                        anchors.fill: parent
                        onClicked: root.lastClicked = model.title
                    }
                }
            }
        }
    }
}
"""

_keep: list[object] = []


def main() -> int:
    app = QGuiApplication(sys.argv)
    engine = QQmlApplicationEngine()
    engine.loadData(QML)
    if not engine.rootObjects():
        return 1
    _keep.extend([engine, engine.rootObjects()[0]])  # a QWindow-typed wrapper, kept
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())

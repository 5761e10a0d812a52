import QtQuick

// Items whose declaration lines tests/probe/core/test_origin.py expects (marked ORIGIN).
Window {
    objectName: "qmlOrigins"
    title: "qml origins"
    width: 200; height: 200
    visible: true

    Column {
        objectName: "column"
        Rectangle { width: 10; height: 10 }
        Rectangle { width: 10; height: 12 }  // ORIGIN: plain
        Rectangle { id: marked; width: 10; height: 14 }  // ORIGIN: marked
        Text { objectName: "named"; text: "hi" }  // ORIGIN: named
        Row {
            objectName: "row"
            Repeater {
                model: 2
                Rectangle { width: 4; height: 4 }  // ORIGIN: repeated
            }
            OriginBadge { objectName: "badge" }  // ORIGIN: badge
        }
    }
}

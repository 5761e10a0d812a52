import QtQuick

// Planted for tests/probe/api/test_problems.py: a binding loop and a reference error.
Item {
    id: looped
    width: height + 1  // binding_loop
    height: width + 1
    Text { text: noSuchThing }  // qml_warning
}

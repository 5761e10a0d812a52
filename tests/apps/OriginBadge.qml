import QtQuick

// A component file: its inner Text is declared here (tests/probe/core/test_origin.py).
Rectangle {
    width: 6; height: 6
    Text { text: "b" }  // ORIGIN: badgeText
}

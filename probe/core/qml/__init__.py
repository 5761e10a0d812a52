"""Qt Quick (in the app, GUI thread; loads QtQuick): item trees, QML contexts, hit tests
and bindings read from declarations."""

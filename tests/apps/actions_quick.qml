// Qt Quick's actions for the Actions tool (tests/apps/actions_quick_app.py): Actions in a
// menu, one bound to a Button, a checkable one, and a Shortcut; each writes root.log.
import QtQuick
import QtQuick.Controls

ApplicationWindow {
    id: root
    objectName: "quickActionsWindow"
    visible: true; width: 300; height: 200; title: "quick actions"
    property string log: ""
    menuBar: MenuBar {
        Menu {
            title: "&File"
            Action { objectName: "quickSave"; text: "&Save"; shortcut: "Ctrl+S"
                     onTriggered: root.log += "save;" }
            Action { objectName: "quickGrid"; text: "Show grid"; checkable: true
                     onToggled: root.log += "grid=" + checked + ";" }
        }
    }
    Shortcut { objectName: "quickFind"; sequence: "Ctrl+F"; onActivated: root.log += "find;" }
    Button { objectName: "printButton"; action: printAction }
    Action { id: printAction; objectName: "quickPrint"; text: "Print"; shortcut: StandardKey.Print
             onTriggered: root.log += "print;" }
}

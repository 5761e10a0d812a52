// The C++ Quick app's window (tests/apps/cppquick): a menu bar, a form, a dialog, a file
// dialog and a list. What the app did lands in `result` and in the `submitted` signal.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs

ApplicationWindow {
    id: root
    objectName: "quickForm"
    title: "C++ Quick form"
    width: 640; height: 480
    visible: true
    property string log: ""
    signal submitted(string text)
    function note(s) { log += s + ";" }

    menuBar: MenuBar {
        Menu {
            title: "&File"
            Action { text: "&Open..."; onTriggered: openDialog.open() }
            Action { text: "&Clear"; onTriggered: { nameField.text = ""; root.note("clear.triggered") } }
        }
        Menu {
            title: "&View"
            Action { text: "Compact"; checkable: true; onToggled: root.note("compact.toggled=" + checked) }
        }
    }

    Dialog {
        id: aboutDialog
        objectName: "aboutDialog"
        title: "About"
        modal: true
        anchors.centerIn: parent
        standardButtons: Dialog.Ok
        Label { text: "A C++ Qt Quick app" }
        onAccepted: root.note("about.accepted")
    }

    FileDialog {
        id: openDialog
        title: "Open a list"
        currentFolder: folder
        onAccepted: { result.text = "opened " + selectedFile; root.note("open.accepted=" + selectedFile) }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 10
        GridLayout {
            columns: 2
            Label { text: "Name" }
            TextField { id: nameField; objectName: "nameField"; Layout.preferredWidth: 200
 }
            Label { text: "City" }
            ComboBox { id: cityCombo; objectName: "cityCombo"; model: ["Paris", "Oslo", "Lima"]
 }
        }
        CheckBox { id: agreeBox; objectName: "agreeBox"; text: "I agree"; }
        RowLayout {
            Button {
                objectName: "submitButton"; text: "Submit";
                onClicked: {
                    const text = nameField.text + " from " + cityCombo.currentText
                                 + " agree=" + (agreeBox.checked ? "yes" : "no")
                    result.text = text
                    people.append({ name: nameField.text })
                    root.submitted(text)
                }
            }
            Button { text: "About..."; onClicked: aboutDialog.open() }
            Button { text: "Open file..."; onClicked: openDialog.open() }
        }
        Label { id: result; objectName: "resultLabel"; text: "" }
        ListView {
            id: list
            objectName: "peopleList"
            Layout.fillWidth: true; Layout.fillHeight: true
            clip: true
            model: ListModel { id: people; ListElement { name: "Grace" } }
            delegate: ItemDelegate {
                text: name; width: list.width
                highlighted: ListView.isCurrentItem
                onClicked: { list.currentIndex = index; root.note("list.clicked=" + name) }
            }
        }
    }
}

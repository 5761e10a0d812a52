// The Qt Quick conformance window (tests/conformance/quick_app.py loads it).
// Every control writes the signals it emits into root.log as "name.signal;" (or
// "name.signal=value;"), so the suite sees what the app itself saw.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Qt.labs.qmlmodels

ApplicationWindow {
    id: root
    objectName: "conformance"
    title: "Quick Conformance"
    width: 1500; height: 1000
    visible: true
    property string log: ""
    function note(s) { log += s + ";" }
    // Between two rows of the suite: every popup and dialog closed, the stack at its root.
    function reset() {
        for (const p of [drawer, confirmDialog, findDialog, popup, contextMenu])
            p.close()
        for (const d of [openDialog, openManyDialog, saveDialog, folderDialog, colorDialog,
                         fontDialog, messageDialog])
            d.close()
        stack.pop(null)
        for (let i = 0; i < menuBarItem.count; i++) menuBarItem.menuAt(i).close()
    }

    menuBar: MenuBar {
        id: menuBarItem
        Menu {
            title: "&File"
            Action { text: "&New"; onTriggered: root.note("new.triggered") }
            Action { text: "Save &As..."; onTriggered: root.note("saveAs.triggered") }
            Menu {
                title: "Recent"
                Action { text: "notes.txt"; onTriggered: root.note("recent.triggered") }
            }
        }
        Menu {
            title: "&View"
            Action { text: "Show grid"; checkable: true; checked: true
                     onToggled: root.note("grid.toggled=" + checked) }
        }
    }

    header: ToolBar {
        RowLayout {
            ToolButton { text: "Tool"; onClicked: root.note("tool.clicked") }
            ToolButton { text: "Help"; onClicked: root.note("help.clicked"); hoverEnabled: true
                         ToolTip.visible: hovered; ToolTip.text: "Opens the help" }
        }
    }

    Drawer {
        id: drawer
        width: 200; height: root.height
        Button { text: "Drawer action"; onClicked: { root.note("drawerAction.clicked"); drawer.close() } }
        onOpened: root.note("drawer.opened")
    }

    Dialog {
        id: confirmDialog
        title: "Confirm delete"
        modal: true
        anchors.centerIn: parent
        standardButtons: Dialog.Ok | Dialog.Cancel
        Label { text: "Delete the item?" }
        onAccepted: root.note("confirm.accepted")
        onRejected: root.note("confirm.rejected")
    }

    Dialog {
        id: findDialog
        title: "Find"
        modal: false
        x: 900; y: 600
        standardButtons: Dialog.Close
        TextField { placeholderText: "Search for"; onEditingFinished: root.note("find.editingFinished") }
        onRejected: root.note("find.rejected")
    }

    Popup {
        id: popup
        x: 500; y: 400; width: 200; height: 80
        modal: true
        focus: true
        Button { text: "Inside popup"; onClicked: { root.note("insidePopup.clicked"); popup.close() } }
        onClosed: root.note("popup.closed")
    }

    Menu {
        id: contextMenu
        title: "Options"
        MenuItem { text: "Bold"; checkable: true; onToggled: root.note("bold.toggled=" + checked) }
        MenuSeparator {}
        ActionGroup { id: alignGroup; exclusive: true }
        Action { text: "Left"; checkable: true; checked: true; ActionGroup.group: alignGroup
                 onTriggered: root.note("left.triggered") }
        Action { text: "Right"; checkable: true; ActionGroup.group: alignGroup
                 onTriggered: root.note("right.triggered") }
        Menu {
            title: "More"
            MenuItem { text: "Deep entry"; onTriggered: root.note("deep.triggered") }
        }
    }

    FileDialog { id: openDialog; title: "Open notes"; currentFolder: folder
                 onAccepted: root.note("open.accepted=" + selectedFile) }
    FileDialog { id: openManyDialog; title: "Open several"; currentFolder: folder
                 fileMode: FileDialog.OpenFiles
                 onAccepted: root.note("openMany.accepted=" + selectedFiles.length) }
    FileDialog { id: saveDialog; title: "Save notes"; currentFolder: folder
                 fileMode: FileDialog.SaveFile
                 onAccepted: root.note("save.accepted=" + selectedFile) }
    FolderDialog { id: folderDialog; title: "Pick a folder"; currentFolder: folder
                   onAccepted: root.note("folder.accepted=" + selectedFolder) }
    ColorDialog { id: colorDialog; title: "Pick a color"
                  onAccepted: root.note("color.accepted=" + selectedColor) }
    FontDialog { id: fontDialog; title: "Pick a font"
                 onAccepted: root.note("font.accepted=" + selectedFont.family) }
    MessageDialog { id: messageDialog; title: "Unsaved changes"; text: "Save before closing?"
                    buttons: MessageDialog.Save | MessageDialog.Discard
                    onAccepted: root.note("message.accepted")
                    onButtonClicked: function(button, role) { root.note("message.buttonClicked") } }

    GridLayout {
        id: grid
        anchors.fill: parent
        anchors.margins: 8
        columns: 4
        columnSpacing: 16
        rowSpacing: 6

        // -- buttons
        Button { text: "Press me"; onClicked: root.note("button.clicked") }
        RoundButton { text: "+"; onClicked: root.note("round.clicked") }
        DelayButton { text: "Hold to confirm"; delay: 200; onActivated: root.note("delay.activated") }
        CheckBox { text: "Check me"; onToggled: root.note("check.toggled=" + checked) }

        RadioButton { text: "Radio A"; checked: true; onToggled: root.note("radioA.toggled=" + checked) }
        RadioButton { text: "Radio B"; onToggled: root.note("radioB.toggled=" + checked) }
        Switch { text: "Wifi"; onToggled: root.note("switch.toggled=" + checked) }
        RowLayout {
            Label { text: "Volume" }
            Slider { from: 0; to: 100; value: 20; onMoved: root.note("slider.moved=" + value) }
        }

        RowLayout {
            Label { text: "Range" }
            RangeSlider { from: 0; to: 100; first.value: 10; second.value: 90
                          first.onMoved: root.note("range.first.moved=" + first.value)
                          second.onMoved: root.note("range.second.moved=" + second.value) }
        }
        RowLayout {
            Label { text: "Balance" }
            Dial { from: 0; to: 100; value: 50; implicitWidth: 60; implicitHeight: 60
                   onMoved: root.note("dial.moved=" + value) }
        }
        RowLayout {
            Label { text: "Quantity" }
            SpinBox { from: 0; to: 20; value: 1; onValueModified: root.note("spin.valueModified=" + value) }
        }
        RowLayout {
            Label { text: "Fruit" }
            ComboBox { model: ["Apple", "Banana", "Cherry"]
                       onActivated: function(i) { root.note("fruit.activated=" + currentText) } }
        }

        RowLayout {
            Label { text: "City" }
            ComboBox { editable: true; model: ["Berlin", "Paris", "Rome"]
                       onActivated: function(i) { root.note("city.activated=" + currentText) }
                       onAccepted: root.note("city.accepted=" + editText) }
        }
        TextField { placeholderText: "File name"; Layout.preferredWidth: 200
                    onEditingFinished: root.note("field.editingFinished=" + text) }
        TextArea { placeholderText: "Notes"; Layout.preferredWidth: 200; Layout.preferredHeight: 50
                   onEditingFinished: root.note("area.editingFinished") }
        RowLayout {
            Label { text: "Hour" }
            Tumbler { model: 12; visibleItemCount: 3; implicitHeight: 70
                      onCurrentIndexChanged: root.note("tumbler.currentIndex=" + currentIndex) }
        }

        RowLayout {
            Label { text: "Download" }
            ProgressBar { from: 0; to: 100; value: 40 }
        }
        RowLayout {
            Label { text: "Loading" }
            BusyIndicator { running: true; implicitWidth: 30; implicitHeight: 30 }
        }
        ColumnLayout {
            TabBar {
                id: tabs
                TabButton { text: "General"; width: 90 }
                TabButton { text: "Advanced"; width: 90 }
                onCurrentIndexChanged: root.note("tabs.currentIndex=" + currentIndex)
            }
            StackLayout {
                currentIndex: tabs.currentIndex
                Layout.preferredHeight: 20
                Label { text: "General page" }
                Label { text: "Advanced page" }
            }
        }
        ColumnLayout {
            SwipeView {
                id: swipe
                Layout.preferredWidth: 200; Layout.preferredHeight: 24
                clip: true
                Label { text: "Swipe one" }
                Label { text: "Swipe two" }
                Label { text: "Swipe three" }
                onCurrentIndexChanged: root.note("swipe.currentIndex=" + currentIndex)
            }
            PageIndicator { count: swipe.count; currentIndex: swipe.currentIndex; interactive: true
                            onCurrentIndexChanged: swipe.currentIndex = currentIndex }
        }

        ColumnLayout {
            StackView {
                id: stack
                Layout.preferredWidth: 200; Layout.preferredHeight: 30
                clip: true
                initialItem: Button { text: "Push details"; onClicked: stack.push(details) }
                onDepthChanged: root.note("stack.depth=" + depth)
            }
            Component {
                id: details
                Button { text: "Back from details"; onClicked: stack.pop() }
            }
        }
        Button { text: "Open drawer"; onClicked: drawer.open() }
        Button { text: "Options"; onClicked: contextMenu.popup() }
        Button { text: "Delete item"; onClicked: confirmDialog.open() }

        Button { text: "Find..."; onClicked: findDialog.open() }
        Button { text: "Show popup"; onClicked: popup.open() }
        Button { text: "Open file..."; onClicked: openDialog.open() }
        Button { text: "Open files..."; onClicked: openManyDialog.open() }

        Button { text: "Save file..."; onClicked: saveDialog.open() }
        Button { text: "Choose folder..."; onClicked: folderDialog.open() }
        Button { text: "Choose color..."; onClicked: colorDialog.open() }
        Button { text: "Choose font..."; onClicked: fontDialog.open() }

        Button { text: "Close document"; onClicked: messageDialog.open() }
        Rectangle {
            width: 140; height: 28; color: "#dde"
            Text { anchors.centerIn: parent; text: "+ Add item" }
            MouseArea { id: addButtonMouseArea; anchors.fill: parent
                        onClicked: root.note("mouseArea.clicked") }
        }
        Rectangle {
            width: 140; height: 28; color: "#ede"
            Text { anchors.centerIn: parent; text: "Tap here" }
            TapHandler { onTapped: root.note("tap.tapped") }
        }
        ScrollView {
            Layout.preferredWidth: 200; Layout.preferredHeight: 60
            Column {
                Repeater { model: 12; Label { text: "Scrolled line " + index } }
                Button { text: "Bottom button"; onClicked: root.note("bottom.clicked") }
            }
        }

        SplitView {
            Layout.preferredWidth: 300; Layout.preferredHeight: 40
            Label { text: "Left pane"; SplitView.preferredWidth: 150 }
            Label { text: "Right pane" }
        }
        ListView {
            id: list
            Layout.preferredWidth: 200; Layout.preferredHeight: 80
            clip: true
            model: ["Alpha", "Beta", "Gamma"]
            delegate: ItemDelegate {
                text: modelData; width: 200; height: 26
                highlighted: ListView.isCurrentItem
                onClicked: { list.currentIndex = index; root.note("list.clicked=" + modelData) }
            }
        }
        TableView {
            id: table
            Layout.preferredWidth: 240; Layout.preferredHeight: 60
            clip: true
            model: TableModel {
                TableModelColumn { display: "name" }
                TableModelColumn { display: "size" }
                rows: [ { name: "a.txt", size: "1 KB" }, { name: "b.txt", size: "2 KB" } ]
            }
            delegate: Rectangle {
                implicitWidth: 110; implicitHeight: 26
                border.width: 1
                Text { anchors.centerIn: parent; text: display }
                TapHandler { onTapped: root.note("table.tapped=" + display) }
            }
        }
        TreeView {
            id: tree
            Layout.preferredWidth: 200; Layout.preferredHeight: 80
            clip: true
            model: TreeModel {
                TableModelColumn { display: "name" }
                rows: [ { name: "Fruits", rows: [ { name: "Pear" }, { name: "Plum" } ] },
                        { name: "Vegetables", rows: [ { name: "Leek" } ] } ]
            }
            delegate: TreeViewDelegate {
                onClicked: root.note("tree.clicked=" + model.display)
            }
            onExpanded: function(row, depth) { root.note("tree.expanded=" + row) }
        }
    }
}

import QtQuick
import QtQuick.Controls

// The qtmcp QML demo: Qt Quick Controls form, a list, pages, a popup and a bare
// MouseArea item (no accessible role) for gap-filler tests.
ApplicationWindow {
    id: root
    objectName: "qmlWindow"
    title: "qtmcp QML demo"
    width: 640
    height: 480
    visible: true

    property int submitCount: 0
    property string lastSubmitted: ""

    signal submitted(string summary)

    function summary() {
        return nameField.text + "|" + emailField.text + "|" + termsCheck.checked + "|"
            + countryCombo.currentText + "|" + Math.round(volumeSlider.value)
    }

    header: TabBar {
        id: tabBar
        objectName: "tabBar"
        TabButton { id: formTab; text: "Form" }
        TabButton { id: listTab; text: "List" }
    }

    StackLayoutLike {
        id: pages
        anchors.fill: parent
        currentIndex: tabBar.currentIndex

        Item {
            id: formPage
            objectName: "formPage"

            Column {
                id: form
                x: 16; y: 16
                spacing: 8

                Label { id: nameLabel; text: "Name" }
                TextField {
                    id: nameField
                    objectName: "nameField"
                    width: 260
                    placeholderText: "Your name"
                    Accessible.name: "Name"
                }
                Label { id: emailLabel; text: "Email" }
                TextField {
                    id: emailField
                    objectName: "emailField"
                    width: 260
                    placeholderText: "you@example.com"
                    Accessible.name: "Email"
                }
                CheckBox { id: termsCheck; objectName: "termsCheck"; text: "Accept terms" }
                ComboBox {
                    id: countryCombo
                    objectName: "countryCombo"
                    width: 200
                    model: ["France", "Germany", "Japan", "Brazil"]
                    Accessible.name: "Country"
                }
                Slider {
                    id: volumeSlider
                    objectName: "volumeSlider"
                    width: 200
                    from: 0; to: 100; value: 30
                    Accessible.name: "Volume"
                }
                Row {
                    spacing: 8
                    Button {
                        id: submitButton
                        objectName: "submitButton"
                        text: "Submit"
                        onClicked: {
                            root.submitCount += 1
                            root.lastSubmitted = root.summary()
                            statusText.text = "Submitted " + root.submitCount
                            root.submitted(root.lastSubmitted)
                        }
                    }
                    Button {
                        id: aboutButton
                        objectName: "aboutButton"
                        text: "About"
                        onClicked: aboutPopup.open()
                    }
                }
                Text { id: statusText; objectName: "statusText"; text: "Ready" }
                // context properties set from Python (qml_demo.load)
                Text {
                    id: versionText
                    objectName: "versionText"
                    enabled: false  // a label takes no input: shows up as enabled=false
                    text: backend.greeting + " (v" + appVersion + ")"
                }
            }

            Rectangle {
                id: clickPad
                objectName: "clickPad"
                x: 340; y: 16
                width: 120; height: 80
                color: padArea.clicks > 0 ? "seagreen" : "steelblue"
                property alias clicks: padArea.clicks

                // Declared first but painted last: z puts the label above the MouseArea.
                Text {
                    id: padLabel
                    z: 1
                    anchors.centerIn: parent
                    color: "white"
                    text: "clicks: " + padArea.clicks
                }
                MouseArea {
                    id: padArea
                    objectName: "padArea"
                    anchors.fill: parent
                    property int clicks: 0
                    cursorShape: Qt.PointingHandCursor
                    onClicked: padArea.clicks += 1
                }
            }
        }

        Item {
            id: listPage
            objectName: "listPage"

            ListView {
                id: peopleList
                objectName: "peopleList"
                anchors.fill: parent
                anchors.margins: 16
                clip: true
                model: ListModel {
                    id: peopleModel
                    ListElement { name: "Ada"; age: 36 }
                    ListElement { name: "Grace"; age: 45 }
                    ListElement { name: "Linus"; age: 28 }
                }
                delegate: ItemDelegate {
                    required property string name
                    required property int age
                    width: ListView.view.width
                    text: name + " (" + age + ")"
                }
            }
        }
    }

    Popup {
        id: aboutPopup
        objectName: "aboutPopup"
        x: 100; y: 100
        width: 240; height: 120
        modal: true
        Label { id: aboutText; text: "qtmcp QML demo" }
    }
}

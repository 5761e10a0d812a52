import QtQuick

// Shows only the child at currentIndex (a StackLayout without QtQuick.Layouts).
Item {
    property int currentIndex: 0
    onCurrentIndexChanged: update()
    Component.onCompleted: update()
    function update() {
        for (let i = 0; i < children.length; ++i)
            children[i].visible = (i === currentIndex)
    }
}

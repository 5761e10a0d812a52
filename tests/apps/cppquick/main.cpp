// A Qt Quick app written in C++: QQmlApplicationEngine loads QML (the built-in main.qml, or
// the file given as the first argument, with the folder given as the second as `folder`,
// and a C++ tree model as `treeModel`).
// Built twice: on QGuiApplication (cppquick) and, with CPPQUICK_WIDGETS, on QApplication
// (cppquick-widgets). Prints "ready" once its event loop runs.
#ifdef CPPQUICK_WIDGETS
#include <QApplication>
using App = QApplication;
#else
#include <QGuiApplication>
using App = QGuiApplication;
#endif
#include <QDir>
#include <QQmlApplicationEngine>
#include <QQmlContext>
#include <QStandardItemModel>
#include <QTimer>
#include <QUrl>
#include <cstdio>

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QUICK_CONTROLS_STYLE"))
        qputenv("QT_QUICK_CONTROLS_STYLE", "Basic");
    App app(argc, argv);
    app.setApplicationName("cppquick");
    QQmlApplicationEngine engine;
    const QString folder = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QDir::currentPath();
    engine.rootContext()->setContextProperty("folder", QUrl::fromLocalFile(folder));
    // A tree for a TreeView (QML has no tree model type before Qt 6.10: C++ gives one).
    QStandardItemModel tree;
    for (const auto &[parent, children] : std::initializer_list<std::pair<const char *, QStringList>>{
             {"Fruits", {"Pear", "Plum"}}, {"Vegetables", {"Leek"}}}) {
        auto *row = new QStandardItem(parent);
        for (const QString &child : children)
            row->appendRow(new QStandardItem(child));
        tree.appendRow(row);
    }
    engine.rootContext()->setContextProperty("treeModel", &tree);
    engine.load(argc > 1 && argv[1][0] ? QUrl::fromLocalFile(QString::fromLocal8Bit(argv[1]))
                         : QUrl("qrc:/main.qml"));
    if (engine.rootObjects().isEmpty())
        return 1;
    QTimer::singleShot(0, [] { std::printf("ready\n"); std::fflush(stdout); });
    return app.exec();
}

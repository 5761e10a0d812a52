// A form written in C++ only: fields, a button whose slot (C++) fills a label and a table
// model, and a signal of its own. Prints "ready" once its event loop runs.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <cstdio>

class Form : public QWidget {
    Q_OBJECT
public:
    Form() {
        setObjectName("form");
        setWindowTitle("C++ form");
        auto *layout = new QVBoxLayout(this);
        auto *fields = new QFormLayout;
        name = new QLineEdit;
        name->setObjectName("nameEdit");
        city = new QComboBox;
        city->setObjectName("cityCombo");
        city->addItems({"Paris", "Oslo", "Lima"});
        agree = new QCheckBox("I agree");
        agree->setObjectName("agreeBox");
        fields->addRow("Name", name);
        fields->addRow("City", city);
        fields->addRow(agree);
        layout->addLayout(fields);
        auto *submit = new QPushButton("Submit");
        submit->setObjectName("submitButton");
        connect(submit, &QPushButton::clicked, this, &Form::onSubmit);
        layout->addWidget(submit);
        result = new QLabel;
        result->setObjectName("resultLabel");
        layout->addWidget(result);
        model = new QStandardItemModel(0, 2, this);
        model->setObjectName("peopleModel");
        model->setHorizontalHeaderLabels({"Name", "City"});
        auto *table = new QTableView;
        table->setObjectName("table");
        table->setModel(model);
        layout->addWidget(table);
    }
signals:
    void submitted(const QString &text);
public slots:
    void onSubmit() {
        const QString text = QString("%1 from %2 agree=%3")
            .arg(name->text(), city->currentText(), agree->isChecked() ? "yes" : "no");
        result->setText(text);
        model->appendRow({new QStandardItem(name->text()), new QStandardItem(city->currentText())});
        emit submitted(text);
    }
private:
    QLineEdit *name;
    QComboBox *city;
    QCheckBox *agree;
    QLabel *result;
    QStandardItemModel *model;
};

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    app.setApplicationName("cppform");
    Form form;
    form.show();
    QTimer::singleShot(0, [] { std::printf("ready\n"); std::fflush(stdout); });
    return app.exec();
}

#include "main.moc"

"""qt.methods.*: list slots/signals/invokables, invoke with typed arguments."""

from __future__ import annotations

from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError


def _error(qt: Client, method: str, params: dict[str, Any]) -> RemoteError:
    with pytest.raises(RemoteError) as info:
        qt.call(method, params)
    return info.value


def _invoke(qt: Client, obj: str, method: str, args: list[Any] | None = None) -> Any:
    params: dict[str, Any] = {"objectId": obj, "method": method}
    if args is not None:
        params["args"] = args
    return qt.call("qt.methods.invoke", params)


def test_list_methods_with_signatures(qt: Client) -> None:
    listed = qt.call("qt.methods.list", {"objectId": "mainWindow"})
    by_sig = {m["signature"]: m for m in listed["methods"]}
    greet = by_sig["greet(QString,int)"]
    assert greet["kind"] == "slot" and greet["returnType"] == "QString"
    assert greet["parameterTypes"] == ["QString", "int"] and greet["declaredIn"] == "MainWindow"
    assert by_sig["formSubmitted(QVariantMap)"]["kind"] == "signal"
    assert by_sig["deleteLater()"]["declaredIn"] == "QObject"
    signals = qt.call("qt.methods.list", {"objectId": "ageSpin", "kind": "signal"})
    assert {m["kind"] for m in signals["methods"]} == {"signal"}
    assert "valueChanged(int)" in {m["signature"] for m in signals["methods"]}


def test_invoke_python_slot_with_arguments_and_return(qt: Client) -> None:
    result = _invoke(qt, "mainWindow", "greet", ["Grace", 2])
    assert result["returned"] == "Hello, Grace! Hello, Grace!"
    assert result["returnType"] == "QString"
    status = qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})
    assert status["value"] == "Hello, Grace! Hello, Grace!"
    by_sig = _invoke(qt, "mainWindow", "greet(QString,int)", ["Al", 1])
    assert by_sig["returned"] == "Hello, Al!"


def test_invoke_cpp_slots(qt: Client) -> None:
    _invoke(qt, "emailEdit", "setText", ["a@b.c"])
    assert qt.call("qt.properties.get", {"objectId": "emailEdit", "name": "text"})[
        "value"] == "a@b.c"
    _invoke(qt, "emailEdit", "clear")
    assert qt.call("qt.properties.get", {"objectId": "emailEdit", "name": "text"})[
        "value"] == ""
    _invoke(qt, "ageSpin", "setValue", [77])
    assert qt.call("qt.properties.get", {"objectId": "ageSpin", "name": "value"})[
        "value"] == 77
    _invoke(qt, "mainWindow", "resetForm", [])
    assert qt.call("qt.properties.get", {"objectId": "ageSpin", "name": "value"})[
        "value"] == 30


def test_invoke_errors_list_what_exists(qt: Client) -> None:
    err = _error(qt, "qt.methods.invoke", {"objectId": "mainWindow", "method": "greet",
                                           "args": ["Bob"]})
    assert err.name == "METHOD_ARGUMENT_MISMATCH"
    assert err.data["signatures"] == ["greet(QString,int)"]
    err = _error(qt, "qt.methods.invoke", {"objectId": "mainWindow", "method": "greet",
                                           "args": ["Bob", "twice"]})
    assert err.name == "METHOD_ARGUMENT_MISMATCH"
    assert "argument 2 (int)" in err.data["problems"][0]["problem"]
    err = _error(qt, "qt.methods.invoke", {"objectId": "mainWindow", "method": "greeet"})
    assert err.name == "QT_METHOD_NOT_FOUND"
    assert "greet(QString,int)" in err.data["available"]
    assert "resetForm()" in err.data["available"]
    err = _error(qt, "qt.methods.invoke", {"objectId": "mainWindow", "method": "raiseInSlot"})
    assert err.name == "METHOD_INVOKE_FAILED" and "demo error in slot" in err.data["detail"]
    err = _error(qt, "qt.methods.invoke", {"objectId": "mainWindow", "method": "greet",
                                           "args": "Bob"})
    assert err.name == "INVALID_PARAMS"
    err = _error(qt, "qt.methods.invoke", {"objectId": "mainWindow"})
    assert err.name == "INVALID_PARAMS" and "method" in str(err.data["problems"])
    err = _error(qt, "qt.methods.list", {"objectId": "mainWindow", "kind": "slots"})
    assert err.name == "INVALID_PARAMS"
    # the app survives all of it
    assert _invoke(qt, "mainWindow", "greet", ["ok", 1])["returned"] == "Hello, ok!"

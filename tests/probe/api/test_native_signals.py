"""qt.signals.*: signal subscriptions and batched object lifecycle notifications."""

from __future__ import annotations

from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp


def _error(qt: Client, method: str, params: dict[str, Any]) -> RemoteError:
    with pytest.raises(RemoteError) as info:
        qt.call(method, params)
    return info.value


def test_signal_notification_carries_json_args(qt: Client) -> None:
    sub = qt.call("qt.signals.subscribe", {"objectId": "ageSpin", "signal": "valueChanged"})
    assert sub["signal"] == "valueChanged(int)"
    qt.call("qt.properties.set", {"objectId": "ageSpin", "name": "value", "value": 55})
    note = qt.wait_notification("qt.signals.emitted",
                                lambda p: p["subscriptionId"] == sub["subscriptionId"])
    assert note["args"] == [55] and note["objectId"] == sub["objectId"]
    assert note["signal"] == "valueChanged(int)" and note["ts"] > 0
    listed = qt.call("qt.signals.list", {})
    assert sub["subscriptionId"] in {s["subscriptionId"] for s in listed["subscriptions"]}
    qt.call("qt.signals.unsubscribe", {"subscriptionId": sub["subscriptionId"]})
    # after unsubscribing, only the new subscription's notification arrives
    sub2 = qt.call("qt.signals.subscribe", {"objectId": "ageSpin",
                                            "signal": "textChanged(QString)"})
    qt.call("qt.properties.set", {"objectId": "ageSpin", "name": "value", "value": 56})
    note2 = qt.wait_notification("qt.signals.emitted")
    assert note2["subscriptionId"] == sub2["subscriptionId"] and note2["args"] == ["56"]
    assert not qt.received("qt.signals.emitted")
    qt.call("qt.signals.unsubscribe", {"subscriptionId": sub2["subscriptionId"]})


def test_app_emitted_signal_with_dict_argument(demo: DemoApp, qt: Client) -> None:
    sub = qt.call("qt.signals.subscribe", {"objectId": "mainWindow",
                                           "signal": "formSubmitted(QVariantMap)"})
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Linus"})
    qt.call("qt.properties.set", {"objectId": "termsCheck", "name": "checked", "value": True})
    demo.command("emit-submit")
    note = qt.wait_notification("qt.signals.emitted",
                                lambda p: p["subscriptionId"] == sub["subscriptionId"])
    assert note["args"][0]["name"] == "Linus" and note["args"][0]["terms"] is True
    qt.call("qt.signals.unsubscribe", {"subscriptionId": sub["subscriptionId"]})


def test_subscription_errors(qt: Client) -> None:
    err = _error(qt, "qt.signals.subscribe", {"objectId": "ageSpin", "signal": "valueChange"})
    assert err.name == "SIGNAL_NOT_FOUND"
    assert "valueChanged(int)" in err.data["available"]
    err = _error(qt, "qt.signals.subscribe", {"objectId": "ageSpin", "signal": "setValue"})
    assert err.name == "SIGNAL_NOT_FOUND"  # a slot is not a signal
    err = _error(qt, "qt.signals.unsubscribe", {"subscriptionId": "sub999999"})
    assert err.name == "SUBSCRIPTION_NOT_FOUND" and "available" in err.data
    err = _error(qt, "qt.signals.subscribe", {"objectId": "ageSpin"})
    assert err.name == "INVALID_PARAMS"
    err = _error(qt, "qt.signals.setLifecycle", {"enabled": "yes"})
    assert err.name == "INVALID_PARAMS"


def test_subscriptions_are_per_client(demo: DemoApp, qt: Client) -> None:
    other = demo.client("other")
    sub = other.call("qt.signals.subscribe", {"objectId": "ageSpin", "signal": "valueChanged"})
    err = _error(qt, "qt.signals.unsubscribe", {"subscriptionId": sub["subscriptionId"]})
    assert err.name == "SUBSCRIPTION_NOT_FOUND"
    other.close()


def test_lifecycle_reports_created_and_destroyed(demo: DemoApp, qt: Client) -> None:
    doomed = qt.call("qt.objects.info", {"objectId": "clearCanvasButton"})
    assert qt.call("qt.signals.setLifecycle", {"enabled": True})["enabled"] is True
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "showAbout"})
    created: dict[str, dict[str, Any]] = {}

    def has_dialog(p: dict[str, Any]) -> bool:
        created.update({o["objectName"]: o for o in p["created"]})
        return "aboutLabel" in created and "aboutDialog" in created

    qt.wait_notification("qt.objects.lifecycle", has_dialog)
    assert created["aboutDialog"]["className"] == "AboutDialog"
    assert created["aboutLabel"]["path"] == "mainWindow/aboutDialog/aboutLabel"
    demo.command("delete clearCanvasButton")
    note = qt.wait_notification("qt.objects.lifecycle", lambda p: doomed["id"] in p["destroyed"])
    assert note["dropped"] == 0
    assert qt.call("qt.signals.setLifecycle", {"enabled": False})["enabled"] is False
    assert qt.call("qt.signals.list", {})["lifecycle"] is False

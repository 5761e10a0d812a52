"""qt.events.* (event monitor) and qt.timers.* against the demo app, over a real WebSocket."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, wait_until
from tests.support.extra_demo import start_extra_demo


@pytest.fixture(scope="module")
def extra(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoApp]:
    """The demo plus a bare QObject.startTimer(50) timer on an object named "ticker"."""
    app = start_extra_demo(tmp_path_factory.mktemp("extra_demo"))
    yield app
    app.stop()


def _events(batches: list[Any]) -> list[dict[str, Any]]:
    return [e for b in batches for e in b.params["events"]]


def test_stream_key_and_mouse_events_of_another_client(demo: DemoApp, qt: Client) -> None:
    watcher = demo.client("watcher")
    batches: list[Any] = []
    watcher.on("qt.events", batches.append)
    started = watcher.call("qt.events.start", {"objectId": "mainWindow",
                                               "types": ["KeyPress", "MouseButtonPress",
                                                         "MouseButtonRelease"]})
    assert started["started"]
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "Zo", "clear": True})
    qt.call("qt.ui.click", {"target": "newsletterCheck"})
    wait_until(lambda: any(e["type"] == "MouseButtonRelease" for e in _events(batches)),
               what="the click's events")
    events = _events(batches)
    keys = [e for e in events if e["type"] == "KeyPress" and e["objectName"] == "nameEdit"]
    assert [k["text"] for k in keys][-2:] == ["Z", "o"]
    assert "ShiftModifier" in keys[-2]["modifiers"] and keys[-2]["receiver"].startswith("#")
    press = next(e for e in events if e["type"] == "MouseButtonPress")
    assert press["objectName"] == "newsletterCheck" and press["button"] == "LeftButton"
    assert {"x", "y"} <= set(press["pos"]) and press["className"] == "QCheckBox"
    assert {e["type"] for e in events} <= {"KeyPress", "MouseButtonPress", "MouseButtonRelease"}
    stopped = watcher.call("qt.events.stop", {})
    assert stopped["stopped"] and stopped["sent"] >= 4 and not stopped["active"]
    qt.call("qt.ui.click", {"target": "newsletterCheck"})  # back to unchecked
    assert not watcher.call("qt.events.stop", {})["stopped"]


def test_subtree_filter_and_rate_limit(demo: DemoApp, qt: Client) -> None:
    watcher = demo.client("limited")
    batches: list[Any] = []
    watcher.on("qt.events", batches.append)
    watcher.call("qt.events.start", {"objectId": "emailEdit", "maxRate": 2,
                                     "types": ["KeyPress", "KeyRelease"]})
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "x"})  # outside the subtree
    qt.call("qt.ui.type", {"target": "emailEdit", "text": "abcdef", "clear": True})
    wait_until(lambda: sum(b.params["dropped"] for b in batches) > 0, what="dropped count")
    events = _events(batches)
    assert 0 < len(events) <= 4  # at most 2 a second
    assert {e["objectName"] for e in events} == {"emailEdit"}
    watcher.call("qt.events.stop", {})


def test_event_errors(qt: Client) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("qt.events.start", {"types": ["KeyPress", "NoSuchEvent"]})
    assert info.value.name == "INVALID_PARAMS"
    assert "MouseButtonPress" in info.value.data["available"]
    with pytest.raises(RemoteError) as info:
        qt.call("qt.events.start", {"objectId": "noSuchWidget"})
    assert info.value.name == "OBJECT_NOT_FOUND"
    with pytest.raises(RemoteError) as info:
        qt.call("qt.events.start", {"maxRate": 0})
    assert info.value.name == "INVALID_PARAMS"
    assert "KeyPress" in qt.call("qt.events.types", {})["default"]


def test_monitor_is_free_when_off_and_start_stop_are_idempotent(demo: DemoApp,
                                                                qt: Client) -> None:
    watcher = demo.client("onoff")
    off = watcher.call("qt.events.status", {})
    assert off == {"active": False, "filterInstalled": False, "monitors": 0,
                   "filterCalls": off["filterCalls"], "mine": False}
    assert not watcher.call("qt.events.start", {"types": ["KeyPress"]})["replaced"]
    again = watcher.call("qt.events.start", {"types": ["KeyPress", "KeyRelease"]})
    assert again["started"] and again["replaced"]
    on = watcher.call("qt.events.status", {})
    assert on["filterInstalled"] and on["monitors"] == 1 and on["mine"]
    assert not qt.call("qt.events.status", {})["mine"]
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "a", "clear": True})
    wait_until(lambda: watcher.call("qt.events.status", {})["filterCalls"]
               > on["filterCalls"], what="the filter seeing events")
    first = watcher.call("qt.events.stop", {})
    assert first["stopped"] and first["active"] is False and "reason" not in first
    second = watcher.call("qt.events.stop", {})
    assert second == {"stopped": False, "active": False,
                      "reason": "this client had no event monitor running"}
    stopped = watcher.call("qt.events.status", {})
    assert not stopped["filterInstalled"] and stopped["monitors"] == 0
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "bc", "clear": True})
    qt.call("qt.ui.click", {"target": "newsletterCheck"})
    qt.call("qt.ui.click", {"target": "newsletterCheck"})
    qt.call("qt.waitIdle", {})
    # no probe filter is installed: the events above never reached it
    assert watcher.call("qt.events.status", {})["filterCalls"] == stopped["filterCalls"]
    with pytest.raises(RemoteError) as info:
        watcher.call("qt.events.status", {"verbose": True})
    assert info.value.name == "INVALID_PARAMS" and info.value.data["hint"]


def test_timers_list_shows_the_heartbeat(qt: Client) -> None:
    timers = qt.call("qt.timers.list", {})["timers"]
    beat = next(t for t in timers if t["objectName"] == "heartbeat")
    assert beat["interval"] == 50 and not beat["singleShot"] and beat["active"]
    assert beat["owner"]["objectName"] == "mainWindow"
    assert not any(t["objectName"].startswith("qtmcp") for t in timers)


def test_measure_heartbeat_wakeups_without_blocking(demo: DemoApp, qt: Client) -> None:
    other = demo.client("pinger")
    import threading

    pings: list[float] = []

    def ping() -> None:
        for _ in range(5):
            pings.append(other.call("qt.ping", {}) is not None)

    t = threading.Thread(target=ping)
    t.start()
    result = qt.call("qt.timers.measure", {"seconds": 1.0})
    t.join(10)
    assert len(pings) == 5  # the GUI thread answered others while measuring
    beat = next(r for r in result["timers"] if r["objectName"] == "heartbeat")
    assert 10 <= beat["perSecond"] <= 30, beat  # a plain count: loose on a busy machine
    assert 0.9 <= result["seconds"] < 3
    scoped = qt.call("qt.timers.measure", {"seconds": 0.3, "objectId": "tabs"})
    assert not any(r["objectName"] == "heartbeat" for r in scoped["timers"])


def test_heartbeat_median_is_20_per_second(qt: Client) -> None:
    """The median gap between wake-ups shrugs off the stalls of a loaded machine."""
    result = qt.call("qt.timers.measure", {"seconds": 2.0})
    beat = next(r for r in result["timers"] if r["objectName"] == "heartbeat")
    assert beat["wakeups"] >= 10, beat
    assert 16 <= beat["medianPerSecond"] <= 24, beat
    assert 41 <= beat["medianIntervalMs"] <= 63, beat


def test_bare_start_timer_is_listed_and_measured(extra: DemoApp) -> None:
    qt = extra.client("timers")
    listed = qt.call("qt.timers.list", {})["timers"]
    tick = [t for t in listed if t["objectName"] == "ticker"]
    assert len(tick) == 1, listed
    tick_entry = tick[0]
    assert tick_entry["kind"] == "QObject.startTimer" and tick_entry["interval"] == 50
    assert tick_entry["active"] and tick_entry["className"] == "Ticker"
    assert tick_entry["owner"]["objectName"] == "ticker" and tick_entry["timerId"] > 0
    beat = next(t for t in listed if t["objectName"] == "heartbeat")
    assert beat["kind"] == "QTimer"
    assert not any(t["objectName"].startswith("qtmcp") for t in listed)
    result = qt.call("qt.timers.measure", {"seconds": 2.0})
    measured = next(o for o in result["otherTimers"] if o["objectName"] == "ticker")
    assert measured["timerId"] == tick_entry["timerId"] and measured["interval"] == 50
    assert measured["receiver"] == tick_entry["id"] and measured["active"]
    assert 16 <= measured["medianPerSecond"] <= 24, measured
    assert not any(r["objectName"] == "ticker" for r in result["timers"])


def test_timer_errors(qt: Client) -> None:
    for params in ({"seconds": 0}, {"seconds": "x"}, {"seconds": 100}):
        with pytest.raises(RemoteError) as info:
            qt.call("qt.timers.measure", params)
        assert info.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as info:
        qt.call("qt.timers.measure", {"seconds": 0.1, "objectId": "noSuchThing"})
    assert info.value.name == "OBJECT_NOT_FOUND" and info.value.data["available"]

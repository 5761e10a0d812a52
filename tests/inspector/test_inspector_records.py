"""Plots, session recording/playback and re-send, against a real demo app."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage, qGray

from inspector.panes.agent_log import AgentLogPane
from inspector.panes.plots import PlotsPane
from inspector.sessions import resend, session_file
from inspector.sessions.player import SessionPlayer
from inspector.window.main_window import MainWindow
from tests.support.app import DemoApp
from tests.support.inspector import connect, qwait, run


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)
    qwait(lambda: window.probe.facts.loaded, what="the schema")


def test_plots_get_points_from_pings_and_traffic(window: MainWindow, demo: DemoApp) -> None:
    plots = window.pane(PlotsPane)
    window.conn.spawn(window.conn._ping())
    qwait(lambda: plots.round_trip.v, what="a ping point")
    qwait(lambda: plots.event_loop.v, what="an eventLoopMs point from the mirrored ping")
    agent = demo.client(name="plot-agent", role="agent")
    for _ in range(3):
        agent.call("qt.version")
    name = "plot-agent · agent"
    qwait(lambda: len(plots.call_series.get(name, ()).t if name in plots.call_series else ())
          >= 3, what="the agent's calls in the plot")
    plots.draw()
    xs, ys = plots.call_series[name].item.getData()
    assert len(xs) >= 3 and all(y >= 0 for y in ys)
    _rx, ry = plots.rate_series[name].item.getData()
    assert sum(ry) >= 3
    assert "calls plotted" in plots.summary.text()


def test_busy_app_draws_a_red_band(window: MainWindow, demo: DemoApp) -> None:
    plots = window.pane(PlotsPane)
    demo.send_command("freeze 2.5")

    def pinged_busy() -> bool:
        if not window.conn._pinging:  # the status-bar ping, sooner than its timer would
            window.conn.spawn(window.conn._ping())
        return bool(plots.busy)

    qwait(pinged_busy, timeout=10, what="a busy period")
    demo.command("set-title back")  # answers once the freeze is over
    plots.draw()
    assert plots._bands and plots.busy[-1][1] > plots.busy[-1][0]


def test_session_saves_and_replays_offline(window: MainWindow, demo: DemoApp,
                                           tmp_path: Path) -> None:
    rec = window.sessions.recorder
    rec.clear()
    agent = demo.client(name="rec-agent", role="agent")
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Ada"})
    qwait(lambda: len(rec.session.frames) >= 1, what="a frame after the first change")
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text",
                                     "value": "Grace"})
    agent.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})
    qwait(lambda: len(rec.session.calls) >= 3 and len(rec.session.frames) >= 2,
          what="three calls and two frames")
    path = window.sessions.save(str(tmp_path / "run"))
    assert path.endswith(session_file.SUFFIX)

    loaded = session_file.load(path)
    assert [c["method"] for c in loaded.calls][-3:] == [
        "qt.properties.set", "qt.properties.set", "qt.properties.get"]
    assert loaded.app.get("pid") == demo.pid
    player = window.sessions.open(path)
    try:
        assert player.current == 0
        total = len(loaded.calls)
        first = total - 3  # the agent's hello came before its three calls
        assert loaded.calls[0]["method"] == "probe.hello" and player.image.isNull()
        assert "no picture" in player.position.text()
        while player.current < first:
            player.next()
        assert player.current == first and not player.image.isNull()
        assert player.picture.pixmap() is not None and not player.picture.pixmap().isNull()
        assert '"Ada"' in player.detail.toPlainText()
        player.next()
        player.next()
        assert player.current == total - 1
        assert "qt.properties.get" in player.detail.toPlainText()
        assert not player.image.isNull()
        assert f"call {total} of {total}" in player.position.text()
        player.next()  # at the end: stays
        assert player.current == total - 1
        player.previous()
        assert player.current == total - 2 and '"Grace"' in player.detail.toPlainText()
        assert player.image.width() > 100
    finally:
        player.close()


def _region_diff(a: QImage, b: QImage, rect: tuple[int, int, int, int]) -> float:
    """Mean absolute grey-level difference of two same-size pictures inside ``rect``."""
    x0, y0, w, h = rect
    total = count = 0
    for y in range(max(0, y0), min(a.height(), b.height(), y0 + h)):
        for x in range(max(0, x0), min(a.width(), b.width(), x0 + w)):
            total += abs(qGray(a.pixel(x, y)) - qGray(b.pixel(x, y)))
            count += 1
    return total / max(count, 1)


def test_each_action_step_shows_the_app_after_that_action(window: MainWindow, demo: DemoApp,
                                                          tmp_path: Path) -> None:
    """Step N's picture is the app after action N, at the app's resolution however small
    the live view pane is, offline."""
    rec = window.sessions.recorder
    window.docks["liveView"].setFloating(True)
    window.docks["liveView"].resize(240, 160)  # a small pane streams small frames
    agent = demo.client(name="typing-agent", role="agent")
    agent.call("qt.ui.type", {"target": "nameEdit", "text": "", "clear": True})
    qwait(lambda: rec.idle, what="the recorder to settle after clearing the field")
    rec.clear()
    values = ("Ada", "WWWWW Grace Hopper WWWWW")
    shown: list[QImage] = []  # the app once each step settled, as a screenshot shows it
    for value in values:
        # not waiting for idle: the record comes before the action's repaint, as it does
        # for any action whose picture changes later than its call returns
        agent.call("qt.ui.type", {"target": "nameEdit", "text": value, "clear": True,
                                  "wait_for_idle": False})
        qwait(lambda v=value: any(f.after_seq == _seq_of(rec.session.calls, v)
                                  for f in rec.session.frames),
              what=f"the picture after typing {value!r}")
        qwait(lambda: rec.idle, what="the step's picture to settle")
        shot = agent.call("qt.ui.screenshot", {"format": "png"})
        image = QImage()
        image.loadFromData(base64.b64decode(shot["data"]))
        shown.append(image.convertToFormat(QImage.Format.Format_RGB32))
    size = agent.call("qt.ui.geometry", {"target": "mainWindow"})["window"]
    box = agent.call("qt.ui.geometry", {"target": "nameEdit"})["window"]
    field = (box["x"], box["y"], box["width"], box["height"])
    path = window.sessions.save(str(tmp_path / "typing"))

    player = SessionPlayer(session_file.load(path), "typing")  # no window, no connection
    try:
        pictures = []
        for value in values:
            player.calls.setCurrentRow(next(
                i for i, c in enumerate(player.session.calls)
                if c.get("method") == "qt.ui.type" and (c.get("params") or {}).get("text")
                == value))
            assert not player.image.isNull(), f"no picture for typing {value!r}"
            pictures.append(player.image.convertToFormat(QImage.Format.Format_RGB32))
        whole = (0, 0, shown[0].width(), shown[0].height())
        assert _region_diff(shown[0], shown[1], field) > 8  # the field did change
        assert _region_diff(pictures[0], pictures[1], field) > 8, "steps show the same field"
        for value, picture, state in zip(values, pictures, shown, strict=True):
            # the app's resolution, not the small pane's
            assert (picture.width(), picture.height()) == (size["width"], size["height"])
            # the step's picture is the app after that action (JPEG noise only)
            assert _region_diff(picture, state, field) < 4, f"wrong picture for {value!r}"
            assert _region_diff(picture, state, whole) < 3
        assert "picture taken after call seq" in player.position.text()
    finally:
        player.close()
        player.deleteLater()
        window.reset_layout()


def test_an_action_shows_the_first_picture_after_it() -> None:
    """Pictures of quick actions are coalesced: an action without its own picture shows the
    next one taken (never an older one from before it); a read shows the app it read."""
    def call(seq: int, changes: bool) -> dict[str, Any]:
        return {"seq": seq, "method": "chr.formInput" if changes else "qt.properties.get",
                **({"changesApp": True} if changes else {})}

    def frame(after: int) -> session_file.Frame:
        return session_file.Frame(after, 0.0, "jpeg", 10, 10, "")

    session = session_file.Session(
        calls=[call(60, True), call(67, True), call(300, False), call(380, True),
               call(381, True), call(390, False)],
        frames=[frame(60), frame(67), frame(381)])
    after = [f.after_seq if f else None
             for f in (session.frame_for(i) for i in range(len(session.calls)))]
    assert after == [60, 67, 67, 381, 381, 381]
    # an action after the last picture has none (not an older one)
    session.calls.append(call(400, True))
    assert session.frame_for(len(session.calls) - 1) is None


def _seq_of(calls: list[dict[str, Any]], text: str) -> int | None:
    for call in calls:
        if call.get("method") == "qt.ui.type" and (call.get("params") or {}).get("text") == text:
            return int(call["seq"])
    return None


def test_open_rejects_other_files(tmp_path: Path) -> None:
    bad = tmp_path / "x.qtmcp-session"
    bad.write_text('{"hello": 1}\n')
    with pytest.raises(session_file.SessionFileError):
        session_file.load(bad)


def test_resend_repeats_a_logged_call(window: MainWindow, demo: DemoApp) -> None:
    pane = window.pane(AgentLogPane)
    agent = demo.client(name="resend-agent", role="agent")
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Bob"})
    qwait(lambda: any(r.client == "resend-agent" and r.method == "qt.properties.set"
                      for r in pane.model.rows),
          what="the agent's call in the log")
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Eve"})
    row = next(r for r in pane.model.rows
               if r.client == "resend-agent" and r.method == "qt.properties.set")
    before = len(pane.model.rows)
    result = run(resend.resend(pane, row))
    assert result["value"] == "Bob"
    assert agent.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})[
        "value"] == "Bob"
    qwait(lambda: any(pane.model.is_own(r) and r.method == "qt.properties.set"
                      for r in pane.model.rows[before:]), what="the re-sent call in the log")
    assert pane.show_own.isChecked()
    assert any(pane.model.is_own(r) and r.method == "qt.properties.set"
               for r in pane.visible_rows())
    assert "re-sent qt.properties.set: ok" in pane.status.text()
    pane.show_own.setChecked(False)


def test_resend_refuses_truncated_params(window: MainWindow) -> None:
    from inspector.models.traffic import TrafficRow

    row = TrafficRow.from_record({
        "seq": 1, "ts": 0.0, "client": {"id": 99, "name": "agent", "role": "agent"}, "id": 1,
        "method": "qt.ui.typeText", "notification": False, "durationMs": 1.0, "ok": True,
        "params": {"truncated": True, "size": 99999, "preview": "{..."}})
    assert resend.resendable(row)
    assert run(resend.resend(window.pane(AgentLogPane), row)) is None
    assert "cannot re-send" in window.pane(AgentLogPane).status.text()

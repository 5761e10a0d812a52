"""Plots, session recording/playback and re-send, against a real demo app."""
# ruff: noqa: F811 - pytest fixtures imported from inspector_support

from __future__ import annotations

from pathlib import Path

import pytest
from inspector_support import aloop, connect, qwait, run, window  # noqa: F401 - fixtures

from conftest import DemoApp
from inspector import resend, session_file
from inspector.mainwindow import MainWindow


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)
    qwait(lambda: window.records.recorder.changing is not None, what="the schema")


def test_plots_get_points_from_pings_and_traffic(window: MainWindow, demo: DemoApp) -> None:
    plots = window.plots
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
    plots = window.plots
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
    rec = window.records.recorder
    rec.clear()
    agent = demo.client(name="rec-agent", role="agent")
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Ada"})
    qwait(lambda: len(rec.session.frames) >= 1, what="a frame after the first change")
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text",
                                     "value": "Grace"})
    agent.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})
    qwait(lambda: len(rec.session.calls) >= 3 and len(rec.session.frames) >= 2,
          what="three calls and two frames")
    path = window.records.save(str(tmp_path / "run"))
    assert path.endswith(session_file.SUFFIX)

    loaded = session_file.load(path)
    assert [c["method"] for c in loaded.calls][-3:] == [
        "qt.properties.set", "qt.properties.set", "qt.properties.get"]
    assert loaded.app.get("pid") == demo.pid
    player = window.records.open(path)
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


def test_open_rejects_other_files(tmp_path: Path) -> None:
    bad = tmp_path / "x.qtmcp-session"
    bad.write_text('{"hello": 1}\n')
    with pytest.raises(session_file.SessionFileError):
        session_file.load(bad)


def test_resend_repeats_a_logged_call(window: MainWindow, demo: DemoApp) -> None:
    pane = window.agent_log
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

    row = TrafficRow.from_record({"seq": 1, "method": "qt.ui.typeText", "params": {
        "truncated": True, "size": 99999, "preview": "{..."}, "client": {"id": 99}})
    assert resend.resendable(row)
    assert run(resend.resend(window.agent_log, row)) is None
    assert "cannot re-send" in window.agent_log.status.text()

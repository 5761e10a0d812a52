"""Live view at 1280x800: frames per second while the picture changes, none while still,
and the target's CPU share (from /proc) in each phase.

    python tests/bench/bench_live_view.py [--seconds 5] [--format jpeg]
"""

from __future__ import annotations

import argparse
import os
import time

from _common import demo_app, table, target

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def phase(app, client, seconds: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    before_n = len(client.received("probe.frame"))
    c0, t0 = cpu_seconds(app.pid), time.monotonic()
    time.sleep(seconds)
    c1, t1 = cpu_seconds(app.pid), time.monotonic()
    frames = len(client.received("probe.frame")) - before_n
    return frames / (t1 - t0), (c1 - c0) / (t1 - t0) * 100


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--format", default="jpeg", choices=["jpeg", "png"])
    ns = ap.parse_args()
    with demo_app("--size", "1280x800") as app:
        viewer = app.client("bench-viewer", "inspector")
        idle_fps, idle_cpu = phase(app, viewer, ns.seconds)  # no stream at all
        rows = [{"phase": "probe idle, no stream", "fps": idle_fps, "target_cpu_%": idle_cpu}]
        app.command("animate 30")
        base_fps, base_cpu = phase(app, viewer, ns.seconds)  # the app's own animation cost
        app.command("animate 0")
        rows.append({"phase": "no stream, app animating (its own cost)", "fps": base_fps,
                     "target_cpu_%": base_cpu})
        for partial in (False, True):
            mode = "partial frames" if partial else "full frames"
            viewer.call("probe.frames.start", {"maxFps": 20, "maxWidth": 1280,
                                               "maxHeight": 800, "format": ns.format,
                                               "partial": partial})
            # the new stream's own first frame, not a late one of the stream before
            viewer.wait_notification("probe.frame", lambda f: f["seq"] == 1 and f["full"],
                                     timeout=10)
            still_fps, still_cpu = phase(app, viewer, ns.seconds)
            app.command("animate 30")
            moving_fps, moving_cpu = phase(app, viewer, ns.seconds)
            app.command("animate 0")
            viewer.call("probe.frames.stop")
            rows.append({"phase": f"{mode}, window still", "fps": still_fps,
                         "target_cpu_%": still_cpu})
            rows.append({"phase": f"{mode}, picture changing (30/s)", "fps": moving_fps,
                         "target_cpu_%": moving_cpu})
        table(f"live_view: 1280x800 {ns.format} stream, cap 20 fps, {ns.seconds:g} s/phase",
              rows)
        for mode in ("partial frames", "full frames"):
            moving = next(r for r in rows if r["phase"] == f"{mode}, picture changing (30/s)")
            still = next(r for r in rows if r["phase"] == f"{mode}, window still")
            cpu = moving["target_cpu_%"] - base_cpu  # the stream's share, not the animation's
            target(f"live view 1280x800, {mode}", "20 fps while changing, none while still, "
                   "under 25% of a core in the target",
                   f"{moving['fps']:.1f} fps, {still['fps']:.1f} still, {cpu:.0f}% CPU",
                   moving["fps"] >= 19 and still["fps"] < 0.5 and cpu < 25,
                   "the default (and the inspector's)" if mode == "partial frames" else
                   "on request (partial: false): every frame encodes the whole 1280x800 JPEG")


if __name__ == "__main__":
    main()

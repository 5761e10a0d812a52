"""Live view at 1280x800: frames per second while the picture changes, none while still,
and the target's CPU share (from /proc) in each phase, with each JPEG encoder in one run.

    python tests/bench/bench_live_view.py [--seconds 5] [--format jpeg]

The demo starts once with Qt's JPEG writer (``QTMCP_JPEG=qt``, the fallback) and once with
libjpeg-turbo (the default when ``simplejpeg`` is installed), so the two are compared on
the same machine load. Premises (exit 1 when one fails): frames arrive while the picture
changes, and the stream reports the encoder the phase asked for.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from _common import demo_app, load, run_bench, table, target

TICK = os.sysconf("SC_CLK_TCK")
ENCODERS = {"qt": "Qt's writer", "libjpeg-turbo": "libjpeg-turbo"}


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


def one_encoder(encoder: str, fmt: str, seconds: float) -> tuple[list[dict], list[str]]:
    """The phases' rows with ``encoder``, and the premises that failed."""
    failed: list[str] = []
    rows: list[dict] = []
    with demo_app("--size", "1280x800", env={"QTMCP_JPEG": encoder}) as app:
        viewer = app.client("bench-viewer", "inspector")
        idle_fps, idle_cpu = phase(app, viewer, seconds)  # no stream at all
        rows.append({"encoder": encoder, "phase": "probe idle, no stream", "fps": idle_fps,
                     "target_cpu_%": idle_cpu, "stream_cpu_%": 0.0})
        app.command("animate 30")
        base_fps, base_cpu = phase(app, viewer, seconds)  # the app's own animation cost
        app.command("animate 0")
        rows.append({"encoder": encoder, "phase": "no stream, app animating (its own cost)",
                     "fps": base_fps, "target_cpu_%": base_cpu, "stream_cpu_%": 0.0})
        for partial in (False, True):
            mode = "partial frames" if partial else "full frames"
            viewer.call("probe.frames.start", {"maxFps": 20, "maxWidth": 1280,
                                               "maxHeight": 800, "format": fmt,
                                               "partial": partial})
            # the new stream's own first frame, not a late one of the stream before
            viewer.wait_notification("probe.frame", lambda f: f["seq"] == 1 and f["full"],
                                     timeout=10)
            still_fps, still_cpu = phase(app, viewer, seconds)
            app.command("animate 30")
            moving_fps, moving_cpu = phase(app, viewer, seconds)
            app.command("animate 0")
            stats = viewer.call("probe.frames.stop")
            if fmt == "jpeg" and stats.get("encoder") != encoder:
                failed.append(f"{mode}: the stream encoded with {stats.get('encoder')!r}, "
                              f"not {encoder!r}")
            if moving_fps < 5:
                failed.append(f"{mode} with {encoder}: {moving_fps:.1f} frames/s while the "
                              "picture changed")
            rows.append({"encoder": encoder, "phase": f"{mode}, window still",
                         "fps": still_fps, "target_cpu_%": still_cpu,
                         "stream_cpu_%": still_cpu - idle_cpu})
            rows.append({"encoder": encoder, "phase": f"{mode}, picture changing (30/s)",
                         "fps": moving_fps, "target_cpu_%": moving_cpu,
                         "stream_cpu_%": moving_cpu - base_cpu})
    return rows, failed


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--format", default="jpeg", choices=["jpeg", "png"])
    ns = ap.parse_args()
    rows: list[dict] = []
    failed: list[str] = []
    before = load()
    for encoder in ENCODERS:
        more, why = one_encoder(encoder, ns.format, ns.seconds)
        rows += more
        failed += why
    table(f"live_view: 1280x800 {ns.format} stream, cap 20 fps, {ns.seconds:g} s/phase, "
          "each encoder (stream_cpu: the phase less the app's own cost)", rows)
    print(f"load average {before} before, {load()} after")
    goals = {"full frames": 12, "partial frames": 6}
    for mode, goal in goals.items():
        def moving(enc: str, mode: str = mode) -> dict:
            return next(r for r in rows if r["encoder"] == enc
                        and r["phase"] == f"{mode}, picture changing (30/s)")
        def still(enc: str, mode: str = mode) -> dict:
            return next(r for r in rows if r["encoder"] == enc
                        and r["phase"] == f"{mode}, window still")
        now, qt = moving("libjpeg-turbo"), moving("qt")
        target(f"live view 1280x800, {mode}",
               f"20 fps while changing, none while still, <= {goal}% of a core in the target",
               f"{now['fps']:.1f} fps, {still('libjpeg-turbo')['fps']:.1f} still, "
               f"{now['stream_cpu_%']:.0f}% CPU (Qt's writer {qt['stream_cpu_%']:.0f}%)",
               now["fps"] >= 19 and still("libjpeg-turbo")["fps"] < 0.5
               and now["stream_cpu_%"] <= goal,
               ("the default (and the inspector's)" if mode == "partial frames" else
                "on request (partial: false): every frame is the whole 1280x800 JPEG"))
    for why in failed:
        print(f"premise failed: {why}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    run_bench(main)

"""Turns on the GUI thread (#37): a newcomer's first call is not queued behind a job of
every connection that pipelines. Counted in the traffic the inspector sees (every answer,
in the order the calls ended), never timed.

The greedy calls are the app's own slow slot (WORK_MS each), so the GUI thread is still
busy with them when the newcomer comes however fast the machine is (with object trees of
the demo, a fast machine had answered every one of them first: the run said nothing)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from tests.support.app import HARDENING_APP, DemoApp, start_demo, wait_until

#: Connections that pipeline GUI calls, and the calls each sends.
GREEDY = 10
CALLS = 24
#: Milliseconds each greedy call keeps the GUI thread (the app's own slot): 3.6 s in all.
WORK_MS = 15


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    # the greedy calls wait their turn longer than the default 2 s a call may wait
    app = start_demo(module=HARDENING_APP, env={"QTMCP_CALL_TIMEOUT": "30"})
    yield app
    app.stop()


def _greedy(app: DemoApp, k: int, stack: ExitStack) -> ClientConnection:
    """A connection that says hello as ``greedy-k`` and sends CALLS slow calls at once;
    its client reads every answer (unbounded queue), so none waits on it."""
    ws = stack.enter_context(ws_connect(f"{app.url}/?token={app.token}", max_queue=None,
                                        max_size=None, open_timeout=10, compression=None))
    ws.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "probe.hello",
                        "params": {"name": f"greedy-{k}"}}))
    for i in range(1, CALLS + 1):
        ws.send(json.dumps({"jsonrpc": "2.0", "id": i, "method": "qt.methods.invoke",
                            "params": {"objectId": "hardeningWindow", "method": "work",
                                       "args": [WORK_MS]}}))
    return ws


def test_a_newcomers_first_call_waits_for_one_job_not_one_of_every_lane(app: DemoApp
                                                                         ) -> None:
    """Ten connections each keep 24 slow calls waiting on the GUI thread; a newcomer
    asks for one. Between its hello (answered off the GUI thread) and its call's answer,
    on main a call of every greedy connection ended first (lanes in a ring: the
    newcomer's went last; 10-11 of them); now the lane with the fewest turns goes next:
    the job running and those that end while the call travels to the GUI queue."""
    watcher = app.client("turns-watcher", role="inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    with ExitStack() as stack:
        for k in range(GREEDY):
            _greedy(app, k, stack)

        def greedy_answers() -> int:
            return sum(1 for n in watcher.received("probe.traffic")
                       if n.params["client"]["name"].startswith("greedy-"))

        def started() -> int:
            return sum(s["calls"] for s in watcher.call("probe.sessions")
                       if s["name"].startswith("greedy-"))

        # every greedy call read and started (all fit in the turns: 4 each + 256 shared),
        # so the newcomer's call meets nothing but the GUI thread's queue
        wait_until(lambda: started() == GREEDY * (1 + CALLS), timeout=30,
                   what="every greedy call started")
        # and each greedy lane has had its turns (a lane that has had none goes before a
        # newcomer, rightly: it came first)
        wait_until(lambda: greedy_answers() >= 3 * GREEDY, timeout=30,
                   what="three turns of each greedy connection")
        newcomer = stack.enter_context(app.client("newcomer"))
        newcomer.call("qt.objects.tree", {"depth": 1})
        wait_until(lambda: greedy_answers() == GREEDY * (1 + CALLS), timeout=60,
                   what="every greedy call answered")

        def newcomer_calls() -> int:
            return sum(1 for n in watcher.received("probe.traffic")
                       if n.params["client"]["name"] == "newcomer")

        # its records may come after the greedy ones when those all ended before its call
        # (a fast machine: then the run is inconclusive, below, not a failure)
        wait_until(lambda: newcomer_calls() == 2, timeout=30,
                   what="the newcomer's hello and call in the traffic")
        names = [(n.params["client"]["name"], n.params.get("method"))
                 for n in watcher.received("probe.traffic")]
        hello = names.index(("newcomer", "probe.hello"))
        call = names.index(("newcomer", "qt.objects.tree"))
        between = [name for name, _method in names[hello + 1:call]
                   if name.startswith("greedy-")]
        busy = {name for name, method in names[call + 1:] if name.startswith("greedy-")}
        if len(busy) < GREEDY // 2:  # the premise: most greedy lanes still had calls
            pytest.skip(f"inconclusive: only {len(busy)} greedy connections had calls "
                        "left when the newcomer's call ended (a loaded machine)")
        # main: 10-11, one per greedy connection; here the job running and the few that
        # end while the newcomer's call travels to the GUI queue (up to 3 seen alone)
        assert len(between) <= GREEDY // 2, between
    watcher.close()

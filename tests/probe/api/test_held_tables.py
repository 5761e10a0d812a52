"""What the probe keeps per object and element it has seen is let go when the object
dies (issue #37 item 4): an app that makes and deletes widgets for hours must not grow
the probe's tables without bound.

The hardening app rebuilds its panel of every kind of control (``deleteLater`` of the
old one) while a client reads it the way an agent and the inspector do: the page (refs
of every control, list items, tabs, menu entries), a find, the object tree (an id for
every QObject) and a target description. The app's ``held`` command reports the size of
each session's tables and the creation-site notes: after thousands of objects came and
went they are back near what they were after a few rounds, and an old ref or id fails
cleanly (OBJECT_STALE / REF_NOT_FOUND), never naming another element.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import HARDENING_APP, DemoApp, start_demo

#: Rebuilds read after the baseline (each makes ~60 QObjects the client is told about).
ROUNDS = 80
#: What a table may hold past its baseline once thousands of objects died: the ids of
#: one sweep's worth of dead objects (a table sweeps when it doubles, from 512 entries).
SLACK = 1024


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    a = start_demo(module=HARDENING_APP)
    yield a
    a.stop()


def held(app: DemoApp) -> dict[str, Any]:
    line = app.command("held")
    return json.loads(line.split(" ", 1)[1])


def read_round(app: DemoApp, qt: Client) -> tuple[str, str]:
    """One rebuild, then what an agent and an inspector read of it: the new button's ref
    and the new check box's id."""
    app.command("rebuild-kinds")
    qt.call("chr.readPage", {"filter": "all"})
    found = qt.call("chr.find", {"query": "Kinds button"})["matches"]
    qt.call("qt.objects.tree", {"objectId": "hardeningWindow", "depth": 12,
                                "maxNodes": 100_000, "compact": True})
    checks = qt.call("qt.objects.find", {"name": "kindsCheck"})["objects"]
    return found[0]["ref"], checks[-1]["id"]


def test_tables_return_to_their_baseline_after_thousands_of_widgets(app: DemoApp) -> None:
    qt = app.client("churn-reader")
    gone = [read_round(app, qt) for _ in range(3)]
    base = held(app)
    for _ in range(ROUNDS):
        read_round(app, qt)
    after = held(app)
    print("baseline", base, "after", after)
    assert len(base["sessions"]) == len(after["sessions"]) == 1, after  # the reader's
    before, now = base["sessions"][0], after["sessions"][0]
    assert {"qt.ids", "chr.refs"} <= set(now), now
    grown = {key: (before.get(key, 0), size) for key, size in now.items()
             if size > 2 * before.get(key, 0) + SLACK}
    assert not grown, f"tables grew with churn (baseline, after): {grown}"
    assert after["notes"] <= 2 * base["notes"] + SLACK, \
        f"creation-site notes grew: {base['notes']} -> {after['notes']}"
    # what the session was given for the dead panels fails cleanly, never names another
    for ref, ident in gone:
        with pytest.raises(RemoteError) as err:
            qt.call("chr.scrollTo", {"ref": ref})
        assert err.value.name in ("REF_NOT_FOUND", "OBJECT_STALE"), err.value
        with pytest.raises(RemoteError) as err:
            qt.call("qt.objects.inspect", {"objectId": ident})
        assert err.value.name == "OBJECT_STALE", err.value

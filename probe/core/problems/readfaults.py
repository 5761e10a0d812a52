"""Elements the probe could not read whole: what raised while a read walked them.

:mod:`probe.core.faults` records each failure once per class as reads meet them; this
lists them. ``probe_fault`` is a defect of qtmcp itself (report it: its traceback says
where); ``app_exception`` is the app's own code raising while the probe read it (its
model, its override, its accessible interface): the element shows as ``unread`` to an
agent, and the app's line is the one to fix.
"""

from __future__ import annotations

import time

from probe.core import faults
from probe.core.problems.scan import Problem, Scan

PROBE = "probe_fault"
APP = "app_exception"


def check(scan: Scan) -> list[Problem]:
    out = []
    now = time.time()
    for f in faults.faults():
        if f.origin == faults.GONE:
            continue  # an object the app deleted meanwhile: nothing to fix, only counted
        kind = PROBE if f.origin == faults.PROBE else APP
        if kind == PROBE:
            message = f"the probe failed reading {f.control}: {f.exception} at {f.where}: " \
                f"{f.message}"
            hint = ("a qtmcp defect: the element shows as unread, the rest of the page "
                    "reads; report it with this traceback")
        else:
            message = f"{f.control} raised {f.exception} in {f.app_where or 'the app'} " \
                f"while the probe read it: {f.message}"
            hint = ("fix the app's code at source (it raised while a read asked it); "
                    "agents see the element as unread")
        out.append(Problem(kind, None, message, hint, {
            "path": f.path, "className": f.control, "where": f.where,
            "traceback": f.traceback, "count": f.count, "source": f.source,
            "secondsAgo": round(now - f.last, 1)}))
    return out

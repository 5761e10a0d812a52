"""Python's cyclic garbage collector, paused while a walk makes many objects at once.

A walk of a big window makes tens of thousands of small objects (nodes, their lists and
dicts) in one go. Each time the youngest generation fills up a collection starts, and the
oldest generation's collections scan every object the app holds: over one walk that grows
with the square of the window (readPage of 8,000 controls spent a fifth of its time in
them). The walk's objects are freed by their reference counts when it ends; the
collector resumes then. GUI thread.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No cyclic collection while the block runs (a walk over many objects)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

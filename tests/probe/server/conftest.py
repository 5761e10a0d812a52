"""Fixtures of the server's in-process tests."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """The transport thread's loop, on a thread of its own (for an in-process executor)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)
    loop.close()

"""A log viewer from PyPI (cutelog2), unmodified: records stream into a table behind the
app's own filter proxy, and level check boxes sit in the cells of another table.

Records are sent the way an app logs to it (``logging.handlers.SocketHandler``); what the
probe's answers say is checked against the app's own table. The defects of issue #26 this
app showed: widgets in cells listed after all rows, unnamed (which level's check box is
which?), and item refs that named another record once the app filtered its rows.
"""

from __future__ import annotations

import importlib.util
import logging
import logging.handlers
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.realapps import tasks
from tests.support.app import wait_until
from tests.support.chrome import parse
from tests.support.realapp import RealApp, start, wait_for_window

RECORDS = [(logging.INFO, "order 1 placed"), (logging.WARNING, "order 2 slow"),
           (logging.ERROR, "order 3 failed"), (logging.DEBUG, "cache warm"),
           (logging.INFO, "order 4 placed")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def port() -> int:
    return _free_port()


@pytest.fixture(scope="module")
def cutelog(port: int) -> Iterator[RealApp]:
    if importlib.util.find_spec("cutelog2") is None:
        pytest.skip("cutelog2 is not installed (pip install -e '.[realapps]')")
    home = Path(tempfile.mkdtemp(prefix="qtmcp-cutelog-"))
    settings = home / ".config" / "cutelog2"
    settings.mkdir(parents=True)  # its own port, so parallel runs never collide
    (settings / "cutelog2.conf").write_text(f"[Configuration]\nlisten_port={port}\n")
    yield from start("-m", "cutelog2", env={"HOME": home.as_posix()})


@pytest.fixture(scope="module")
def qt(cutelog: RealApp, port: int) -> Client:
    client = cutelog.client()
    wait_for_window(client)
    log = logging.getLogger("qtmcp.test.shop")
    log.propagate = False
    log.setLevel(logging.DEBUG)
    handler = logging.handlers.SocketHandler("127.0.0.1", port)
    log.addHandler(handler)
    try:
        for level, message in RECORDS:
            log.log(level, message)
    finally:
        log.removeHandler(handler)
        handler.close()
    wait_until(lambda: "order 4 placed" in _page(client), 20, "the records in the table")
    return client


def _page(qt: Client) -> str:
    return str(qt.call("chr.readPage", {})["text"])


def _page_without(qt: Client, text: str) -> str:
    page = _page(qt)
    return page if text not in page else ""


def _page_with(qt: Client, text: str) -> str:
    page = _page(qt)
    return page if text in page else ""


def _nodes(text: str) -> list[dict[str, Any]]:
    return parse(text)


def _row_of(nodes: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The nodes of the table row that holds a cell named ``name``."""
    for i, n in enumerate(nodes):
        if n["role"] == "cell" and n["name"] == name:
            start = max(j for j in range(i + 1) if nodes[j]["role"] == "row")
            end = next((j for j in range(start + 1, len(nodes))
                        if nodes[j]["depth"] <= nodes[start]["depth"]), len(nodes))
            return nodes[start:end]
    raise AssertionError(f"no row with {name!r}")


def test_level_check_boxes_sit_in_their_rows_and_filter_by_form_input(qt: Client) -> None:
    """Each level's check box is in its level's row, named by its column, and unchecking
    ERROR through it hides the ERROR record, as the app's own filter does for a user."""
    row = _row_of(_nodes(_page(qt)), "ERROR")
    box = next(n for n in row if n["role"] == "checkbox")
    assert box["name"] == "Show" and "checked" in box["rest"]
    out = qt.call("chr.formInput", {"ref": box["ref"], "value": False})
    assert out["checked"] is False and out["changed"] is True
    try:
        wait_until(lambda: "order 3 failed" not in _page(qt), 10, "the ERROR record hidden")
    finally:
        qt.call("chr.formInput", {"ref": box["ref"], "value": True})
    wait_until(lambda: "order 3 failed" in _page(qt), 10, "the ERROR record back")


def test_record_refs_name_their_record_through_the_apps_filter(qt: Client) -> None:
    """A record's ref names that record while the app filters and unfilters its rows:
    filtered out it is REF_NOT_FOUND (saying so), the row now in its place gets another
    ref, and once shown again the same ref reaches the same record."""
    page = _page(qt)
    failed = next(n["ref"] for n in _nodes(page)
                  if n["role"] == "cell" and n["name"] == "order 3 failed")
    error_box = next(n for n in _row_of(_nodes(page), "ERROR") if n["role"] == "checkbox")
    qt.call("chr.formInput", {"ref": error_box["ref"], "value": False})
    try:
        hidden = wait_until(lambda: _page_without(qt, "order 3 failed"), 10,
                            "the ERROR record hidden")
        assert failed not in hidden  # its number went to no other row
        with pytest.raises(RemoteError) as err:
            qt.call("chr.click", {"ref": failed})
        assert err.value.name == "REF_NOT_FOUND" and "filtered out" in err.value.message
    finally:
        qt.call("chr.formInput", {"ref": error_box["ref"], "value": True})
    shown = wait_until(lambda: _page_with(qt, "order 3 failed"), 10, "the ERROR record back")
    again = next(n for n in _nodes(shown) if n["ref"] == failed)
    assert again["name"] == "order 3 failed"
    qt.call("chr.click", {"ref": failed})
    row = _row_of(_nodes(_page(qt)), "order 3 failed")
    assert any("selected" in n["rest"] for n in row if n["role"] == "cell")


def test_random_actions(qt: Client, cutelog: RealApp) -> None:
    """Last in the module: a seeded random run (tasks.random_run), the app alive after."""
    tasks.random_run(qt, seed=35)
    assert cutelog.alive(), cutelog.output()

"""Files the MCP server writes stay in its output folder (#28 item 3).

The folder itself is tested with plain paths; then through ``qtmcp mcp --output-dir`` as an
agent would meet it: a name that leaves the folder is a tool error that says why, nothing
is written outside, and a NUL byte is a tool error too (never a JSON-RPC error with code 0).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe.mcp.outdir import OutputDir, Refused
from tests.support.app import DemoApp
from tests.support.mcp_session import McpSession


@pytest.fixture
def out(tmp_path: Path) -> OutputDir:
    (tmp_path / "out").mkdir()
    return OutputDir(tmp_path / "out")


def test_names_inside_the_folder_are_written(out: OutputDir) -> None:
    assert out.write("a.txt", b"one") == out.root / "a.txt"
    (out.root / "sub").mkdir()
    assert out.write("sub/./b.txt", b"two") == out.root / "sub" / "b.txt"
    assert out.write(str(out.root / "c.txt"), b"three") == out.root / "c.txt"  # absolute inside
    assert (out.root / "sub" / "b.txt").read_bytes() == b"two"
    assert stat.S_IMODE((out.root / "a.txt").stat().st_mode) == 0o600


@pytest.mark.parametrize("name", ["../x.txt", "sub/../../x.txt", "/tmp/x.txt", "~/x.txt",
                                  "~", "a\x00b.txt", "", ".", "sub/.."])
def test_names_that_leave_the_folder_are_refused(out: OutputDir, name: str) -> None:
    with pytest.raises(Refused):
        out.write(name, b"x")
    assert not (out.root.parent / "x.txt").exists()


def test_links_are_never_followed(out: OutputDir, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim").write_text("keep")
    (out.root / "dir").symlink_to(outside)
    (out.root / "file").symlink_to(outside / "victim")
    (out.root / "dangling").symlink_to(outside / "new")
    for name in ("dir/new.txt", "file", "dangling"):
        with pytest.raises(Refused):
            out.write(name, b"x", overwrite=True)
    assert (outside / "victim").read_text() == "keep" and not (outside / "new").exists()
    assert sorted(os.listdir(outside)) == ["victim"]


def test_a_fifo_or_device_is_refused_without_blocking(out: OutputDir) -> None:
    os.mkfifo(out.root / "fifo")
    for overwrite in (False, True):
        with pytest.raises(Refused):
            out.write("fifo", b"x", overwrite=overwrite)  # returns: no reader is waited for
    try:
        os.mknod(out.root / "null", stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except PermissionError:
        return
    with pytest.raises(Refused):
        out.write("null", b"x", overwrite=True)


def test_an_existing_file_is_replaced_only_when_asked(out: OutputDir) -> None:
    out.write("a.txt", b"first")
    with pytest.raises(Refused, match="overwrite"):
        out.write("a.txt", b"second")
    assert (out.root / "a.txt").read_bytes() == b"first"
    out.write("a.txt", b"2nd", overwrite=True)
    assert (out.root / "a.txt").read_bytes() == b"2nd"


# ------------------------------------------------------------------ through qtmcp mcp


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mcp") / "out"


@pytest.fixture(scope="module")
def agent(demo: DemoApp, folder: Path) -> Iterator[McpSession]:
    session = McpSession("--pid", str(demo.pid), "--output-dir", str(folder))
    yield session
    session.close()


def test_save_to_stays_in_the_output_folder(agent: McpSession, folder: Path) -> None:
    saved = agent.call("read_page", {"save_to": "page.txt"})
    assert not saved.is_error, saved.content[0].text
    assert json.loads(saved.content[0].text.split("\n")[0])["saved_to"] == str(
        folder.resolve() / "page.txt")
    again = agent.call("read_page", {"save_to": "page.txt"})
    assert again.is_error and again.content[0].text.startswith("SAVE_REFUSED")
    assert not agent.call("read_page", {"save_to": "page.txt", "overwrite": True}).is_error
    escape = folder.parent / "escape.txt"
    for name in ("../escape.txt", str(escape), "~/escape.txt", "page\x00.txt"):
        answer = agent.call("read_page", {"save_to": name})
        assert answer.is_error and answer.content[0].text.startswith("SAVE_REFUSED"), name
        assert str(folder.resolve()) in answer.content[0].text or "NUL" in answer.content[0].text
    assert not escape.exists() and sorted(os.listdir(folder)) == ["page.txt"]


def test_a_tool_that_writes_a_file_is_not_read_only(agent: McpSession) -> None:
    tools = agent.tools()
    for name in ("read_page", "get_page_text"):
        assert "save_to" in tools[name].input_schema["properties"]
        assert tools[name].annotations.read_only_hint is False, name
        assert tools[name].annotations.destructive_hint is False, name
    assert tools["tabs_context"].annotations.read_only_hint is True

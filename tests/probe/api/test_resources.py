"""qt.resources.* against the demo's compiled resources (resources/demo.qrc) and a folder of
10,000 resources, over a real WebSocket: every preview is checked against the file's own
bytes (the files demo.qrc compiles, or a QFile of Qt's own resources in this process)."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QImage

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import ROOT, DemoApp
from tests.support.resources_demo import (
    CROWD,
    HUGE,
    huge_png,
    qt_resource_bytes,
    start_resources_demo,
)

RES = ROOT / "resources"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoApp]:
    demo = start_resources_demo(tmp_path_factory.mktemp("resources_app"))
    yield demo
    demo.stop()


@pytest.fixture(scope="module")
def qt(app: DemoApp) -> Client:
    return app.client()


def _same_pixels(a: QImage, b: QImage) -> bool:
    fmt = QImage.Format.Format_ARGB32
    return a.convertToFormat(fmt) == b.convertToFormat(fmt)


def test_the_root_holds_the_apps_resources_and_qts_own(qt: Client) -> None:
    root = qt.call("qt.resources.list")
    by_name = {e["name"]: e for e in root["entries"]}
    assert by_name["demo"]["folder"] and not by_name["demo"]["qt"]
    assert by_name["qt-project.org"]["folder"] and by_name["qt-project.org"]["qt"]
    assert by_name["crowd"]["path"] == ":/crowd" and by_name["huge.png"]["size"] > 0
    assert root["total"] == len(root["entries"]) and not root["cut"]
    inside = qt.call("qt.resources.list", {"path": "qrc:/qt-project.org"})["entries"]
    assert inside and all(e["qt"] and e["path"].startswith(":/qt-project.org/")
                          for e in inside)


def test_a_folder_lists_folders_first_with_each_files_size(qt: Client) -> None:
    listing = qt.call("qt.resources.list", {"path": ":/demo"})
    names = [e["name"] for e in listing["entries"]]
    assert names == ["fonts", "icons", "qml", "blob.bin", "demo.qss", "logo.png",
                     "settings.json"]
    sizes = {e["name"]: e["size"] for e in listing["entries"]}
    assert sizes["logo.png"] == (RES / "qrc" / "logo.png").stat().st_size
    assert sizes["demo.qss"] == (RES / "demo.qss").stat().st_size  # compressed in the rcc
    assert sizes["fonts"] is None
    icons = qt.call("qt.resources.list", {"path": ":/demo/icons/"})["entries"]
    assert [e["path"] for e in icons] == [":/demo/icons/open.svg", ":/demo/icons/quit.svg",
                                          ":/demo/icons/save.svg"]


def test_text_json_and_qml_read_as_their_bytes(qt: Client) -> None:
    for path, file in ((":/demo/settings.json", RES / "qrc" / "settings.json"),
                       ("qrc:/demo/qml/main.qml", RES / "qml" / "main.qml"),
                       (":/demo/demo.qss", RES / "demo.qss")):
        got = qt.call("qt.resources.read", {"path": path})
        assert got["kind"] == "text", path
        assert got["text"].encode() == file.read_bytes() and got["cut"] is False, path
    assert qt.call("qt.resources.read", {"path": ":/demo/settings.json"})["mimeType"] \
        == "application/json"


def test_a_long_text_is_cut_and_says_so(qt: Client) -> None:
    got = qt.call("qt.resources.read", {"path": ":/demo/demo.qss", "maxBytes": 100})
    assert got["cut"] is True and got["text"].encode() == (RES / "demo.qss").read_bytes()[:100]
    assert got["size"] == (RES / "demo.qss").stat().st_size


def test_a_picture_gives_its_size_and_a_thumbnail_of_its_pixels(qt: Client) -> None:
    got = qt.call("qt.resources.read", {"path": ":/demo/logo.png"})
    assert got["kind"] == "image" and got["mimeType"] == "image/png"
    image = got["image"]
    own = QImage(str(RES / "qrc" / "logo.png"))
    assert (image["width"], image["height"]) == (own.width(), own.height())
    thumb = QImage.fromData(base64.b64decode(image["thumbnail"]))
    assert _same_pixels(thumb, own)  # 96 px fits the 256 px thumbnail whole
    small = qt.call("qt.resources.read", {"path": ":/demo/logo.png", "thumbnail": 32})
    assert (small["image"]["thumbnailWidth"], small["image"]["thumbnailHeight"]) == (32, 32)
    assert QImage.fromData(base64.b64decode(small["image"]["thumbnail"])).width() == 32


def test_a_font_gives_its_family_read_from_its_data(qt: Client) -> None:
    got = qt.call("qt.resources.read", {"path": ":/demo/fonts/demo-sans.ttf"})
    assert got["kind"] == "font"
    assert got["font"] == {"family": "qtmcp Demo Sans", "style": "Bold"}


def test_anything_else_is_a_hex_head_of_its_bytes(qt: Client) -> None:
    blob = (RES / "qrc" / "blob.bin").read_bytes()
    got = qt.call("qt.resources.read", {"path": ":/demo/blob.bin"})
    assert got["kind"] == "binary" and got["hex"] == blob[:512].hex() and got["cut"] is True
    png = qt.call("qt.resources.read", {"path": ":/demo/logo.png", "kind": "binary",
                                        "maxBytes": 64})
    assert bytes.fromhex(png["hex"]) == (RES / "qrc" / "logo.png").read_bytes()[:64]


def test_qts_own_resources_read_as_the_apps_qfile_gives_them(qt: Client) -> None:
    path = ":/qt-project.org/styles/commonstyle/images/standardbutton-ok-16.png"
    own = qt_resource_bytes(path)
    got = qt.call("qt.resources.read", {"path": path, "kind": "binary"})
    assert got["qt"] and bytes.fromhex(got["hex"]) == own[:512]
    picture = qt.call("qt.resources.read", {"path": path})["image"]
    assert _same_pixels(QImage.fromData(base64.b64decode(picture["thumbnail"])),
                        QImage.fromData(own))


def test_10000_resources_come_a_page_at_a_time(qt: Client) -> None:
    first = qt.call("qt.resources.list", {"path": ":/crowd"})
    assert first["total"] == CROWD and len(first["entries"]) == 500 and first["cut"]
    last = qt.call("qt.resources.list", {"path": ":/crowd", "offset": CROWD - 100,
                                         "limit": 5000})
    assert [e["name"] for e in last["entries"]] == [f"f{i:05}.txt"
                                                    for i in range(CROWD - 100, CROWD)]
    assert not last["cut"]
    assert qt.call("qt.resources.read", {"path": ":/crowd/f09999.txt"})["text"] == "file 9999\n"


def _error(qt: Client, method: str, params: dict[str, object]) -> RemoteError:
    with pytest.raises(RemoteError) as caught:
        qt.call(method, params)
    assert caught.value.hint
    return caught.value


def test_bad_paths_and_big_files_answer_clear_errors(qt: Client) -> None:
    missing = _error(qt, "qt.resources.read", {"path": ":/demo/nope.png"})
    assert missing.name == "RESOURCE_NOT_FOUND" and missing.data["folder"] == ":/demo"
    assert "logo.png" in missing.data["available"]
    deep = _error(qt, "qt.resources.list", {"path": ":/demo/icons/no/such"})
    assert deep.name == "RESOURCE_NOT_FOUND" and deep.data["folder"] == ":/demo/icons"
    assert _error(qt, "qt.resources.list", {"path": ":/demo/logo.png"}).name \
        == "RESOURCE_NOT_FOUND"
    assert "qt.resources.list" in _error(qt, "qt.resources.read", {"path": ":/demo"}).hint
    huge = _error(qt, "qt.resources.read", {"path": ":/huge.png"})
    assert huge.name == "RESOURCE_TOO_LARGE" and huge.data["actual"] == HUGE * HUGE
    head = qt.call("qt.resources.read", {"path": ":/huge.png", "kind": "binary"})
    assert bytes.fromhex(head["hex"]) == huge_png()
    assert _error(qt, "qt.resources.read", {"path": ":/demo/logo.png", "maxBytes": 1}).name \
        == "INVALID_PARAMS"
    assert qt.call("qt.ping")  # the app lives on

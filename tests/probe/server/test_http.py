"""Plain HTTP GET on the probe's port: /health, /schema, /tree, /screenshot.png."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.support.app import DemoApp


def get(demo: DemoApp, path: str, token: str | None = "default",
        headers: dict[str, str] | None = None) -> tuple[int, str, bytes]:
    base = demo.url.replace("ws://", "http://")
    tok = demo.token if token == "default" else token
    sep = "&" if "?" in path else "?"
    url = f"{base}{path}{sep}token={tok}" if tok is not None else f"{base}{path}"
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.headers["Content-Type"], resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read()


def as_json(body: bytes) -> Any:
    return json.loads(body)


def test_health(demo: DemoApp) -> None:
    status, ctype, body = get(demo, "/health")
    data = as_json(body)
    assert (status, ctype) == (200, "application/json")
    assert data["ok"] is True and data["pid"] == demo.pid and data["busy"] is False
    assert data["methods"] > 30


def test_schema(demo: DemoApp) -> None:
    status, _, body = get(demo, "/schema")
    names = {m["name"] for m in as_json(body)["methods"]}
    assert status == 200 and {"qt.ui.click", "cu.screenshot", "qt.transaction"} <= names
    status, _, body = get(demo, "/schema?prefix=cu.")
    assert {m["name"][:3] for m in as_json(body)["methods"]} == {"cu."}


def test_tree(demo: DemoApp) -> None:
    status, _, body = get(demo, "/tree?objectId=planGroup&depth=1")
    tree = as_json(body)["result"]
    assert status == 200
    kids = [c["objectName"] for c in tree["nodes"][0]["children"]]
    assert {"planBasicRadio", "planProRadio", "planEnterpriseRadio"} <= set(kids)
    status, _, body = get(demo, "/tree?objectId=mainWindow/nowhere")
    assert status == 404 and as_json(body)["error"]["data"]["name"] == "OBJECT_NOT_FOUND"
    status, _, body = get(demo, "/tree?depth=deep")
    assert status == 400 and as_json(body)["error"]["data"]["name"] == "INVALID_PARAMS"


def test_screenshot_png(demo: DemoApp) -> None:
    status, ctype, body = get(demo, "/screenshot.png")
    assert (status, ctype) == (200, "image/png") and body.startswith(b"\x89PNG")
    status, _, small = get(demo, "/screenshot.png?target=submitButton&maxWidth=40")
    assert status == 200 and len(small) < len(body)
    status, _, body = get(demo, "/screenshot.png?target=@name:ghost")
    assert status == 404 and as_json(body)["error"]["data"]["name"] == "ELEMENT_NOT_FOUND"


@pytest.mark.parametrize("path", ["/health", "/schema", "/tree", "/screenshot.png"])
def test_token_and_origin_required(demo: DemoApp, path: str) -> None:
    assert get(demo, path, token=None)[0] == 401
    assert get(demo, path, token="wrong")[0] == 401
    # A web page may not read the app, whatever origin it comes from, token or not.
    for origin in ("http://evil.example", "null", "https://localhost:3000",
                   "http://127.0.0.1:8000"):
        status, _, body = get(demo, path, headers={"Origin": origin})
        assert status == 403, origin
        assert as_json(body)["data"]["name"] == "UNAUTHORIZED"


def test_unknown_route_lists_routes(demo: DemoApp) -> None:
    status, _, body = get(demo, "/nothing")
    assert status == 404
    assert {"/health", "/schema", "/tree", "/screenshot.png"} <= set(as_json(body)["routes"])

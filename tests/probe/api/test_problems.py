"""qt.problems (#31): each planted problem of tests/apps/problems_app.py is found, on its
element, with its source line and a fix hint; the same window without them has none."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import ROOT, DemoApp, start_demo

APPS = str(ROOT / "tests" / "apps")
APP_PY = os.path.join(APPS, "problems_app.py")
APP_QML = os.path.join(APPS, "problems.qml")
WIDGET_KINDS = ["unnamed_control", "text_cut", "zero_size", "outside_window", "covered",
                "duplicate_shortcut", "disabled_without_reason", "model_contract",
                "thread_without_loop", "fast_timer"]


def line_of(path: str, needle: str) -> int:
    with open(path, encoding="utf-8") as fh:
        return next(n for n, line in enumerate(fh, start=1) if needle in line)


@pytest.fixture(scope="module")
def problems_app() -> Iterator[DemoApp]:
    app: DemoApp = start_demo(module="tests.apps.problems_app")
    yield app
    app.stop()


@pytest.fixture(scope="module")
def report(problems_app: DemoApp) -> dict[str, Any]:
    return problems_app.client().call("qt.problems", {})


@pytest.mark.parametrize("kind", WIDGET_KINDS)
def test_each_planted_widget_problem_is_found_on_its_element(report: dict[str, Any],
                                                             kind: str) -> None:
    mine = [p for p in report["problems"] if p["kind"] == kind]
    planted = [p for p in mine if p["path"].rsplit("/", 1)[-1] == kind]
    assert planted, f"{kind} not found on its widget: {mine}"
    p = planted[0]
    assert p["hint"] and p["message"] and p["objectId"].startswith("#")
    line = line_of(APP_PY, f'objectName="{kind}"')
    assert (p["source"]["file"], p["source"]["line"]) == (APP_PY, line)
    others = [q for q in mine if q not in planted and q["kind"] != "duplicate_shortcut"
              and not q["path"].endswith("/scrolledUnnamed")]
    assert not others, f"{kind} found where none was planted: {others}"


def test_controls_have_refs_for_chr_calls(report: dict[str, Any]) -> None:
    p = next(p for p in report["problems"] if p["kind"] == "disabled_without_reason")
    assert p["ref"].startswith("ref_")


@pytest.mark.parametrize("kind,needle", [("binding_loop", "// binding_loop"),
                                         ("qml_warning", "// qml_warning")])
def test_qml_problems_point_to_their_qml_line(report: dict[str, Any], kind: str,
                                              needle: str) -> None:
    p = next(p for p in report["problems"] if p["kind"] == kind)
    assert (p["source"]["file"], p["source"]["line"]) == (APP_QML, line_of(APP_QML, needle))


def test_qml_bindings_mark_the_binding_loop_qt_reported(problems_app: DemoApp) -> None:
    """qml.bindings of the looped item: width and height read each other
    (``dependencies``), and the binding Qt reported the loop at is marked ``loop``."""
    qt = problems_app.client()
    answer = qt.call("qml.bindings", {"objectId": "@id:looped"})
    item_id = answer["objectId"]
    props = {p["name"]: p for p in answer["properties"]}
    width, height = props["width"], props["height"]
    assert [(d["objectId"], d["property"]) for d in width["dependencies"]] == [
        (item_id, "height")]
    assert [(d["objectId"], d["property"]) for d in height["dependencies"]] == [
        (item_id, "width")]
    assert width["line"] == line_of(APP_QML, "// binding_loop")
    assert width["loop"] is True and height["loop"] is False  # Qt names the one it met


def test_counts_add_up(report: dict[str, Any]) -> None:
    assert sum(report["counts"].values()) == report["total"] == len(report["problems"])


def test_controls_in_a_scroll_area_are_checked(report: dict[str, Any]) -> None:
    inside = [p for p in report["problems"] if "/scroller/" in p.get("path", "")]
    # the unnamed one is found; those scrolled out of view are neither hidden nor covered
    assert [(p["kind"], p["path"].rsplit("/", 1)[-1]) for p in inside] == [
        ("unnamed_control", "scrolledUnnamed")]


def test_a_clean_app_has_no_problems() -> None:
    app = start_demo("--clean", module="tests.apps.problems_app")
    try:
        clean = app.client().call("qt.problems", {})
    finally:
        app.stop()
    assert clean["problems"] == [] and clean["total"] == 0


def test_kinds_filter_and_bad_kind(qt: Client) -> None:
    only = qt.call("qt.problems", {"kinds": ["fast_timer"]})
    assert set(only["counts"]) <= {"fast_timer"}
    with pytest.raises(RemoteError) as err:
        qt.call("qt.problems", {"kinds": ["no_such_kind"]})
    assert "INVALID_PARAMS" in str(err.value)

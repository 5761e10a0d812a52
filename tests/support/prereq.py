"""A test's missing prerequisite (a system package, a download, root): skipped on a
developer's machine, a failure on CI (``CI`` set), where every kind of app must run."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def need(why: str, on_ci: str = "") -> NoReturn:
    """Skip with ``needs {why}``; on CI fail with it instead (``on_ci`` added there)."""
    if os.environ.get("CI"):
        pytest.fail(f"needs {why}{on_ci}")
    pytest.skip(f"needs {why}")

"""A second local user, for tests of what one user can do to another's files.

Making a user and acting as one needs root: CI runs the suite as root, so there these
tests always run (a run without root fails on CI and skips elsewhere). The user is a
system account with no home and no login shell, made once per machine and left in place
(runs of the suite may overlap on one machine).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
from dataclasses import dataclass
from typing import NoReturn

from tests.support.prereq import need

NAME = "qtmcp-intruder"


@dataclass(frozen=True)
class OtherUser:
    """Another local user; :meth:`run` runs a shell script as that user."""

    name: str
    uid: int
    gid: int

    def run(self, script: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            ["setpriv", f"--reuid={self.uid}", f"--regid={self.gid}", "--clear-groups",
             "--", "sh", "-c", script],
            capture_output=True, text=True, timeout=30, cwd="/",
            env={"PATH": "/usr/bin:/bin", "HOME": "/", "LC_ALL": "C"})
        if check and done.returncode != 0:
            raise AssertionError(f"as {self.name}: {script!r} failed: {done.stderr}")
        return done


def _need(why: str) -> NoReturn:
    """Skip, unless on CI (CI=true): there these tests must run."""
    need(why, " (CI runs the suite as root)")


def other_user() -> OtherUser:
    """The second user, made if missing (``useradd``); skips without root."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        _need("root, to make a second user and act as it")
    for tool in ("useradd", "setpriv"):
        if shutil.which(tool) is None:
            _need(f"{tool} (packages passwd, util-linux)")
    try:
        entry = pwd.getpwnam(NAME)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell",
                        "/usr/sbin/nologin", NAME], capture_output=True, text=True)
        entry = pwd.getpwnam(NAME)  # made here, or by a run beside this one
    return OtherUser(NAME, entry.pw_uid, entry.pw_gid)

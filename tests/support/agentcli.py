"""The agent CLI as an agent runs it: ``python -m probe.cli page`` in a new process each
time, in a runtime folder that shows the apps a test chooses."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from probe import discovery
from tests.support.app import ROOT, remove_at_exit
from tests.support.chrome import ref_in


@dataclass
class Run:
    """One invocation: exit status, what it printed on stdout and on stderr."""

    args: tuple[str, ...]
    code: int
    out: str
    err: str

    def __str__(self) -> str:
        return (f"qtmcp {' '.join(self.args)} -> {self.code}\nstdout:\n{self.out}\n"
                f"stderr:\n{self.err}")


def runtime_with(*apps: discovery.ProbeInfo) -> Path:
    """A new runtime folder (short: it holds sockets) in which exactly these apps run: a
    copy of each one's discovery file."""
    folder = Path(tempfile.mkdtemp(prefix="qtmcp-cli-", dir="/tmp"))  # not in RUN_TEMP:
    os.chmod(folder, 0o700)  # test_sessions knocks on its socket as another user
    remove_at_exit(folder)
    for info in apps:
        shutil.copyfile(info.path, folder / Path(info.path).name)
    return folder


class Cli:
    """Runs ``qtmcp`` commands with one runtime folder and one session name."""

    def __init__(self, runtime: Path, session: str = "test", cwd: Path = ROOT) -> None:
        self.runtime = runtime
        self.session = session
        self.cwd = cwd
        self.env = {**os.environ, "QTMCP_RUNTIME_DIR": str(runtime),
                    "QTMCP_SESSION": session, "QTMCP_SESSION_IDLE": "600"}

    def run(self, *args: str, timeout: float = 90) -> Run:
        done = subprocess.run([sys.executable, "-m", "probe.cli", *args], cwd=self.cwd,
                              env=self.env, capture_output=True, text=True, timeout=timeout)
        return Run(args, done.returncode, done.stdout, done.stderr)

    def ok(self, *args: str) -> str:
        """Run a command that must succeed; its stdout."""
        run = self.run(*args)
        assert run.code == 0 and not run.err, str(run)
        return run.out

    def fails(self, *args: str, code: int = 1) -> str:
        """Run a command that must fail with ``code``, printing nothing on stdout; its
        stderr."""
        run = self.run(*args)
        assert run.code == code and not run.out and run.err, str(run)
        return run.err

    def ref(self, *words: str) -> str:
        """Read the page and return the ref of the first line holding ``words``."""
        return ref_in(self.ok("page", "--filter", "interactive"), *words)

    def close(self) -> None:
        """End this folder's sessions (and nothing else)."""
        self.run("session", "close", "--all")

"""The probe in a Python that lacks qtmcp: an app of another venv or Python version.

The probe is pure Python; what it needs besides the app's own Qt binding is ``websockets``
and ``orjson`` (a C extension built per Python version). So for each Python (version and
ABI) a folder is prepared once in qtmcp's cache (``$QTMCP_CACHE/python/<tag>``): the
probe package (a link to this installation's) and those two, as qtmcp requires them,
installed by that Python's own pip (else by this one's pip for that version, wheels
only). ``qtmcp attach`` puts that folder first on the target process's ``sys.path``;
``qtmcp launch /other/python app.py`` runs that Python with the folder on its path: for
that process only (no ``PYTHONPATH`` its children would inherit). Where the folder cannot
be made (no pip, no wheel for that Python, no network) the refusal names the one command
that makes it work.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from probe.bootstrap import runtime

#: What the probe imports besides the standard library and the app's Qt binding.
NEEDS = ("websockets", "orjson")
#: ... and what a Python older than 3.11 needs too (the wire's TypedDicts with NotRequired).
NEEDS_BEFORE_3_11 = ("typing_extensions",)
_ASK = ("import sys, sysconfig, json; print(json.dumps([sys.implementation.name, "
        "sys.version_info[0], sys.version_info[1], sysconfig.get_config_var('SOABI') or '', "
        "sys.executable]))")
ROOT = Path(__file__).resolve().parents[1]  # the probe package


class PythonError(RuntimeError):
    """The probe cannot be brought into that Python; the message says the way forward."""


@dataclass(frozen=True)
class Python:
    """An interpreter as the probe needs to know it."""

    path: str
    implementation: str
    major: int
    minor: int
    soabi: str

    @property
    def tag(self) -> str:
        return f"{self.implementation}-{self.major}.{self.minor}-{self.soabi or 'none'}"

    @property
    def is_this_one(self) -> bool:
        """The same version and ABI as the Python qtmcp runs in (its packages fit)."""
        import sysconfig

        return (self.implementation, self.major, self.minor, self.soabi) == (
            sys.implementation.name, *sys.version_info[:2],
            sysconfig.get_config_var("SOABI") or "")


def is_python(path: str) -> bool:
    """Whether ``path`` names a Python interpreter (``python``, ``python3.12``…), not a
    script: how ``qtmcp launch /venv/bin/python app.py`` is told from a script."""
    name = Path(path).name
    return name.startswith("python") and not name.endswith(".py") and \
        os.access(path, os.X_OK) and not Path(path).is_dir()


def identify(python: str) -> Python:
    """Ask ``python`` what it is (PythonError when it does not answer as a Python)."""
    try:
        run = subprocess.run([python, "-c", _ASK], capture_output=True, text=True, timeout=30)
        impl, major, minor, soabi, _exe = json.loads(run.stdout)
    except (OSError, subprocess.TimeoutExpired, ValueError, TypeError):
        raise PythonError(f"{python} does not run as a Python interpreter") from None
    return Python(python, str(impl), int(major), int(minor), str(soabi))


def imports_probe(python: str) -> bool:
    """Whether ``python`` imports qtmcp's probe and what it needs on its own."""
    code = "import probe.launcher.launch, probe.wire, " + ", ".join(NEEDS)
    try:
        return subprocess.run([python, "-c", code], capture_output=True,
                              timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def command(python: str) -> str:
    """The one command that makes ``python`` able to run the probe."""
    source = ROOT.parent
    spec = f"-e {source}" if (source / "pyproject.toml").is_file() else "qtmcp"
    return f"{python} -m pip install {spec}"


def folder(py: Python) -> Path:
    """``<cache>/python/<tag>-<this installation>``: the folder links this installation's
    probe, so two installations (two checkouts, two venvs) never share one."""
    digest = hashlib.sha1(str(ROOT).encode()).hexdigest()[:8]
    return runtime.cache_dir() / "python" / f"{py.tag}-{digest}"


def needs(py: Python) -> tuple[str, ...]:
    """What the probe imports in ``py`` besides the standard library and the Qt binding."""
    return NEEDS + (NEEDS_BEFORE_3_11 if (py.major, py.minor) < (3, 11) else ())


def _requirements(names: tuple[str, ...]) -> list[str]:
    """``names`` as qtmcp requires them (its metadata: ``websockets>=13``), so pip takes
    the newest that supports that Python."""
    try:
        declared = importlib.metadata.requires("qtmcp") or []
    except importlib.metadata.PackageNotFoundError:
        declared = []
    out = []
    for name in names:
        out.append(next((r.split(";")[0].strip() for r in declared
                         if r.split(">")[0].split("=")[0].strip().lower() == name), name))
    return out


def _install(py: Python, target: Path) -> str | None:
    """Install what ``py`` needs into ``target``; None, or pip's last words."""
    if py.is_this_one:  # this Python's own packages fit: link them, nothing to download
        for name in needs(py):
            spec = importlib.util.find_spec(name)
            if spec is None or spec.origin is None:
                return f"{name} is not importable here"
            origin = Path(spec.origin)
            if spec.submodule_search_locations is None:  # a module of one file
                (target / origin.name).symlink_to(origin)
            else:
                (target / name).symlink_to(origin.parent)
        return None
    own_pip = subprocess.run([py.path, "-m", "pip", "--version"], capture_output=True,
                             timeout=60).returncode == 0
    cmd = [py.path, "-m", "pip"] if own_pip else [sys.executable, "-m", "pip"]
    cmd += ["install", "-q", "--disable-pip-version-check", "--no-warn-conflicts",
            "--target", str(target)]
    if not own_pip:  # this pip, for that Python: wheels only
        cmd += ["--only-binary=:all:", "--python-version", f"{py.major}.{py.minor}",
                "--implementation", "cp" if py.implementation == "cpython" else "py"]
    run = subprocess.run([*cmd, *_requirements(needs(py))], capture_output=True, text=True,
                         timeout=600)
    if run.returncode == 0:
        return None
    return " / ".join((run.stderr or run.stdout).strip().splitlines()[-2:]) or "pip failed"


def prepare(python: str) -> Path:
    """The folder that makes ``python`` run the probe (made once); PythonError with the
    one command that makes it work when it cannot be made."""
    py = identify(python)
    if (py.major, py.minor) < (3, 10):
        raise PythonError(f"{python} is Python {py.major}.{py.minor}; the probe needs 3.10 "
                          "or newer")
    done = folder(py)
    if (done / "probe").exists() and all((done / n).exists() or any(done.glob(f"{n}*"))
                                         for n in needs(py)):
        return done
    partial = done.with_name(f"{done.name}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    (partial / "probe").symlink_to(ROOT)
    why = _install(py, partial)
    if why is not None:
        shutil.rmtree(partial, ignore_errors=True)
        raise PythonError(f"{python} (Python {py.major}.{py.minor}) cannot import qtmcp and "
                          f"its packages could not be prepared ({why}). Install qtmcp into "
                          f"it: {command(python)}")
    shutil.rmtree(done, ignore_errors=True)
    partial.rename(done)
    return done


def path_for(python: str) -> str | None:
    """What to put first on ``python``'s ``sys.path`` so the probe imports: None when it
    imports it already, else the prepared folder (PythonError when none can be made)."""
    if imports_probe(python):
        return None
    return str(prepare(python))


def launch_argv(python: str, script_args: list[str], options: dict[str, object]
                ) -> list[str]:
    """The command that runs ``python script args`` with the probe in it (PythonError
    when that Python cannot have it)."""
    extra = path_for(python)
    first = f"sys.path.insert(0, {extra!r}); " if extra is not None else ""
    boot = (f"import sys; {first}from probe.launcher.launch import run_in_process; "
            f"run_in_process(sys.argv[1], sys.argv[2:], **{options!r})")
    return [python, "-c", boot, *script_args]

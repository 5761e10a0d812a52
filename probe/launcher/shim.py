"""The shim that starts Python in a C++ Qt app: built once from the C source shipped in
the package (``shim/qtmcp_shim.c``, no Qt or Python headers needed, only a C compiler),
cached by the source's hash; and the libpython it loads."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from probe.bootstrap import runtime

SOURCE = Path(__file__).resolve().parent / "shim" / "qtmcp_shim.c"


class ShimError(RuntimeError):
    """The shim cannot be built or Python cannot be embedded; the message says the fix."""


def compiler() -> str | None:
    """The C compiler: ``$CC``, else cc, gcc or clang on PATH."""
    for name in (os.environ.get("CC", ""), "cc", "gcc", "clang"):
        found = shutil.which(name) if name else None
        if found:
            return found
    return None


def build() -> Path:
    """``libqtmcp_shim.so`` for this source, built on first use."""
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source).hexdigest()[:16]
    target = runtime.cache_dir() / "shim" / digest / "libqtmcp_shim.so"
    if target.is_file():
        return target
    cc = compiler()
    if cc is None:
        raise ShimError("C++ apps need a C compiler once, to build qtmcp's small shim "
                        "(no Qt or Python headers): apt-get install gcc (Debian/Ubuntu), "
                        "dnf install gcc (Fedora)")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}")
    run = subprocess.run([cc, "-shared", "-fPIC", "-O2", "-o", str(partial), str(SOURCE),
                          "-ldl"], capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        raise ShimError(f"building the shim with {cc} failed: {run.stderr.strip()[-500:]}")
    partial.replace(target)
    return target


def libpython() -> Path:
    """The shared libpython of this interpreter, which the app will embed (the app then
    imports qtmcp's own packages, built for this Python). ``$QTMCP_LIBPYTHON`` overrides."""
    given = os.environ.get("QTMCP_LIBPYTHON")
    if given:
        return Path(given)
    name = sysconfig.get_config_var("INSTSONAME") or sysconfig.get_config_var("LDLIBRARY")
    folders = [sysconfig.get_config_var("LIBDIR"), sysconfig.get_config_var("LIBPL"),
               str(Path(sys.base_prefix) / "lib")]
    if name and ".so" in str(name):
        for folder in folders:
            if folder and (Path(folder) / name).is_file():
                return Path(folder) / name
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    raise ShimError(
        f"this Python ({sys.executable}) has no shared libpython{version}, which a C++ app "
        f"needs to run the probe: use a Python built with --enable-shared (Debian/Ubuntu's "
        f"python3 with apt-get install libpython{version}; pyenv: "
        f"PYTHON_CONFIGURE_OPTS=--enable-shared), or set QTMCP_LIBPYTHON to one")

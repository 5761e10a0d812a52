"""Can Qt open windows here? The platform plugin's missing system libraries, named.

When the plugin Qt picks (xcb under X11) cannot load, Qt aborts the whole process with
"Could not load the Qt platform plugin", often blaming the wrong library. The plugin's
own dependencies say what is really missing: ``ldd`` on it lists each library the loader
cannot find, and a library's name says its package (Debian: ``libxcb-icccm.so.4`` is in
``libxcb-icccm4``; Fedora names a few differently). Checked before a window is shown, so
``qtmcp demo`` and the inspector say what to install instead of dying. Linux only; no Qt
import (the check must run before Qt could abort).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

#: Fedora's packages for the libraries whose package name does not follow from the file.
FEDORA = {
    "libxcb-icccm.so.4": "xcb-util-wm", "libxcb-ewmh.so.2": "xcb-util-wm",
    "libxcb-keysyms.so.1": "xcb-util-keysyms", "libxcb-image.so.0": "xcb-util-image",
    "libxcb-render-util.so.0": "xcb-util-renderutil", "libxcb-cursor.so.0": "xcb-util-cursor",
    "libxcb-util.so.1": "xcb-util", "libxkbcommon-x11.so.0": "libxkbcommon-x11",
    "libxkbcommon.so.0": "libxkbcommon", "libEGL.so.1": "libglvnd-egl",
    "libGL.so.1": "libglvnd-glx", "libOpenGL.so.0": "libglvnd-opengl",
    "libfontconfig.so.1": "fontconfig", "libfreetype.so.6": "freetype",
    "libdbus-1.so.3": "dbus-libs", "libX11-xcb.so.1": "libX11-xcb", "libX11.so.6": "libX11",
    "libSM.so.6": "libSM", "libICE.so.6": "libICE", "libwayland-client.so.0": "libwayland-client",
}
#: Debian's packages where the file's name does not say it.
DEBIAN = {"libEGL.so.1": "libegl1", "libGL.so.1": "libgl1", "libOpenGL.so.0": "libopengl0",
          "libdbus-1.so.3": "libdbus-1-3", "libX11-xcb.so.1": "libx11-xcb1",
          "libX11.so.6": "libx11-6", "libSM.so.6": "libsm6", "libICE.so.6": "libice6",
          "libfontconfig.so.1": "libfontconfig1", "libfreetype.so.6": "libfreetype6",
          "libxkbcommon-x11.so.0": "libxkbcommon-x11-0", "libxkbcommon.so.0": "libxkbcommon0"}
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)


def platform_name(env: dict[str, str] | None = None) -> str:
    """The platform plugin Qt will try first: ``QT_QPA_PLATFORM`` (its first choice),
    else wayland in a Wayland session, else xcb (Linux)."""
    env = dict(os.environ if env is None else env)
    wanted = env.get("QT_QPA_PLATFORM", "").strip()
    if wanted:
        return re.split(r"[;:]", wanted, maxsplit=1)[0].strip()
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland":
        return "wayland"
    return "xcb"


def plugin_path(name: str, env: dict[str, str] | None = None) -> Path | None:
    """The file of platform plugin ``name`` this PySide6 would load, if it exists."""
    env = dict(os.environ if env is None else env)
    folders = [Path(p) for p in env.get("QT_QPA_PLATFORM_PLUGIN_PATH", "").split(os.pathsep)
               if p]
    spec = importlib.util.find_spec("PySide6")
    if spec is not None and spec.origin:
        folders.append(Path(spec.origin).parent / "Qt" / "plugins" / "platforms")
    for folder in folders:
        found = folder / f"libq{name}.so"
        if found.is_file():
            return found
    return None


def missing_libraries(plugin: Path) -> list[str]:
    """The libraries ``plugin`` needs that the loader cannot find (``ldd``), in order."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True,
                             timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    return list(dict.fromkeys(_NOT_FOUND.findall(out)))


def debian_package(soname: str) -> str:
    """``libxcb-icccm.so.4`` -> ``libxcb-icccm4`` (Debian's rule: name, then the version,
    with a dash when the name ends in a digit)."""
    if soname in DEBIAN:
        return DEBIAN[soname]
    m = re.match(r"^(lib.+?)\.so\.(\d+)", soname)
    if m is None:
        return soname
    name, version = m.group(1).lower(), m.group(2)
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def fedora_package(soname: str) -> str:
    return FEDORA.get(soname, re.sub(r"\.so(\.\d+)*$", "", soname))


@dataclass(frozen=True)
class PluginProblem:
    """Qt's platform plugin ``platform`` (``plugin``) cannot load: ``missing`` libraries."""

    platform: str
    plugin: Path
    missing: list[str]

    def message(self) -> str:
        system = [s for s in self.missing if not s.startswith("libQt6")]
        lines = [f"Qt's '{self.platform}' platform plugin cannot load: it needs "
                 f"{', '.join(self.missing)}, which this system lacks ({self.plugin})."]
        if system:
            debian = " ".join(dict.fromkeys(debian_package(s) for s in system))
            fedora = " ".join(dict.fromkeys(fedora_package(s) for s in system))
            lines += [f"  Debian/Ubuntu: sudo apt-get install {debian}",
                      f"  Fedora:        sudo dnf install {fedora}"]
        if len(system) < len(self.missing):
            lines.append("  Qt's own libraries are missing too: reinstall PySide6 "
                         "(pip install --force-reinstall PySide6-Essentials)")
        lines.append("  or run without a display: QT_QPA_PLATFORM=offscreen (nothing is "
                     "shown; qtmcp demo --snapshot FILE.png renders the inspector to a "
                     "picture)")
        return "\n".join(lines)


def plugin_problem(env: dict[str, str] | None = None) -> PluginProblem | None:
    """What keeps the platform plugin Qt will pick from loading, or None (Linux only; a
    plugin that is not there, such as offscreen, is Qt's to report)."""
    if not sys.platform.startswith("linux"):
        return None
    name = platform_name(env)
    if name in ("offscreen", "minimal"):
        return None
    plugin = plugin_path(name, env)
    if plugin is None:
        return None
    missing = missing_libraries(plugin)
    return PluginProblem(name, plugin, missing) if missing else None

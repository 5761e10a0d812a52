"""The user's private qtmcp folder, and files in it that no other local user can plant,
read or redirect.

Discovery files (they hold tokens) and other per-user meeting points live in
:func:`folder`. It is the same for every process of the user whatever its environment
(an MCP client started with a clean environment has no ``XDG_RUNTIME_DIR``), so it is
chosen from the uid and the home folder, never from ``XDG_RUNTIME_DIR``:

1. ``$QTMCP_RUNTIME_DIR`` when set (tests, unusual setups), checked like the others;
2. ``/run/user/<uid>/qtmcp`` when ``/run/user/<uid>`` (the login manager's runtime folder,
   the one ``XDG_RUNTIME_DIR`` names on a systemd desktop) is a real directory the user
   owns with no group or other access;
3. else ``~/.local/state/qtmcp/run-<host>`` (one per host: a home shared over NFS would
   otherwise show other machines' pids as this one's).

The folder must be a real directory (not a link) the user owns; one that others may
enter is tightened to 0700 when it is the user's and refused (:class:`UnsafeFolder`)
when it is not. Files are created ``O_EXCL|O_NOFOLLOW`` with mode 0600 under a random
name and renamed into place, all through a descriptor of the checked folder; readers take
only regular files the user owns that no one else may write (the rule OpenSSH and systemd
apply to their runtime files). Plain stdlib.
"""

from __future__ import annotations

import os
import pwd
import secrets
import socket
import stat
import tempfile
from pathlib import Path

from probe.exceptions import UnsafeFolder

#: Where login managers make each user's runtime folder.
RUNTIME_ROOT = Path("/run/user")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: A discovery file is a few hundred bytes; nothing read from the folder may be larger.
MAX_READ = 1 << 20


def _uid() -> int | None:
    return os.geteuid() if hasattr(os, "geteuid") else None


def folder(*, runtime_root: Path = RUNTIME_ROOT) -> Path:
    """The user's private qtmcp folder, created if missing and checked (see the module).

    Raises :class:`UnsafeFolder` when the folder exists but is not the user's own.
    """
    explicit = os.environ.get("QTMCP_RUNTIME_DIR")
    if explicit:
        path = Path(explicit)
    else:
        uid = _uid()
        runtime = runtime_root / str(uid)
        if uid is not None and _is_private(runtime, uid):
            path = runtime / "qtmcp"
        else:
            path = _home() / ".local" / "state" / "qtmcp" / f"run-{_host()}"
    check(path, create=True)
    return path


def _home() -> Path:
    """``$HOME`` when it is an absolute path, else the passwd entry's home, else a folder
    of the uid's in the temporary folder (an arbitrary uid in a container)."""
    home = os.environ.get("HOME", "")
    if os.path.isabs(home):
        return Path(home)
    try:
        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    except KeyError:
        return Path(tempfile.gettempdir()) / f"qtmcp-home-{_uid()}"


def _host() -> str:
    name = socket.gethostname().split(".")[0]
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name) or "localhost"


def _is_private(path: Path, uid: int) -> bool:
    """A real directory (not a link) owned by ``uid`` with no group or other access."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == uid and not st.st_mode & 0o077


def check(path: Path, *, create: bool = False) -> None:
    """Make sure ``path`` is the user's own private folder (created 0700 when ``create``
    and missing, tightened to 0700 when the user's and looser); UnsafeFolder if not."""
    fd = open_folder(path, create=create)
    os.close(fd)


def open_folder(path: Path, *, create: bool = False) -> int:
    """A descriptor of ``path`` once it is checked as :func:`check` says; the caller
    closes it. Everything done through it stays in the folder that was checked."""
    if create:
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
        except OSError as exc:
            raise UnsafeFolder(f"cannot create the private qtmcp folder {path}: "
                               f"{exc.strerror or exc}") from None
    try:
        fd = os.open(path, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC)
    except OSError as exc:
        why = "it is a symbolic link" if os.path.islink(path) else (exc.strerror or str(exc))
        raise UnsafeFolder(f"refusing the qtmcp folder {path}: {why}; it must be a real "
                           "directory of your own") from None
    try:
        st = os.fstat(fd)
        uid = _uid()
        if uid is not None and st.st_uid != uid:
            raise UnsafeFolder(
                f"refusing the qtmcp folder {path}: it belongs to uid {st.st_uid}, not to you "
                f"(uid {uid}); another user could read the tokens in it or plant files. "
                "Remove it, or set QTMCP_RUNTIME_DIR to a folder of your own")
        if st.st_mode & 0o077 and hasattr(os, "fchmod"):
            os.fchmod(fd, 0o700)  # ours: close it to others (files in it are checked too)
    except BaseException:
        os.close(fd)
        raise
    return fd


def write(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` (in a private folder) atomically, mode 0600: a new file
    under a random name, opened ``O_CREAT|O_EXCL|O_NOFOLLOW``, then renamed over ``path``
    (a link planted at ``path`` is replaced, never followed)."""
    fd = open_folder(path.parent, create=True)
    try:
        tmp = f".{path.name}.{secrets.token_hex(8)}.tmp"
        out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600,
                      dir_fd=fd)
        try:
            with os.fdopen(out, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path.name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=fd)
            except OSError:
                pass
            raise
    finally:
        os.close(fd)
    return path


def read(path: Path) -> bytes | None:
    """The bytes of ``path`` when it is a regular file the user owns that no one else may
    write (never through a link, never blocking on a FIFO); else None."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        uid = _uid()
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o022 or \
                (uid is not None and st.st_uid != uid) or st.st_size > MAX_READ:
            return None
        with os.fdopen(os.dup(fd), "rb") as fh:
            return fh.read(MAX_READ)
    except OSError:
        return None
    finally:
        os.close(fd)


def remove(path: Path) -> None:
    """Remove ``path`` if it is there (a link is removed, not followed)."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass

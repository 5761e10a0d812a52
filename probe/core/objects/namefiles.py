"""The name-map folder: the one place ``qt.names.load`` and ``qt.names.save`` touch files.

A client names a file in the folder, never a path: the folder is the one given at
install (``names_dir`` / ``QTMCP_NAMES_DIR``), else ``qtmcp-names`` in the app's config
folder (``QStandardPaths.AppConfigLocation``). Refused: names with a path in them (or an
absolute path outside the folder), symlinks, anything but a regular file, files larger
than MAX_BYTES, and files qtmcp did not write (a saved map carries ``"format":
"qtmcp-names"``). Files are opened without following links and without blocking (a
FIFO never holds the GUI thread), relative to the folder's own descriptor; a save goes
to a temporary file first, removed if the write fails.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from probe.core.errors import QtError

#: Environment variable naming the folder (install's ``names_dir`` sets it too).
FOLDER_ENV = "QTMCP_NAMES_DIR"
#: The folder inside the app's config folder when none is given.
SUBFOLDER = "qtmcp-names"
#: The ``format`` member of every map qtmcp writes; a load needs it.
FORMAT = "qtmcp-names"
#: Largest name map read (bytes).
MAX_BYTES = 4 * 1024 * 1024

_FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$")
_HINT = ("Give a file name in data.folder (qt.names.list shows the folder), such as "
         "'names.json'; paths elsewhere, symlinks, special files and files qtmcp did not "
         "write are refused.")


_given: Path | None = None


def set_folder(path: str | None) -> None:
    """Use ``path`` as the folder (install's ``names_dir``); None: the default."""
    global _given
    _given = Path(path).expanduser().absolute() if path else None


def folder() -> Path:
    """The name-map folder (GUI thread: the app's config folder needs the app)."""
    if _given is not None:
        return _given
    given = os.environ.get(FOLDER_ENV)
    if given:
        return Path(given).expanduser().absolute()
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppConfigLocation)
    return Path(base or Path.home() / ".config") / SUBFOLDER


def _io_error(message: str, name: str, where: Path) -> QtError:
    return QtError("NAME_MAP_IO", message, hint=_HINT, path=name, folder=str(where))


def file_name(given: str, where: Path) -> str:
    """The plain file name ``given`` means in ``where``: a bare name, or an absolute path
    whose folder is ``where``; NAME_MAP_IO for anything else."""
    name = given
    if os.path.isabs(given) and os.path.realpath(os.path.dirname(given)) == \
            os.path.realpath(where):
        name = os.path.basename(given)
    if not _FILE_NAME.match(name) or ".." in name:
        raise _io_error(f"{given!r} is not a file name in the name-map folder", given, where)
    return name


def _open_folder(where: Path, create: bool) -> int:
    if create:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
    return os.open(where, os.O_RDONLY | os.O_DIRECTORY)


def _read_fd(fd: int, label: str, where: Path) -> bytes:
    """Read a regular file of at most MAX_BYTES from ``fd`` (closes it)."""
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise _io_error(f"{label} is not a regular file", label, where)
        if info.st_size > MAX_BYTES:
            raise _io_error(f"{label} has {info.st_size} bytes; a name map may have "
                            f"{MAX_BYTES}", label, where)
        data = fh.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise _io_error(f"{label} is larger than {MAX_BYTES} bytes", label, where)
    return data


def _open_error(exc: OSError, label: str, where: Path) -> QtError:
    if exc.errno == errno.ELOOP:
        return _io_error(f"{label} is a symbolic link", label, where)
    return _io_error(f"cannot open {label}: {exc.strerror or exc}", label, where)


def _in_folder(given: str, create: bool) -> tuple[Path, str, int]:
    """(folder, file name, the folder's descriptor) for a file a client named."""
    where = folder()
    name = file_name(given, where)
    try:
        return where, name, _open_folder(where, create)
    except OSError as exc:
        raise _open_error(exc, name, where) from None


def _open_for_reading(name: str, dir_fd: int, where: Path) -> int:
    """A file of the folder opened to read: no link followed, never blocking (a FIFO)."""
    return os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dir_fd)


def read(given: str) -> tuple[str, bytes]:
    """(file name, bytes) of a name map in the folder."""
    where, name, dir_fd = _in_folder(given, create=False)
    try:
        fd = _open_for_reading(name, dir_fd, where)
    except OSError as exc:
        raise _open_error(exc, name, where) from None
    finally:
        os.close(dir_fd)
    return name, _read_fd(fd, name, where)


def read_path(path: str) -> bytes:
    """A name map file the user named at start (``QTMCP_NAMES``): any folder, but still a
    regular file of bounded size, read without blocking."""
    where = Path(path).parent
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise _open_error(exc, path, where) from None
    return _read_fd(fd, path, where)


def written_by_qtmcp(data: bytes) -> bool:
    """Whether a file's bytes are a name map qtmcp wrote (``"format": "qtmcp-names"``)."""
    try:
        value = json.loads(data)
    except ValueError:
        return False
    return isinstance(value, dict) and value.get("format") == FORMAT


def write(given: str, text: str) -> Path:
    """Write ``text`` to the file ``given`` names in the folder, replacing a file there
    only when qtmcp wrote it; returns the file's path."""
    where, name, dir_fd = _in_folder(given, create=True)
    tmp = f".{name}.{os.getpid()}.tmp"
    try:
        _check_replaceable(name, dir_fd, where)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600,
                         dir_fd=dir_fd)
        except OSError as exc:
            raise _open_error(exc, name, where) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        except (OSError, ValueError) as exc:  # ValueError: text that cannot be UTF-8
            try:
                os.unlink(tmp, dir_fd=dir_fd)
            except OSError:
                pass
            why = getattr(exc, "strerror", None) or exc
            raise _io_error(f"cannot write {name}: {why}", name, where) from None
    finally:
        os.close(dir_fd)
    return where / name


def _check_replaceable(name: str, dir_fd: int, where: Path) -> None:
    try:
        fd = _open_for_reading(name, dir_fd, where)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _open_error(exc, name, where) from None
    if not written_by_qtmcp(_read_fd(fd, name, where)):
        raise _io_error(f"{name} exists and was not written by qtmcp; it is left alone",
                        name, where)

"""The one folder the MCP server writes files in (``qtmcp mcp --output-dir``).

An agent names a file (``save_to``); a prompt-injected agent names ``~/.bashrc``. So every
name is taken relative to the output folder and refused when it leaves it: ``..``, an
absolute path elsewhere, ``~``, a NUL byte, a symlink anywhere on the way (each folder is
opened with ``O_NOFOLLOW`` relative to the one before, so a link swapped in between the
check and the write is not followed either), and anything that is not a plain file (a FIFO
would block the server, a device would take the bytes). A new file is created with
``O_EXCL``; an existing one is replaced only when the caller asks (``overwrite``).

Pure file handling: no MCP types, so it is tested with plain paths.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

#: ``qtmcp mcp`` writes here (under the folder it runs in) unless ``--output-dir`` says.
DEFAULT_DIR = "qtmcp-output"

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


class Refused(ValueError):
    """A name the output folder does not take; the message says why and what would do."""


class OutputDir:
    """Resolves names inside one folder and writes files there without following links."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(os.path.realpath(Path(root).expanduser().absolute()))

    def parts(self, name: str) -> list[str]:
        """``name``'s components below the folder; Refused when it would leave it."""
        if not isinstance(name, str) or not name.strip():
            raise Refused("save_to is empty: give a file name such as page.txt")
        if "\x00" in name:
            raise Refused("save_to contains a NUL byte: give a plain file name")
        if name.startswith("~"):
            raise Refused(f"save_to {name!r} starts with '~': files go to the output folder "
                          f"{self.root}; give a name relative to it")
        path = Path(name)
        if path.is_absolute():
            try:
                path = path.relative_to(self.root)
            except ValueError:
                raise Refused(f"save_to {name!r} is outside the output folder {self.root}: "
                              "give a name relative to it (or a path inside it)") from None
        parts = [p for p in path.parts if p not in ("", ".")]
        if ".." in parts:
            raise Refused(f"save_to {name!r} climbs out with '..': give a name inside the "
                          f"output folder {self.root}")
        if not parts:
            raise Refused(f"save_to {name!r} names the output folder itself: give a file name")
        return parts

    def display(self, name: str) -> Path:
        """Where ``name`` lands (for messages; nothing is checked on disk)."""
        return self.root.joinpath(*self.parts(name))

    def write(self, name: str, data: bytes, *, overwrite: bool = False) -> Path:
        """Write ``data`` to ``name`` inside the folder; the path written. Refused for a name
        that leaves the folder, passes a link or is not a plain file, or that exists when
        ``overwrite`` is false; OSError for what the file system refuses."""
        parts = self.parts(name)
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(self.root, _DIR_FLAGS)
        try:
            for folder in parts[:-1]:
                try:
                    inner = os.open(folder, _DIR_FLAGS, dir_fd=fd)
                except OSError as exc:
                    raise self._why(exc, folder, name) from None
                os.close(fd)
                fd = inner
            out = self._open_file(fd, parts[-1], name, overwrite)
        finally:
            os.close(fd)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(out, view):]
        finally:
            os.close(out)
        return self.root.joinpath(*parts)

    def _open_file(self, dir_fd: int, leaf: str, name: str, overwrite: bool) -> int:
        """The leaf opened for writing: new (O_EXCL), or an existing plain file when asked."""
        try:
            return os.open(leaf, _FILE_FLAGS | os.O_CREAT | os.O_EXCL, 0o600, dir_fd=dir_fd)
        except FileExistsError:
            if not overwrite:
                raise Refused(f"{self.root.joinpath(*self.parts(name))} exists: give another "
                              "name, or overwrite: true to replace it") from None
        if not stat.S_ISREG(os.stat(leaf, dir_fd=dir_fd, follow_symlinks=False).st_mode):
            raise self._not_plain(name)
        try:
            out = os.open(leaf, _FILE_FLAGS, dir_fd=dir_fd)
        except OSError as exc:
            raise self._why(exc, leaf, name) from None
        if not stat.S_ISREG(os.fstat(out).st_mode):  # swapped in since the look
            os.close(out)
            raise self._not_plain(name)
        with contextlib.suppress(OSError):
            os.ftruncate(out, 0)
        return out

    @staticmethod
    def _not_plain(name: str) -> Refused:
        return Refused(f"save_to {name!r} is not a plain file (a link, FIFO, device or "
                       "folder): give another name")

    def _why(self, exc: OSError, part: str, name: str) -> Exception:
        """An OSError on the way as the reason an agent can act on."""
        if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.ENXIO):
            return Refused(f"save_to {name!r}: {part!r} is a link or not a plain file/folder; "
                           f"give a plain name inside the output folder {self.root}")
        return exc

"""Start the inspector: ``qtmcp inspect``, ``qtmcp-inspector`` or ``python -m inspector``.

``--url URL [--token T]`` or ``--pid PID`` (or ``--app NAME``) connects at once; with
no target the connect dialog opens. A ``.qtmcp-session`` file (path or ``file://`` URL,
as the desktop entry's ``%U`` passes it) opens in the session player, offline. The
asyncio loop is qasync's, running on Qt's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from inspector import __version__
from probe.launcher.display import plugin_problem
from probe.launcher.interrupt import quit_on_signals
from probe.launcher.placement import SIDES, place

if TYPE_CHECKING:
    from inspector.window.main_window import MainWindow


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qtmcp-inspector",
        description="GammaRay-style inspector for PySide6 apps running the qtmcp probe.")
    parser.add_argument("--url", help="ws://127.0.0.1:PORT of the probe")
    parser.add_argument("--token", help="the probe's token (default: from discovery)")
    parser.add_argument("--pid", type=int, help="connect to the probe of this process")
    parser.add_argument("--app", help="connect to the app with this name (or part of it)")
    parser.add_argument("--theme", choices=("light", "dark"), help="override the saved theme")
    parser.add_argument("--reset-layout", action="store_true",
                        help="forget the saved window layout")
    parser.add_argument("--snapshot", metavar="FILE.png",
                        help="offscreen: fill every pane, save a picture of the window, exit")
    parser.add_argument("--place", choices=SIDES,
                        help="take this side of the screen, frame included (qtmcp demo puts "
                             "the app left and the inspector right); not saved as your layout")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("session", nargs="?", metavar="FILE.qtmcp-session",
                        help="open a recorded session in the player (no app needed); with "
                             "--snapshot, save a picture of the player and exit")
    return parser


def session_path(arg: str) -> Path:
    """A path from a command-line argument that may be a ``file://`` URL (``%U``)."""
    if arg.startswith("file:"):
        from PySide6.QtCore import QUrl

        return Path(QUrl(arg).toLocalFile())
    return Path(arg)


def main(argv: Sequence[str] | None = None, *,
         on_interrupt: Callable[[], object] | None = None,
         interrupted: Callable[[], bool] | None = None) -> int:
    """Run the inspector until its window closes; returns the exit code. ``on_interrupt``
    runs first when Ctrl+C or SIGTERM closes it (``qtmcp demo`` stops its app then).
    ``interrupted`` says whether a signal came before the inspector's own handler was
    installed: its KeyboardInterrupt may have been swallowed by code it interrupted (an
    import hook, a Qt virtual), and the inspector then ends at once (130)."""
    args, qt_args = build_parser().parse_known_args(
        list(sys.argv[1:] if argv is None else argv))
    import qasync

    if args.snapshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    problem = plugin_problem()
    if problem is not None:  # Qt would abort the process without saying why
        print(f"qtmcp-inspector: {problem.message()}", file=sys.stderr)
        return 1

    import resources
    from inspector.app import picture
    from inspector.window.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0], *qt_args])
    assert isinstance(app, QApplication)
    quit_on_signals(lambda: _interrupted(on_interrupt))  # Ctrl+C: as if the window closed
    if interrupted is not None and interrupted():  # asked before: no window, no loop
        _interrupted(on_interrupt)
        return 130
    # The loop ends in _until_closed, after the connection's close went out; Qt's own quit
    # on the last window would stop it first and leave the socket open.
    app.setQuitOnLastWindowClosed(False)
    app.setApplicationName("qtmcp-inspector")
    app.setOrganizationName("qtmcp")
    app.setWindowIcon(QIcon(str(Path(resources.__file__).parent / "icons" / "qtmcp.svg")))
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    if args.snapshot and args.session:
        return picture.of_player(session_path(args.session), args.snapshot)
    if args.snapshot:
        with tempfile.TemporaryDirectory() as folder:  # fresh settings: the default layout
            settings = QSettings(str(Path(folder) / "inspector.ini"),
                                 QSettings.Format.IniFormat)
            return picture.of_window(MainWindow(settings), loop, args)
    window = MainWindow()
    if args.reset_layout:
        window.reset_layout()
    if args.theme:
        window.apply_theme(args.theme)
    if args.place:
        place(window, args.place)
        window.keep_geometry = False  # a place chosen for the user is not their layout
    window.show()
    if args.session:
        QTimer.singleShot(0, lambda: _open_session(window, session_path(args.session)))
    elif args.url or args.pid or args.app:
        QTimer.singleShot(0, lambda: window.connect_to(url=args.url, token=args.token,
                                                       pid=args.pid, app=args.app))
    else:
        QTimer.singleShot(0, window.show_connect_dialog)
    with loop:
        loop.run_until_complete(_until_closed(app, window))
    return 0


def _open_session(window: MainWindow, path: Path) -> None:
    from PySide6.QtWidgets import QMessageBox

    from inspector.sessions.session_file import SessionFileError

    try:
        window.sessions.open(str(path))
    except (OSError, SessionFileError) as exc:
        QMessageBox.warning(window, "Open session", str(exc))


#: Set when the run should end: the last window closed, or Ctrl+C/SIGTERM came (also
#: before the window was shown, which closing windows alone would miss).
_done = asyncio.Event()


def _interrupted(first: Callable[[], object] | None) -> None:
    if first is not None:
        first()
    QApplication.closeAllWindows()
    _done.set()


async def _until_closed(app: QApplication, window: MainWindow) -> None:
    """Until the last window closed (or a signal came) and the probe connection's close
    went out (at most a second: a probe that does not answer does not hold the exit)."""
    app.lastWindowClosed.connect(_done.set)
    await _done.wait()
    if window.isVisible():
        window.close()
    if window.closing is not None:
        await asyncio.wait({window.closing}, timeout=CLOSE_WAIT)


#: Seconds the inspector waits, on exit, for its connection to close.
CLOSE_WAIT = 1.0


if __name__ == "__main__":
    sys.exit(main())

"""The connect dialog: running probes (live from discovery), a URL + token, or launch an app.

The list follows the discovery folder through :class:`DiscoveryWatcher` (a file-system
watcher, no polling). "Launch app…" starts a script with the probe
(:func:`probe.launcher.launch.spawn`) and picks its probe as soon as its discovery file appears.
The dialog only chooses; the main window connects.
"""

from __future__ import annotations

import subprocess
import time
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from inspector.link.discovery_watcher import DiscoveryWatcher
from probe import discovery
from probe.launcher.launch import LaunchError, spawn


@dataclass
class Choice:
    """Where to connect: a pid from discovery, or a URL (+ token)."""

    url: str | None = None
    token: str | None = None
    pid: int | None = None


def _uptime(started: float) -> str:
    seconds = max(0, int(time.time() - started))
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 7200:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


class ConnectDialog(QDialog):
    """Pick a running probe, type a URL, or launch a script with the probe."""

    def __init__(self, watcher: DiscoveryWatcher, recent: list[str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("connectDialog")
        self.setWindowTitle("Connect to a Qt app")
        self.watcher = watcher
        self.choice: Choice | None = None
        self.launched: subprocess.Popen[Any] | None = None

        self.list = QTreeWidget(self)
        self.list.setObjectName("probeList")
        self.list.setHeaderLabels(["App", "PID", "Address", "Qt", "Up", "Command"])
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.list.header().setStretchLastSection(True)
        self.list.itemDoubleClicked.connect(lambda *_: self._accept_selected())
        self.list.itemSelectionChanged.connect(self._update_buttons)
        self.empty = QLabel(watcher.problem or (
            f"No running probes in {watcher.folder}.\nStart an app with `qtmcp launch "
            "app.py`, call probe.install() in it, or use Launch app…."), self)
        self.empty.setObjectName("probeListEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)

        running = QGroupBox("Running apps with a probe", self)
        box = QVBoxLayout(running)
        box.addWidget(self.list)
        box.addWidget(self.empty)

        self.url = QComboBox(self)
        self.url.setObjectName("connectUrl")
        self.url.setEditable(True)
        self.url.addItems(recent or [])
        self.url.setCurrentText("")
        edit = self.url.lineEdit()
        if edit is not None:  # an editable combo box always has one
            edit.setPlaceholderText("ws://127.0.0.1:PORT")
            edit.textChanged.connect(self._update_buttons)
        self.token = QLineEdit(self)
        self.token.setObjectName("connectToken")
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText("from discovery when empty")
        by_url = QGroupBox("Or connect by address", self)
        form = QFormLayout(by_url)
        form.addRow("URL", self.url)
        form.addRow("Token", self.token)

        self.message = QLabel(self)
        self.message.setObjectName("connectMessage")
        self.message.setWordWrap(True)

        self.buttons = QDialogButtonBox(self)
        self.connect_button = self.buttons.addButton(
            "Connect", QDialogButtonBox.ButtonRole.AcceptRole)
        self.launch_button = QPushButton("Launch app…", self)
        self.launch_button.setObjectName("launchButton")
        self.launch_button.setToolTip("Start a PySide6 script with the probe and attach to it")
        self.buttons.addButton(self.launch_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.connect_button.clicked.connect(self._accept_selected)
        self.launch_button.clicked.connect(self._launch_dialog)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(running, 1)
        layout.addWidget(by_url)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.resize(760, 440)

        watcher.probesChanged.connect(self._fill)
        self._fill(watcher.refresh())

    # -- list

    def _fill(self, probes: list[discovery.ProbeInfo]) -> None:
        selected = self.selected_pid()
        self.list.clear()
        for p in probes:
            item = QTreeWidgetItem([p.app or "?", str(p.pid), p.url, p.qt, _uptime(p.started),
                                    " ".join(p.argv)])
            item.setData(0, Qt.ItemDataRole.UserRole, p.pid)
            item.setToolTip(5, " ".join(p.argv))
            self.list.addTopLevelItem(item)
            if p.pid == selected:
                item.setSelected(True)
        last = self.list.topLevelItem(self.list.topLevelItemCount() - 1)
        if selected is None and last is not None:
            last.setSelected(True)
        has = bool(probes)
        self.list.setVisible(has)
        self.empty.setVisible(not has)
        self._update_buttons()
        if self.launched is not None and any(p.pid == self.launched.pid for p in probes):
            self.choice = Choice(pid=self.launched.pid)
            self.accept()

    def selected_pid(self) -> int | None:
        items = self.list.selectedItems()
        return int(items[0].data(0, Qt.ItemDataRole.UserRole)) if items else None

    def pids(self) -> list[int]:
        items = (self.list.topLevelItem(i) for i in range(self.list.topLevelItemCount()))
        return [int(item.data(0, Qt.ItemDataRole.UserRole)) for item in items if item is not None]

    def _update_buttons(self) -> None:
        self.connect_button.setEnabled(bool(self.url.currentText().strip())
                                       or self.selected_pid() is not None)

    def _accept_selected(self) -> None:
        url = self.url.currentText().strip()
        if url:
            self.choice = Choice(url=url, token=self.token.text().strip() or None)
        elif self.selected_pid() is not None:
            self.choice = Choice(pid=self.selected_pid())
        else:
            return
        self.accept()

    # -- launch

    def _launch_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Launch a PySide6 app with the probe", "",
                                              "Python scripts (*.py);;All files (*)")
        if path:
            try:
                self.launch(path)
            except (LaunchError, OSError) as exc:  # no Python to run it (a frozen build)
                self.message.setText(f"Cannot start {path}: {exc}")

    def launch(self, script: str, args: list[str] | None = None, *,
               module: bool = False, timeout: float = 30.0) -> subprocess.Popen[Any]:
        """Start ``script`` with the probe; the dialog accepts when its probe shows up."""
        self.launched = spawn(script, args, module=module)
        self.message.setText(f"Started {script} (pid {self.launched.pid}); waiting for its "
                             "probe…")
        self.launch_button.setEnabled(False)
        QTimer.singleShot(int(timeout * 1000), self._launch_timed_out)
        self._fill(self.watcher.refresh())
        return self.launched

    def _launch_timed_out(self) -> None:
        proc = self.launched
        if proc is None or self.result() == QDialog.DialogCode.Accepted:
            return
        code = proc.poll()
        self.message.setText(f"pid {proc.pid} exited with {code} before its probe started"
                             if code is not None else f"no probe from pid {proc.pid} yet")
        self.launch_button.setEnabled(True)

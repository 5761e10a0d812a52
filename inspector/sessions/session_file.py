"""The ``.qtmcp-session`` file: a recorded agent session, readable without the app.

JSON Lines, one object per line, so a session streams to disk and survives a cut-off
tail. First line ``{"format": "qtmcp-session", "version": 1, "app": {...}, ...}``,
then ``{"kind": "call", "record": <probe.traffic record>}`` and ``{"kind": "frame",
"afterSeq": N, "ts", "format", "width", "height", "data": base64}`` (the app as it
looked after call ``N``), in the order they happened.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "qtmcp-session"
VERSION = 1
SUFFIX = ".qtmcp-session"


class SessionFileError(ValueError):
    """The file is not a qtmcp session (or one of a newer version)."""


@dataclass
class Frame:
    """One picture of the app, taken after the call with traffic seq ``after_seq``."""

    after_seq: int
    ts: float
    format: str
    width: int
    height: int
    data: str  # base64

    def to_json(self) -> dict[str, Any]:
        return {"kind": "frame", "afterSeq": self.after_seq, "ts": self.ts,
                "format": self.format, "width": self.width, "height": self.height,
                "data": self.data}


@dataclass
class Session:
    """Calls (traffic records) and frames, plus what app they came from."""

    app: dict[str, Any] = field(default_factory=dict)
    calls: list[dict[str, Any]] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    created: float = 0.0

    def frame_for(self, index: int) -> Frame | None:
        """The picture for call ``index``: for an action (a call that changed the app),
        the first picture taken after it (filed at its seq or a later one, when pictures
        of several quick actions were coalesced); for a read, the app as the read saw it:
        the latest picture taken after the calls before it."""
        if not 0 <= index < len(self.calls):
            return None
        call = self.calls[index]
        seq = int(call.get("seq") or 0)
        if call.get("changesApp"):
            return next((f for f in sorted(self.frames, key=lambda f: f.after_seq)
                         if f.after_seq >= seq), None)
        best: Frame | None = None
        for frame in self.frames:
            if frame.after_seq <= seq and (best is None or frame.after_seq >= best.after_seq):
                best = frame
        return best


def save(session: Session, path: str | Path) -> Path:
    """Write ``session`` to ``path`` (``.qtmcp-session`` added if missing)."""
    path = Path(path)
    if path.suffix != SUFFIX:
        path = path.with_name(path.name + SUFFIX)
    items: list[tuple[float, int, dict[str, Any]]] = []
    for rec in session.calls:
        items.append((float(rec.get("seq") or 0), 0, {"kind": "call", "record": rec}))
    for frame in session.frames:
        items.append((frame.after_seq + 0.5, 1, frame.to_json()))
    items.sort(key=lambda it: (it[0], it[1]))
    header = {"format": FORMAT, "version": VERSION, "app": session.app,
              "created": session.created, "calls": len(session.calls),
              "frames": len(session.frames)}
    with path.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps(header, ensure_ascii=False) + "\n")
        for _k, _o, obj in items:
            fh.write(json.dumps(obj, ensure_ascii=False, default=str) + "\n")
    return path


def load(path: str | Path) -> Session:
    """Read a session file; raises SessionFileError when it is not one."""
    with Path(path).open(encoding="utf-8") as fh:
        try:
            header = json.loads(fh.readline() or "null")
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise SessionFileError(f"{path} is not a {FORMAT} file")
        if int(header.get("version", 0)) > VERSION:
            raise SessionFileError(f"{path} is version {header['version']}; this inspector "
                                   f"reads up to {VERSION}")
        session = Session(app=dict(header.get("app") or {}),
                          created=float(header.get("created") or 0))
        for line in fh:
            try:
                obj = json.loads(line)
            except ValueError:
                break  # a cut-off last line: keep what came before
            if obj.get("kind") == "call" and isinstance(obj.get("record"), dict):
                session.calls.append(obj["record"])
            elif obj.get("kind") == "frame":
                session.frames.append(Frame(int(obj["afterSeq"]), float(obj.get("ts", 0)),
                                            str(obj.get("format", "png")),
                                            int(obj.get("width", 0)), int(obj.get("height", 0)),
                                            str(obj["data"])))
    return session

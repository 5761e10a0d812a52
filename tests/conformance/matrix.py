"""What both conformance suites share: rows registered one way, one column set, every row
run under every configuration of its suite, and one matrix printed per configuration.

A row is one control (or one generated case, such as a model class in a view kind) and
fills some of four checks:

* ``read``: chr.readPage shows it with the role, name (as a person reads the screen),
  value and states a user sees;
* ``act``: the action an agent would use on it leaves the app as a user's input would;
* ``signal``: the app's own signals fired as for a user (its signal log says so);
* ``truth``: what the answer (or the next read) says is what the app holds.

A configuration is how the app was built for the run (no setters, labels above the
fields, another style, …): the suite's app rebuilds itself under each one in the same
process, and every row that applies runs again. Rows × configurations are generated
(:meth:`Suite.cases`), never copied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import wait_until
from tests.support.realapp import RealApp, wait_for_window

CHECKS = ("read", "act", "signal", "truth")
_MARK = {True: "ok", False: "FAIL", None: "-"}


class Cells:
    """One row's checks under one configuration: check -> (passed, what was seen)."""

    def __init__(self, checks: str) -> None:
        #: the checks this row fills (the others do not apply to its control)
        self.checks = tuple(c for c in CHECKS if c[0] in checks)
        self.cells: dict[str, tuple[bool, str]] = {}

    def __call__(self, check: str, ok: Any, detail: Any = "") -> bool:
        """Set a check (the first failure of a check stands); returns whether it passed."""
        assert check in self.checks, f"{check!r} is not declared for this row"
        if check in self.cells and not self.cells[check][0]:
            return False
        self.cells[check] = (bool(ok), str(detail)[:1500])
        return bool(ok)

    def ok(self, check: str) -> bool:
        return self.cells.get(check, (False, ""))[0]

    def fail_rest(self, why: str) -> None:
        """The checks not set yet fail, saying why (the row stopped early)."""
        for check in self.checks:
            if check not in self.cells:
                self.cells[check] = (False, why[:1500])

    def failed(self) -> dict[str, str]:
        return {c: self.cells.get(c, (False, "not checked"))[1] for c in self.checks
                if not self.ok(c)}

    def mark(self, check: str) -> bool | None:
        return None if check not in self.checks else self.ok(check)


@dataclass(frozen=True)
class Row:
    """A registered row: its function, the checks it fills, where it is, and under which
    configurations it runs (None: all of them)."""

    name: str
    run: Callable[[Any, Cells], None]
    checks: str
    where: dict[str, Any]
    configs: tuple[str, ...] | None


@dataclass
class Suite:
    """A suite's rows and configurations, and the cells each run filled."""

    title: str
    configs: tuple[str, ...]
    rows: dict[str, Row] = field(default_factory=dict)
    results: dict[str, dict[str, Cells]] = field(default_factory=dict)

    def row(self, name: str, checks: str = "rast", *, configs: tuple[str, ...] | None = None,
            **where: Any) -> Callable[[Callable[[Any, Cells], None]],
                                      Callable[[Any, Cells], None]]:
        """Register the decorated function as row ``name`` filling ``checks`` (letters of
        read, act, signal, truth), under ``configs`` (default: every configuration)."""
        def deco(fn: Callable[[Any, Cells], None]) -> Callable[[Any, Cells], None]:
            self.add(name, fn, checks, configs=configs, **where)
            return fn
        return deco

    def add(self, name: str, fn: Callable[[Any, Cells], None], checks: str = "rast", *,
            configs: tuple[str, ...] | None = None, **where: Any) -> None:
        """Register a row (a generated one: one per case of an axis)."""
        assert name not in self.rows, f"row {name!r} registered twice"
        unknown = set(configs or ()) - set(self.configs)
        assert not unknown, f"row {name!r}: no configuration {sorted(unknown)}"
        self.rows[name] = Row(name, fn, checks, where, configs)

    def cases(self) -> list[tuple[str, str]]:
        """(configuration, row) for every row under every configuration it runs in,
        configuration by configuration (the app rebuilds itself once per configuration)."""
        return [(config, name) for config in self.configs for name, row in self.rows.items()
                if row.configs is None or config in row.configs]

    def run(self, config: str, name: str, driver: Any) -> Cells:
        """Run one row under one configuration; an exception fails the checks it did not
        reach, saying what it was."""
        row = self.rows[name]
        cells = Cells(row.checks)
        try:
            row.run(driver, cells)
        except Exception as exc:  # noqa: BLE001 - the cells it did not fill say why
            cells.fail_rest(f"{type(exc).__name__}: {exc}")
        cells.fail_rest("the row did not check it")
        self.results.setdefault(config, {})[name] = cells
        return cells

    def fail(self, config: str, name: str, why: str) -> Cells:
        """Record a row that could not run under ``config`` (its app could not be put in
        that configuration): every check it fills fails, saying why."""
        cells = Cells(self.rows[name].checks)
        cells.fail_rest(why)
        self.results.setdefault(config, {})[name] = cells
        return cells

    def render(self) -> str:
        """The matrix of each configuration that ran, then one line per configuration."""
        out: list[str] = []
        totals: list[tuple[str, int, int, int]] = []
        for config in self.configs:
            done = self.results.get(config)
            if not done:
                continue
            width = max([len(n) for n in done] + [7])
            out += ["", f"{self.title} — configuration {config!r}: row × check "
                        "(ok, FAIL, - not applicable)",
                    f"{'row':<{width}}  " + "  ".join(f"{c:<6}" for c in CHECKS)]
            passed = total = 0
            for name, cells in done.items():
                marks = [cells.mark(c) for c in CHECKS]
                passed += sum(m is True for m in marks)
                total += sum(m is not None for m in marks)
                out.append(f"{name:<{width}}  " + "  ".join(f"{_MARK[m]:<6}" for m in marks))
            out.append(f"total: {passed}/{total} checks pass over {len(done)} rows")
            totals.append((config, passed, total, len(done)))
        if totals:
            out += ["", f"{self.title}: per configuration"]
            out += [f"  {config:<16} {passed:>4}/{total:<4} checks over {rows} rows"
                    for config, passed, total, rows in totals]
            passed = sum(t[1] for t in totals)
            total = sum(t[2] for t in totals)
            out.append(f"  {'all':<16} {passed:>4}/{total:<4} checks")
        return "\n".join(out)


def configure(app: RealApp, config: str, shows: str, what: str) -> Client:
    """A new client of a suite's ``app`` once its harness has built the window for
    ``config`` (the harness property ``shows`` says which) and the window answers."""
    qt = app.client(name=f"conformance-{config}")
    qt.call("qt.methods.invoke", {"objectId": "harness", "method": "configure",
                                  "args": [config]})

    def shown() -> bool:
        try:
            return qt.call("qt.properties.get", {"objectId": "harness",
                                                 "name": shows})["value"] == config
        except RemoteError as exc:
            if exc.name == "APP_BUSY":  # still building the window (seconds under load)
                return False
            raise

    wait_until(shown, timeout=30, what=what)
    wait_for_window(qt)
    return qt

"""chr.fillForm and chr.batch: several actions in one call, one change report at the end.

Each step runs the one method that does it (``_actions``: a click runs chr.click, a
form_input chr.formInput) through ``Context.call``, so it is validated, mirrored in the
traffic log and recorded for a replay exactly as if the client had called it; the steps
report no changes of their own (``_changes``): the call reports once, after the last
step. The first step that fails stops the call; its error keeps its own name and hint and
says which step it was (``data.step``), what ran before it, and what changed
(``data.changes``).
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict, cast

from probe.api import _actions
from probe.api._changes import reports_changes
from probe.core.errors import QtError
from probe.server.context import Context
from probe.server.registry import P, Replay, Tool, method
from probe.wire.chr_steps import Batch, Filled


class Field(TypedDict):
    ref: str
    value: str | bool | int | float


#: A step: its action, and that action's arguments beside it.
STEP = {"type": "object", "properties": {"action": {"enum": _actions.BATCH_ACTIONS}},
        "required": ["action"]}


def _stopped(exc: QtError, where: str, **data: Any) -> QtError:
    """The step's own error, saying which step it was and what ran before it."""
    return QtError(exc.name, f"{where}: {exc.message}", hint=exc.hint, **{**exc.data, **data})


def _short(value: Any) -> Any:
    """A step's result without what a batch's caller does not need (positions, bounds)."""
    if not isinstance(value, dict):
        return value
    return {k: v for k, v in value.items() if k not in ("x", "y", "bounds", "previous")}


@method("chr.fillForm", changes=True, replay=Replay.skip(
    "its fields were recorded one by one (chr.formInput) and are replayed as such"),
    tool=Tool("fill_form", "chrome"))
@reports_changes()
async def fill_form(
    ctx: Context,
    fields: Annotated[list[Field], P(
        "[{ref, value}, …] in order; each value as for chr.formInput: text, a number, "
        "true/false, an option's text", minItems=1, maxItems=100)],
) -> Filled:
    """Set several form fields in one call, in order (chr.formInput's value rules).

    Stops at the first field that fails: the error is that field's (FORM_INPUT_INVALID,
    REF_NOT_FOUND, …) with data.field (its index, ref and value); the fields before it
    stay set (data.filled).
    """
    filled: list[str] = []
    for i, field in enumerate(fields):
        try:
            await ctx.call("chr.formInput", dict(field))
        except QtError as exc:
            raise _stopped(exc, f"field {i + 1} of {len(fields)} ({field['ref']})",
                           field={"index": i, **field}, filled=filled) from None
        filled.append(field["ref"])
    return {"filled": len(filled)}


def _params(ctx: Context, name: str, step: dict[str, Any]) -> dict[str, Any]:
    """The step's arguments under the method's own parameter names (``tab_id`` and
    ``tabId`` both name tabId: a step may follow the MCP tools' spelling)."""
    spec = ctx.spec(name)
    known = {_plain(p.name): p.name for p in spec.params} if spec is not None else {}
    return {known.get(_plain(k), k): v for k, v in step.items()}


def _plain(name: str) -> str:
    return name.replace("_", "").lower()


@method("chr.batch", changes=True,
        replay=Replay.skip("its steps were recorded one by one and are replayed as such"),
        tool=Tool("batch", "chrome"))
@reports_changes()
async def batch(
    ctx: Context,
    actions: Annotated[list[dict[str, Any]], P(
        "steps in order, each {action, …its arguments}: a computer action (left_click, "
        "type, key, scroll, … with ref/coordinate/text as for chr.computer), or form_input "
        "{ref, value}, fill_form {fields}, navigate {url}, wait_for {text | text_gone}",
        items=STEP, minItems=1, maxItems=50)],
) -> Batch:
    """Run several actions in order in one call; one change report at the end.

    Stops at the first step that fails: the error is that step's, with data.step (its
    index and action) and data.done (how many steps ran).
    """
    done: list[dict[str, Any]] = []
    for i, step in enumerate(actions):
        action = step["action"]
        try:
            own = _actions.ACTIONS[action].own
            if own is None:  # a computer action: its arguments as chr.computer takes them
                args = ctx.bind("chr.computer", _params(ctx, "chr.computer", step))
            else:
                args = _params(ctx, own, step)
            name, params = _actions.route(action, args)
            result = await ctx.call(name, params)
        except QtError as exc:
            raise _stopped(exc, f"step {i + 1} of {len(actions)} ({action})",
                           step={"index": i, "action": action}, done=len(done)) from None
        done.append({"action": action, **({"result": _short(result.value)}
                                           if result.value else {})})
    return cast(Batch, {"done": len(done), "steps": done})

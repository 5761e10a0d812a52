"""chr.fillForm and chr.batch: several actions in one call, one change report at the end.

Each step runs the chr.* method that does it through the probe's own dispatcher (as
chr.computer does), so it is validated, mirrored in the traffic log and recorded for a
replay exactly as if the client had called it; the steps report no changes of their own
(``_changes``): the call reports once, after the last step. The first step that fails
stops the call; its error keeps its own name and hint and says which step it was
(``data.step``), what ran before it, and what changed (``data.changes``).
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from probe.api._changes import reports_changes
from probe.api.computer_tool import ACTIONS as COMPUTER_ACTIONS
from probe.api.computer_tool import _call as call_method
from probe.protocol import RpcError
from probe.server.context import Context
from probe.server.registry import P, method


class Field(TypedDict):
    ref: str
    value: str | bool | int | float


#: Batch step actions that are no computer action -> the method that does them.
OWN_ACTIONS = {"form_input": "chr.formInput", "fill_form": "chr.fillForm",
               "navigate": "chr.navigate", "wait_for": "chr.waitFor"}
#: Computer actions a batch does not take: they return pictures, not changes.
PICTURES = ("screenshot", "zoom")
BATCH_ACTIONS = [*(a for a in COMPUTER_ACTIONS if a not in PICTURES), *OWN_ACTIONS]
#: A step: its action, and that action's arguments beside it.
STEP = {"type": "object", "properties": {"action": {"enum": BATCH_ACTIONS}},
        "required": ["action"]}


def _stopped(exc: RpcError, where: str, **data: Any) -> RpcError:
    """The step's own error, saying which step it was and what ran before it."""
    return RpcError(exc.name, f"{where}: {exc.message}", hint=exc.hint, **{**exc.data, **data})


def _short(value: Any) -> Any:
    """A step's result without what a batch's caller does not need (positions, bounds)."""
    if not isinstance(value, dict):
        return value
    return {k: v for k, v in value.items() if k not in ("x", "y", "bounds", "previous")}


@method("chr.fillForm", changes=True)
@reports_changes()
async def fill_form(
    ctx: Context,
    fields: Annotated[list[Field], P(
        "[{ref, value}, …] in order; each value as for chr.formInput: text, a number, "
        "true/false, an option's text", minItems=1, maxItems=100)],
) -> dict[str, Any]:
    """Set several form fields in one call, in order (chr.formInput's value rules).

    Stops at the first field that fails: the error is that field's (FORM_INPUT_INVALID,
    REF_NOT_FOUND, …) with data.field (its index, ref and value); the fields before it
    stay set (data.filled).
    """
    filled: list[str] = []
    for i, field in enumerate(fields):
        try:
            await call_method(ctx, "chr.formInput", dict(field))
        except RpcError as exc:
            raise _stopped(exc, f"field {i + 1} of {len(fields)} ({field['ref']})",
                           field={"index": i, **field}, filled=filled) from None
        filled.append(field["ref"])
    return {"filled": len(filled)}


def _params(ctx: Context, name: str, step: dict[str, Any]) -> dict[str, Any]:
    """The step's arguments under the method's own parameter names (``tab_id`` and
    ``tabId`` both name tabId: a step may follow the MCP tools' spelling)."""
    spec = ctx.probe.registry.get(name)
    known = {_plain(p.name): p.name for p in spec.params} if spec is not None else {}
    return {known.get(_plain(k), k): v for k, v in step.items()}


def _plain(name: str) -> str:
    return name.replace("_", "").lower()


@method("chr.batch", changes=True)
@reports_changes()
async def batch(
    ctx: Context,
    actions: Annotated[list[dict[str, Any]], P(
        "steps in order, each {action, …its arguments}: a computer action (left_click, "
        "type, key, scroll, … with ref/coordinate/text as for chr.computer), or form_input "
        "{ref, value}, fill_form {fields}, navigate {url}, wait_for {text | text_gone}",
        items=STEP, minItems=1, maxItems=50)],
) -> dict[str, Any]:
    """Run several actions in order in one call; one change report at the end.

    Stops at the first step that fails: the error is that step's, with data.step (its
    index and action) and data.done (how many steps ran).
    """
    done: list[dict[str, Any]] = []
    for i, step in enumerate(actions):
        action = step["action"]
        if action in OWN_ACTIONS:
            name = OWN_ACTIONS[action]
            params = _params(ctx, name, {k: v for k, v in step.items() if k != "action"})
        else:
            name, params = "chr.computer", _params(ctx, "chr.computer", step)
        try:
            result = await call_method(ctx, name, params)
        except RpcError as exc:
            raise _stopped(exc, f"step {i + 1} of {len(actions)} ({action})",
                           step={"index": i, "action": action}, done=len(done)) from None
        done.append({"action": action, **({"result": _short(result.value)}
                                           if result.value else {})})
    return {"done": len(done), "steps": done}

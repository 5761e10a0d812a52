"""Actions family: the app's QActions (text, keys, state, where shown, key collisions),
and triggering or toggling one as a menu entry or its shortcut would."""

from __future__ import annotations

from typing import Annotated, Any, cast

from probe.api import _act
from probe.api._changes import reports_changes
from probe.api._params import ObjectId
from probe.api._pointer import ACTION_TIMEOUT
from probe.core.data import actions
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import object_of
from probe.server.context import Context, Meta
from probe.server.registry import P, Tool, method
from probe.wire.qt_actions import ActionList, ActionTriggered


@method("qt.actions.list", tool=Tool("list_actions", "native"))
def list_(ctx: Context) -> ActionList:
    """Every QAction of the app's windows: text, shortcuts, context, enabled, checkable
    and checked, where it is shown (menus by title, toolbars, widgets) and ``conflicts``:
    keys it shares with another action or shortcut active in the same place (Qt fires
    neither). Trigger one with qt.actions.trigger."""
    found = actions.listing(ids_for(ctx.state))
    return {"actions": found, "count": len(found)}


@method("qt.actions.trigger", changes=True, marks=True, tool=Tool("trigger_action", "native"))
@reports_changes()
async def trigger(ctx: Context, objectId: ObjectId,
                  checked: Annotated[bool | None, P(
                      "for a checkable action: the state wanted (not triggered when it is "
                      "already so); leave out to trigger it once")] = None,
                  ) -> Meta[ActionTriggered]:
    """Trigger an action as its menu entry or shortcut does: the app's own ``triggered``
    (and ``toggled``) slots run. A checkable action's state is read back once the app
    settled: FORM_INPUT_NOT_TAKEN (``expected``, ``actual``) when it is not the state
    asked for. A disabled action is ELEMENT_NOT_ENABLED; an object that is no action,
    INVALID_PARAMS."""
    ids = ids_for(ctx.state)

    def prepare() -> tuple[Any, Any]:
        return actions.prepare_trigger(actions.action_of(object_of(objectId, ids)), checked,
                                       ids)

    info, _, settled = await _act.perform(ctx, prepare, True, ACTION_TIMEOUT)
    out = dict(info)
    if settled and "modal" not in out:
        out = await ctx.gui(lambda: actions.read_back(
            actions.action_of(object_of(objectId, ids)), out, checked))
    return cast(Meta[ActionTriggered], Meta(out, settled=settled))

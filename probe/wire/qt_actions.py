"""Actions family (``qt.actions.*``): the app's QActions, and triggering one."""

from typing import Literal

from probe.wire._shared import Modal, ObjectSummary
from probe.wire._typing import NotRequired, TypedDict

#: Where an action's keys act: Qt::ShortcutContext's names.
ShortcutContext = Literal["widget", "widgetWithChildren", "window", "application"]


class ShownIn(TypedDict):
    """A widget an action is added to: a menu (its title), a toolbar (its title), the menu
    bar (a menu's own action) or another widget (its objectName or class); for a Qt
    Quick Action, the menus and items bound to it (``item``)."""

    kind: Literal["menu", "toolbar", "menubar", "widget", "item"]
    title: str
    object: ObjectSummary


class Collision(TypedDict):
    """Keys this action shares with other enabled actions or shortcuts active where it
    is: Qt fires none of them ("Ambiguous shortcut overload")."""

    keys: str
    #: the others, as ``QAction 'actionOpen'``
    others: list[str]
    #: their ids
    ids: list[str]


class ActionInfo(TypedDict):
    """One QAction, Qt Quick Action or Shortcut (no text, never checkable): its text
    (mnemonic taken out), key sequences (portable text, e.g. ``Ctrl+S``), shortcut
    context, state, where it is shown and its key collisions."""

    object: ObjectSummary
    text: str
    shortcuts: list[str]
    context: ShortcutContext
    enabled: bool
    visible: bool
    checkable: bool
    checked: bool
    shownIn: list[ShownIn]
    conflicts: list[Collision]
    toolTip: NotRequired[str]


class ActionList(TypedDict):
    """``qt.actions.list``: every action of the app's windows."""

    actions: list[ActionInfo]
    count: int


class ActionTriggered(TypedDict):
    """``qt.actions.trigger``: the action triggered (false: a checkable one already in the
    state asked for), ``checked``: its state read back once the app settled, the
    ``modal`` state after it, the ``changes`` report and ``appRaised`` as every action
    says them."""

    object: ObjectSummary
    text: str
    triggered: bool
    checked: NotRequired[bool]
    modal: NotRequired[Modal]
    changes: NotRequired[str]
    appRaised: NotRequired[str]

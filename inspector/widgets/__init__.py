"""Widgets the panes are built of: the pane base and its registry, empty-view hints and
eliding labels, property editors, the live view's picture, the signal timeline and the
approval gate's desk. None of them is a dock pane."""

"""The window: the main window (a dock per registered pane, menus, saved layout, theme),
the default dock layout, the status bar and the connect dialog."""

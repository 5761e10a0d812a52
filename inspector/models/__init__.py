"""Item models of the inspector panes: one module per pane's data, no I/O."""

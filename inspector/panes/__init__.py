"""The inspector's dock panes: one module per pane, each built on a model."""

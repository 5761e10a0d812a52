"""The panes' data: Qt item models (one per pane's data) fed with the link's dataclasses,
and the broker of what panes share. No I/O of their own."""

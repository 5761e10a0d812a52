"""The link to the probe: the connection (the wire), the typed client panes use, the
replies as dataclasses, the methods' declared facts, and the discovery watcher."""

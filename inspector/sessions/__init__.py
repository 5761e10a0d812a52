"""Agent sessions: recording them with pictures, the ``.qtmcp-session`` file, playing one
back offline, exporting calls as a test or as JSON Lines, and re-sending a logged call."""

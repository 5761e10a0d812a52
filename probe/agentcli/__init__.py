"""The agent CLI: ``qtmcp page``, ``qtmcp click ref_7``, … from any shell, and its skill.

Each subcommand is one MCP tool call (:mod:`.commands` says which), answered with exactly
the text that tool answers: the call goes through a session (:mod:`.daemon`), a small
per-user process that holds the probe connection and the MCP server's own bridge, so refs
and change reports last from one invocation to the next. The CLI side (:mod:`.commands`,
:mod:`.sessions`) loads neither Qt nor the MCP SDK: an agent runs it hundreds of times.
"""

"""The MCP server (``qtmcp mcp``): probe methods as agent tools; runs outside the app and
talks to it through :mod:`probe.client` only."""

"""The test suite; folders mirror the code (probe/api, probe/core, ..., inspector)."""

"""Tests on third-party apps from PyPI and on quirks apps of our own."""

"""Assets shipped with qtmcp: icons, style sheets and the demo target app used by the tests."""

"""Qt introspection with no protocol in it; every function here runs on the GUI thread."""

"""The accessibility engine (in the app, GUI thread): the tree an agent reads in chrome
mode, its ``ref_N`` refs, form input, page text, windows as tabs and actions by ref."""

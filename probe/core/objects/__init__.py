"""Object identity and introspection (in the app, GUI thread): ids, paths, selectors,
symbolic names, the one resolver, meta-objects, variants and the object tree."""

"""Pictures of the app (in the app, GUI thread): screenshots, the live frame stream,
and pixel comparison."""

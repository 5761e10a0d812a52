"""The probe's protocol side (in the app, its own thread): transport, GUI-thread executor,
method registry, sessions, traffic mirror, auth and the approval gate; never imports core/."""

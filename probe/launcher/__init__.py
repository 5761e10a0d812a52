"""Starting apps with the probe in them (``launch``) and injecting it into running ones
(``attach``); runs outside the app, except the launch trampoline that installs it."""

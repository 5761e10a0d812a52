"""The app's data and activity (in the app, GUI thread): item models, the event monitor,
timers, signal subscriptions, the console and wait conditions."""

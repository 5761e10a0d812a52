"""Simulated input (in the app, GUI thread): mouse and keys through Qt's own delivery."""

"""Sessions to tests (outside the app): export a recorded session as a pytest file and a
JSON script, replay it step by step, and the helpers exported tests use."""

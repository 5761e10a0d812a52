"""Small apps the tests start: the hardening target, a form in every Qt binding, a C++ app."""

"""The part of the probe that runs inside the target app: transport, executor, registry."""

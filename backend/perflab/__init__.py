"""perflab backend: registers agents, dispatches experiments, ingests traces, serves runs and analyses."""

__version__ = "0.1.0"

"""Exports of a run: CSV tables (a registry others plug into), Chrome trace JSON, PDF reports."""

from perflab.services.exports import tables  # noqa: F401  registers the built-in tables

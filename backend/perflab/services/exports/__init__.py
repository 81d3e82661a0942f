"""Exports of a run: CSV tables (a registry others plug into), Chrome trace JSON, PDF reports."""

from perflab.services.exports import tables  # noqa: F401  registers the built-in tables
from perflab.services.exports import analysis_tables  # noqa: F401,E402  the analysis engine's stored tables
from perflab.services.exports import tail_tables  # noqa: F401,E402  percentiles (CSV) and HDR histograms (.hlog)

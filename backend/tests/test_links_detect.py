"""Qdisc detection is probed once per process, also when the first launches arrive together (threads)."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from perflab.links import detect
from perflab.links.netns import why_not_usable


@pytest.mark.skipif(why_not_usable() is not None, reason=f"needs root and netns: {why_not_usable()}")
def test_concurrent_first_detections_probe_once_and_agree(monkeypatch):
    detect._detected.cache_clear()
    probes = []
    real = detect.detect
    monkeypatch.setattr(detect, "detect", lambda: probes.append(1) or real())
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: detect.detected(), range(8)))
    assert len(probes) == 1 and all(a == answers[0] for a in answers)
    assert "tbf" in answers[0]

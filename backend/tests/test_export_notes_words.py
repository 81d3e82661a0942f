"""The report's notes say what a reader can trust (issue 37, item 9): a max far above the median is named even when
p99.9 is quiet (the PDF said "no heavy tail" beside a 148 ms max over a 1.87 ms median), and a flagged point's
reasons are words, not codes like "(above_model_band)". A stand-in session: notes_for only reads stored analyses."""

from types import SimpleNamespace

from perflab.services.exports.notes import notes_for


class Stored:
    def __init__(self, analyses):
        self.analyses = analyses

    def scalars(self, _query):
        return SimpleNamespace(all=lambda: self.analyses)


RUN = SimpleNamespace(id=1, status="done", reason=None, calls_done=1000, calls_total=1000)


def test_a_far_max_over_a_quiet_tail_is_named():
    rtt = {"median_ns": 1_870_000, "p999_ns": 4_000_000, "max_ns": 148_000_000, "count": 1000}
    notes = notes_for(Stored([]), RUN, {"rtt": rtt})
    tail = [n["text"] for n in notes if n["kind"] == "tail"]
    assert tail == ["Outliers: the slowest call took 148,000.0 µs, 79× the median (1,870.0 µs), though p99.9 is "
                    "4,000.0 µs: a few stalls, not a heavy tail."]
    calm = notes_for(Stored([]), RUN, {"rtt": {**rtt, "max_ns": 3_000_000}})
    assert not [n for n in calm if n["kind"] == "tail"]


def test_a_flagged_points_reasons_are_words():
    row = {"anomaly": True, "explanation": "1392 B single, 3 threads: 35 % above the model.",
           "reasons": ["above_model_band", "slow_start"]}
    stored = SimpleNamespace(kind="model_vs_measured", result={"rows": [row]})
    [note] = [n for n in notes_for(Stored([stored]), RUN, {}) if n["kind"] == "model"]
    assert note["text"].endswith("(above the model's band and calls through slow-start)")
    assert "_" not in note["text"]

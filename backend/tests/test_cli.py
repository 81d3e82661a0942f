"""The `perflab` CLI without a lab: its arguments, its config file, its --set edits, its tables and its exit codes
(tests/test_cli_lab.py drives it against a real lab)."""

import json
import os
import stat

import pytest

from perflab_cli import config, lab, main, output, presets


def test_arguments_of_every_command():
    p = main.parser()
    a = p.parse_args(["launch", "--preset", "pingpong-udp-64", "--set", "calls=200", "--set", "transport=tcp",
                      "--tag", "nightly", "--wait", "--json"])
    assert (a.preset, a.set, a.tag, a.wait, a.json) == ("pingpong-udp-64", ["calls=200", "transport=tcp"],
                                                        ["nightly"], True, True)
    assert p.parse_args(["runs", "list", "--kind", "rpc", "--tag", "t", "--limit", "5"]).limit == 5
    assert p.parse_args(["runs", "show", "7", "--json"]).id == 7
    assert p.parse_args(["export", "7", "hdr", "-o", "x.hlog"]).output == "x.hlog"
    assert (p.parse_args(["compare", "3", "4"]).a, p.parse_args(["compare", "3", "4"]).b) == (3, 4)
    c = p.parse_args(["check", "9", "--against", "baseline", "--fail-on", "regression", "--fail-on", "inconclusive"])
    assert (c.runs, c.against, c.fail_on) == ([9], "baseline", ["regression", "inconclusive"])
    assert p.parse_args(["check", "9", "--against", "8"]).against == "8"
    assert p.parse_args(["check", "9", "10", "11"]).runs == [9, 10, 11]  # a repeated launch, one group
    r = p.parse_args(["launch", "--preset", "x", "--repeat", "10", "--check", "baseline", "--fail-on", "regression"])
    assert (r.repeat, r.check, r.fail_on) == (10, "baseline", ["regression"])
    assert p.parse_args(["baseline", "set", "4", "--through", "23"]).through == 23


@pytest.mark.parametrize("argv", [["check", "9", "--against", "yesterday"], ["export", "7", "xlsx"],
                                  ["launch", "--preset", "x", "--repeat", "0"], ["launch", "--preset", "x", "--repeat", "51"],
                                  ["runs", "show", "seven"], ["launch"], ["export", "7", "pdf", "--table", "steps"]])
def test_usage_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main.main(argv)
    assert e.value.code == 2
    assert "perflab" in capsys.readouterr().err


def test_login_stores_url_and_token_readable_by_the_owner_only(cli_home):
    path = config.save("http://lab:8000", "plt_secret")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert path == cli_home / "perflab" / "config.json"
    assert config.load() == config.LabConfig("http://lab:8000", "plt_secret")


def test_environment_overrides_the_file_for_ci(cli_home, monkeypatch):
    config.save("http://lab:8000", "stored")
    monkeypatch.setenv("PERFLAB_URL", "http://ci-lab:9000/")
    monkeypatch.setenv("PERFLAB_TOKEN", "from-ci")
    assert config.load() == config.LabConfig("http://ci-lab:9000", "from-ci")


def test_no_lab_names_what_to_do(cli_home, capsys):
    assert main.main(["runs", "list"]) == main.USAGE
    assert "perflab login URL" in capsys.readouterr().err


def test_an_unreachable_lab_exits_2_naming_it(cli_home, monkeypatch, capsys):
    monkeypatch.setenv("PERFLAB_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("PERFLAB_TOKEN", "t")
    assert main.main(["runs", "show", "1", "--json"]) == main.USAGE
    assert "cannot reach the lab at http://127.0.0.1:9" in capsys.readouterr().err


def test_presets_are_the_launch_pages():
    """presets.json is written from the UI's presets.ts (frontend presetBodies.test.ts checks it is current)."""
    ids = [p["id"] for p in presets.presets()]
    assert ids[0] == "pingpong-udp-64" and "calibrate-model" in ids
    assert "ecs-rpc-vs-sockets" not in ids  # a study of four runs: the Launch page's
    body = presets.preset_body("calibrate-model")
    assert body["inject"]["step"] == "c.marshal" and "client_agent_id" not in body
    with pytest.raises(presets.PresetError, match="no preset 'nope'; the presets: pingpong-udp-64"):
        presets.preset_body("nope")


def test_set_edits_the_body_as_json_or_text():
    body = presets.apply_sets(presets.preset_body("firefly-null"), [
        "calls=200", "transport=tcp", "request_bytes=[0,64]",
        'inject={"kind":"delay","step":"c.marshal","delay_us":200,"every":1,"at":"every"}', "inject.delay_us=300"])
    assert body["calls"] == 200 and body["transport"] == "tcp" and body["request_bytes"] == [0, 64]
    assert body["inject"] == {"kind": "delay", "step": "c.marshal", "delay_us": 300, "every": 1, "at": "every"}
    with pytest.raises(presets.PresetError, match="expected key=value"):
        presets.apply_sets({}, ["calls"])


def test_formats():
    assert [output.fmt_ns(v) for v in (812, 41_300, 2_660_000, 1.2e9, None)] == [
        "812 ns", "41.3 µs", "2.66 ms", "1.2 s", "-"]
    assert output.fmt_pct(14.04) == "+14.0 %" and output.fmt_pct(None) == "-"
    text = output.table(["id", "name"], [[1, "a"], [22, None]])
    assert text.splitlines() == ["id  name", "--  ----", "1   a", "22  -"]
    bar = output.progress_bar(50, 200, "running", width=10)
    assert bar.startswith("\r[##........]  25.0 % 50/200 calls, running")


def _summary(median, p99, steps):
    stats = lambda m: {"mean_ns": m, "median_ns": m, "p99_ns": m}  # noqa: E731
    return {"points": [{"point_no": 1, "rtt": {"median_ns": median, "p99_ns": p99}}],
            "steps": [{"name": n, "stats": stats(m)} for n, m in steps.items()]}


def test_compare_puts_points_and_steps_side_by_side():
    rows = output.compare_rows(_summary(100_000, 150_000, {"c.marshal": 1000, "c.wait": 50_000}),
                               _summary(110_000, 160_000, {"c.marshal": 1140, "s.service": 10}))
    assert rows["points"][0]["median_change_pct"] == pytest.approx(10.0)
    by_step = {s["step"]: s for s in rows["steps"]}
    assert by_step["c.marshal"]["change_pct"] == pytest.approx(14.0)
    assert by_step["s.service"]["a_mean_ns"] is None and by_step["c.wait"]["b_mean_ns"] is None
    text = output.compare_text(3, 4, rows)
    assert "#3 p50" in text and "+14.0 %" in text and "c.marshal" in text


CHECK = {"verdict": "regression", "sentence": "c.marshal is 14 % slower than the baseline (noise 2 %).",
         "environment_diff": {"kernel": ["6.1", "6.8"]},
         "changes": [{"point_no": 1, "step": "c.marshal", "baseline_ns": 1000, "value_ns": 1140, "change_pct": 14.0,
                      "ci_low_pct": 11.0, "ci_high_pct": 17.0, "noise_pct": 2.0, "significant": True,
                      "direction": "slower"},
                     {"point_no": 1, "step": "c.wait", "baseline_ns": 5e4, "value_ns": 5e4, "change_pct": 0.1,
                      "ci_low_pct": -1, "ci_high_pct": 1, "noise_pct": 2.0, "significant": False,
                      "direction": "none"}]}


def test_check_text_names_the_significant_steps_only():
    text = output.check_text(CHECK)
    assert text.startswith("verdict: regression\nc.marshal is 14 % slower")
    assert "+14.0 %" in text and "+11.0 % … +17.0 %" in text and "c.wait" not in text
    assert "environments differ" in text and "kernel" in text


@pytest.mark.parametrize("verdict,fail_on,code", [
    ("regression", ["regression"], 1), ("regression", [], 0), ("improvement", ["regression"], 0),
    ("no_change", ["regression", "inconclusive"], 0), ("inconclusive", ["regression"], 0),
    ("inconclusive", ["inconclusive"], 3), ("regression", ["inconclusive"], 0)])
def test_check_exit_codes(verdict, fail_on, code):
    assert main.check_exit(verdict, fail_on) == code


def test_check_prints_json_and_exits_by_the_verdict(cli_home, monkeypatch, capsys):
    monkeypatch.setenv("PERFLAB_URL", "http://lab")
    monkeypatch.setenv("PERFLAB_TOKEN", "t")
    monkeypatch.setattr(lab.Lab, "check", lambda self, run, against, timeout_s: CHECK)
    assert main.main(["check", "5", "--against", "baseline", "--fail-on", "regression", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["verdict"] == "regression"


def test_check_on_a_client_without_the_route_says_so(cli_home, monkeypatch, capsys):
    monkeypatch.setenv("PERFLAB_URL", "http://lab")
    monkeypatch.setenv("PERFLAB_TOKEN", "t")
    monkeypatch.setattr(lab, "check_route_module", lambda: None)
    assert main.main(["check", "5", "--against", "baseline"]) == main.USAGE
    assert "check not available on this lab" in capsys.readouterr().err


def test_check_waits_while_the_run_is_not_analysed_yet(monkeypatch):
    """A run just finished answers 409 until the analysis worker has run: check polls, then reports; a lab without
    the route says check is not available."""
    answers = [lab.LabError("HTTP 409: not yet", 409, "run 5 has no step statistics yet"), CHECK]

    def fake(self, what, endpoint, **kwargs):
        a = answers.pop(0)
        if isinstance(a, Exception):
            raise a
        return a
    monkeypatch.setattr(lab.Lab, "_dict", fake)
    monkeypatch.setattr(lab, "check_route_module", lambda: object())
    client = lab.Lab(config.LabConfig("http://lab", "t"))
    assert client.check([5], "baseline", timeout_s=5, poll_s=0.01) == CHECK
    answers[:] = [lab.LabError("HTTP 404: Not Found", 404, "Not Found")]
    with pytest.raises(lab.LabError, match="check not available on this lab"):
        client.check([5], "baseline", timeout_s=5, poll_s=0.01)
    answers[:] = [lab.LabError("HTTP 409", 409, "run 5 has no step statistics yet")] * 3
    with pytest.raises(lab.LabError, match="409"):
        client.check([5], "baseline", timeout_s=0.02, poll_s=0.01)
    # a 409 that waiting cannot change (no baseline set) is reported at once
    answers[:] = [lab.LabError("HTTP 409: no baseline", 409, "run 5's series has no baseline: set one"), CHECK]
    with pytest.raises(lab.LabError, match="no baseline"):
        client.check([5], "baseline", timeout_s=5, poll_s=0.01)
    assert answers == [CHECK]  # not asked again


KEY = "0123456789abcdef0123456789abcdef"


def test_arguments_of_the_series_commands():
    p = main.parser()
    assert p.parse_args(["series", "list", "--limit", "5", "--json"]).limit == 5
    assert p.parse_args(["series", "show", KEY]).key == KEY
    assert p.parse_args(["baseline", "set", "41", "--json"]).run == 41
    assert p.parse_args(["trend", KEY, "--json"]).key == KEY


@pytest.mark.parametrize("argv", [["series", "show", "0123"], ["trend", KEY.upper()], ["baseline", "set", "x"],
                                  ["baseline"], ["series"]])
def test_series_usage_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main.main(argv)
    assert e.value.code == 2


class FakeLab:
    """The lab's answers as the generated client parses them, for the commands' own logic."""
    def run(self, run_id):
        if run_id == 404:
            raise lab.LabError("run 404: HTTP 404: run 404 not found", 404, "run 404 not found")
        return {"id": run_id, "series_key": None if run_id == 1 else KEY}

    def set_baseline(self, key, run_id, through_run_id=None):
        if run_id == 7:
            raise lab.LabError("HTTP 409: run 7 is failed: a baseline must be a done run", 409)
        FakeLab.last = (key, run_id, through_run_id)
        return {"key": key, "runs": 12, "baseline_run_id": run_id, "baseline_through_run_id": through_run_id,
                "baseline_runs": 1 if through_run_id is None else 5}


@pytest.fixture
def fake_lab(monkeypatch):
    monkeypatch.setattr(main, "_lab", FakeLab)


def test_baseline_set_puts_the_run_on_its_own_series(fake_lab, capsys):
    assert main.main(["baseline", "set", "41", "--json"]) == main.OK
    assert FakeLab.last == (KEY, 41, None)
    assert json.loads(capsys.readouterr().out)["baseline_run_id"] == 41
    assert main.main(["baseline", "set", "42"]) == main.OK
    assert f"run 42 is now the baseline of series {KEY}" in capsys.readouterr().out
    assert main.main(["baseline", "set", "42", "--through", "46"]) == main.OK
    assert FakeLab.last == (KEY, 42, 46)
    assert f"runs 42 through 46 (5 done runs) are now the baseline of series {KEY}" in capsys.readouterr().out


@pytest.mark.parametrize("run_id,says", [(1, "belongs to no series"), (404, "HTTP 404"),
                                         (7, "a baseline must be a done run")])
def test_baseline_set_refused_exits_2_saying_why(fake_lab, capsys, run_id, says):
    assert main.main(["baseline", "set", str(run_id)]) == main.USAGE
    assert says in capsys.readouterr().err


TREND = {"key": KEY, "runs": [{"run_id": i, "points": []} for i in (10, 11, 12, 13, 14)],
         "change_points": [{"index": 3, "run_id": 13, "previous_run_id": 12, "steps": [
             {"point_no": 0, "step": "c.marshal", "before_ns": 12.0, "after_ns": 200_012.0, "change_pct": 1.6e6},
             {"point_no": 0, "step": "rtt", "before_ns": 60_000.0, "after_ns": 260_000.0, "change_pct": 333.3}]}]}


def test_trend_names_where_the_series_moved_and_which_steps():
    text = output.trend_text(TREND)
    assert text.startswith(f"series {KEY}: 5 analysed done runs, 1 change point")
    assert "from run 13 on (compare with run 12, the run before)" in text
    lines = text.splitlines()
    assert lines.index(next(line for line in lines if "c.marshal" in line)) < lines.index(
        next(line for line in lines if line.startswith("0      rtt")))
    assert "12 ns" in text and "200 µs" in text
    doc = output.trend_doc(TREND)
    assert doc["run_ids"] == [10, 11, 12, 13, 14] and doc["change_points"][0]["steps"][0]["step"] == "c.marshal"
    quiet = output.trend_text({"key": KEY, "runs": TREND["runs"][:2], "change_points": []})
    assert quiet == f"series {KEY}: 2 analysed done runs, no change point"


def test_series_show_marks_the_baseline():
    series = {"key": KEY, "label": "rpc udp [0]/? B", "kind": "rpc", "runs": 2, "baseline_run_id": 11,
              "baseline_set_at": "2026-11-28T21:00:00"}
    runs = [{"id": 10, "status": "done", "created_at": "2026-11-28T20:00:00", "baseline": False, "tags": []},
            {"id": 11, "status": "done", "created_at": "2026-11-28T20:01:00", "baseline": True, "tags": ["ci"]}]
    text = output.series_text(series, runs)
    assert "baseline run 11 (set 2026-11-28T21:00:00)" in text
    assert [line.split()[:4] for line in text.splitlines()[-2:]] == [
        ["10", "done", "2026-11-28T20:00:00"], ["11", "done", "2026-11-28T20:01:00", "yes"]]
    assert "not set (perflab baseline set RUN [--through RUN])" in output.series_text({**series, "baseline_run_id": None}, [])
    ranged = output.series_text({**series, "baseline_run_id": 4, "baseline_through_run_id": 11, "baseline_runs": 8}, [])
    assert "baseline runs 4–11 (8 done)" in ranged

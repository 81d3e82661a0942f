"""The step registry (agents/steps.toml) and the files scripts/gen_steps.py writes from it: committed files that
differ from what the registry says fail here, as do registries the generator must refuse."""

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from perflab.analysis.rtp_table import LANES, MESSAGES, STEP_TABLE
from perflab.analysis.step_codes import STEPS
from perflab.core.config import REPO_ROOT

SCRIPT = REPO_ROOT / "scripts" / "gen_steps.py"
spec = importlib.util.spec_from_file_location("gen_steps", SCRIPT)
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)

THROWAWAY = """
[[rpc]]
code = 120
name = "s.throwaway"
side = "server"
segment = "a step added by the test"
paper = "S99"
colour = "#123456"
order = 110
optional = true
"""


def run(*args: str, root: Path = REPO_ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), "--root", str(root), *args], capture_output=True, text=True)


def test_generated_files_match_the_registry():
    r = run("--check")
    assert r.returncode == 0, f"{r.stderr}: run `make steps` and commit what it writes"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the registries (steps, call flags) and of every file generated from them."""
    flags = gen.gen_call_flags
    for rel in [gen.REGISTRY, gen.C_HEADER, gen.PY_MODULE, gen.TS_MODULE, *gen.DOCS,
                flags.REGISTRY, flags.C_HEADER, flags.PY_MODULE, flags.TS_MODULE]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO_ROOT / rel, tmp_path / rel)
    return tmp_path


def test_a_new_step_makes_every_generated_file_stale_until_regenerated(tree: Path):
    registry = tree / gen.REGISTRY
    registry.write_text(registry.read_text(encoding="utf-8") + THROWAWAY, encoding="utf-8")
    r = run("--check", root=tree)
    assert r.returncode == 1
    for rel in [gen.C_HEADER, gen.PY_MODULE, gen.TS_MODULE, *gen.DOCS]:
        assert rel in r.stderr
    assert run(root=tree).returncode == 0
    assert run("--check", root=tree).returncode == 0

    header = (tree / gen.C_HEADER).read_text(encoding="utf-8")
    assert "SS_THROWAWAY," in header and "PL_RPC_SSTEPS = 11" in header
    assert '{"code": 120, "name": "s.throwaway"' in (tree / gen.PY_MODULE).read_text(encoding="utf-8")
    ts = " ".join((tree / gen.TS_MODULE).read_text(encoding="utf-8").split())  # the generator wraps long entries
    assert ('{ code: 120, name: "s.throwaway", side: "server", paper: "S99", segment: "a step added by the test", '
            'colour: "#123456" }') in ts, ts[-600:]
    for doc in gen.DOCS:
        row = "| 120 | `s.throwaway` | server | a step added by the test |"
        assert row in (tree / doc).read_text(encoding="utf-8")
    if shutil.which("gcc"):  # the header still compiles
        c = subprocess.run(["gcc", "-fsyntax-only", "-Wall", "-Werror", "-x", "c", str(tree / gen.C_HEADER)],
                           capture_output=True, text=True)
        assert c.returncode == 0, c.stderr


def test_a_new_call_flag_reaches_every_generated_file(tree: Path):
    flags = gen.gen_call_flags
    registry = tree / flags.REGISTRY
    registry.write_text(registry.read_text(encoding="utf-8") + '\n[[flag]]\nname = "throwaway"\nbit = 4\n'
                        'meaning = "a flag added by the test"\n', encoding="utf-8")
    r = run("--check", root=tree)
    assert r.returncode == 1
    for rel in [flags.C_HEADER, flags.PY_MODULE, flags.TS_MODULE, flags.DOC]:
        assert rel in r.stderr
    assert run(root=tree).returncode == 0
    assert "#define PL_CALL_THROWAWAY 0x10" in (tree / flags.C_HEADER).read_text(encoding="utf-8")
    assert "#define PL_CALL_FLAGS_KNOWN 0x1f" in (tree / flags.C_HEADER).read_text(encoding="utf-8")
    py = (tree / flags.PY_MODULE).read_text(encoding="utf-8")
    assert "FLAG_THROWAWAY = 0x10" in py and "KNOWN_CALL_FLAGS = 0x1f" in py
    assert "export const CALL_FLAG_THROWAWAY = 16;" in (tree / flags.TS_MODULE).read_text(encoding="utf-8")
    assert "| 4 | 0x10 | `throwaway` | a flag added by the test |" in (tree / flags.DOC).read_text(encoding="utf-8")
    registry.write_text(registry.read_text(encoding="utf-8").replace("bit = 4", "bit = 3"), encoding="utf-8")
    r = run("--check", root=tree)
    assert r.returncode == 2 and "bit 3 is used twice" in r.stderr, r.stderr


def test_the_prose_around_the_tables_is_left_alone(tree: Path):
    doc = tree / "docs/protocol.md"
    text = doc.read_text(encoding="utf-8")
    doc.write_text(text.replace("| 1 | `c.send` |", "| 1 | `c.sent` |") + "\nA closing line.\n", encoding="utf-8")
    assert run(root=tree).returncode == 0
    assert doc.read_text(encoding="utf-8") == text + "\nA closing line.\n"


@pytest.mark.parametrize("extra, error", [
    ('[[pingpong]]\ncode = 1\nname = "c.again"\nside = "client"\nsegment = "x"\npaper = ""\n',
     "code 1 appears more than once"),
    ('[[rpc]]\ncode = 25\nname = "c.later"\nside = "client"\nsegment = "x"\npaper = ""\n', "have a gap"),
    ('[[rpc]]\ncode = 24\nname = "c.odd"\nside = "server"\nsegment = "x"\npaper = ""\n', "outside the server codes"),
    ('[[rpc]]\ncode = 24\nname = "c.more"\nside = "client"\nsegment = "x"\npaper = ""\nsends = "ack"\n',
     "is not a message"),
    ('[[rpc]]\ncode = 24\nname = "c.more"\nside = "client"\nsegment = "x"\npaper = ""\nawaits = "reply"\n',
     "without an order"),
    ('[[kernel]]\ncode = 205\nname = "k.c.x"\nside = "client"\nsegment = "x"\npaper = ""\n', "kernel points are"),
    ('[[rpc]]\ncode = 24\nname = "c.more"\nside = "client"\nsegment = "x"\n', "missing 'paper'"),
])
def test_the_generator_refuses_a_wrong_registry(tree: Path, extra: str, error: str):
    registry = tree / gen.REGISTRY
    registry.write_text(registry.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    r = run("--check", root=tree)
    assert r.returncode == 2 and error in r.stderr, r.stderr


def test_the_registry_fits_the_round_trip_path():
    """What the generator cannot check without the backend: lanes are the path's lanes, each message a step sends
    is awaited in the same step set, and every message's kernel points are there."""
    for s in STEPS:
        assert (s.lane or s.side) in LANES or s.order is None, s.name
    for group in ("pingpong", "rpc"):
        sent = {s.sends for s in STEPS if s.group == group and s.sends}
        awaited = {s.awaits for s in STEPS if s.group == group and s.awaits}
        assert sent == awaited == set(MESSAGES), group
    for m in MESSAGES.values():
        assert None not in (m.departure_code, m.arrival_code, m.sched_code), m.name
    assert {d.side for d in STEP_TABLE.values()} == {"client", "server"}


def test_the_analyses_find_their_steps_in_the_registry():
    """The clock analysis's four timestamps and the demands' phase two are read from the registry by role (who
    sends or awaits which message, a side's first and last step): these are the steps they were written for."""
    from perflab.analysis import demands
    from perflab.analysis.run_analyses import CLOCK_STEPS
    from perflab.analysis.step_codes import describe_code

    def names(*codes):
        return [describe_code(c).name for c in codes]

    assert names(*CLOCK_STEPS) == ["c.send", "s.wait", "s.send", "c.wait"]
    assert names(demands.RPC_CLIENT_LAST, demands.RPC_CLIENT_FIRST) == ["c.end", "c.start"]
    assert names(demands.PINGPONG_CLIENT_LAST, demands.PINGPONG_CLIENT_FIRST) == ["c.recv", "c.send"]
    assert names(*demands.RPC_SERVER_PHASE2) == ["s.sendmsg", "s.end"]
    assert names(*demands.PINGPONG_SERVER_PHASE2) == ["s.send", "s.wait"]

"""The agent against what a stranger does (security review): an ACK from another address does not make its RPC
server resend a reply (UDP amplification), a `work` call cannot ask for more CPU than a plan may, a UDP ping-pong
session answers its caller only, and the enrolment token need not be on the command line."""

import socket
import struct
import subprocess
import time

import httpx

from conftest import ENROLLMENT_TOKEN, free_port
from test_agent_integration import AGENT, wait

MAGIC, VERSION = 0x50524C50, 1
REQUEST, ACK = 0, 7
ECHO, WORK = 2, 3


def header(ptype: int, last: bool, proc: int, seq: int, offset: int, length: int, total: int, arg: int = 0,
           binding: int = 0x1234, activity: int = 0x55, max_data: int = 60000) -> bytes:
    """An 80-byte RPC header (agents/src/rpc/rpc_wire.c), protection none: no MAC to forge."""
    fields = struct.pack("<IBBBBBxHIIIIIIIIIqq", MAGIC, VERSION, ptype, 1 if last else 0, 0, proc, 0, activity, seq,
                         7, offset, length, total, max_data, arg, binding, 0, 0)
    return fields + b"\0" * 16


def started(*args: str) -> subprocess.Popen:
    """The agent running `args`, once it has said it listens (its first line): no guess at how long that takes."""
    server = subprocess.Popen([str(AGENT), *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    line = server.stdout.readline().decode()
    assert "listening on" in line or "serving" in line, line
    return server


def serve(port: int, *extra: str) -> subprocess.Popen:
    return started("rpc-serve", "--bind", "127.0.0.1", "--port", str(port), "--duration-s", "30", *extra)


def received(sock: socket.socket) -> int:
    got = 0
    try:
        while True:
            got += len(sock.recv(70_000))
    except socket.timeout:
        return got


def test_an_ack_from_another_address_does_not_resend_the_reply():
    port = free_port()
    server = serve(port)
    caller, stranger = socket.socket(socket.AF_INET, socket.SOCK_DGRAM), socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    caller.bind(("127.0.0.1", 0))
    caller.settimeout(0.3)
    try:
        total, chunk = 1 << 20, 60_000
        for off in range(0, total, chunk):  # a 1 MiB echo whose caller never acknowledges the reply
            n = min(chunk, total - off)
            caller.sendto(header(REQUEST, off + n == total, ECHO, 1, off, n, total) + b"A" * n, ("127.0.0.1", port))
        time.sleep(3)  # the server gives up on its unacknowledged reply: the call is done
        assert received(caller) > 0  # the reply went to its caller
        for _ in range(3):
            stranger.sendto(header(ACK, False, ECHO, 1, 0, 0, total), ("127.0.0.1", port))
            assert received(caller) == 0  # 80 bytes from a stranger bring no 1 MiB to the caller's address
        caller.sendto(header(ACK, False, ECHO, 1, 0, 0, total), ("127.0.0.1", port))
        assert received(caller) > 0  # the caller's own ACK still does
    finally:
        server.terminate()
        out = server.communicate(timeout=10)[0].decode()
        caller.close()
        stranger.close()
    assert "packets rejected" in out and " 0 packets rejected" not in out, out


def test_a_work_call_is_capped_at_what_a_plan_may_ask():
    port = free_port()
    server = serve(port, "--threads", "1")
    stranger = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # 2^32 - 1 µs asked from the only executor: capped at 1 s, so a real call gets through soon after
        stranger.sendto(header(REQUEST, True, WORK, 1, 0, 0, 0, arg=0xFFFFFFFF, activity=1, max_data=944),
                        ("127.0.0.1", port))
        time.sleep(0.2)
        t0 = time.monotonic()
        call = subprocess.run([str(AGENT), "rpc", "--connect", f"udp:127.0.0.1[{port}]", "--procedure", "work",
                               "--work-us", "10", "--calls", "3", "--warmup", "0"], capture_output=True, text=True,
                              timeout=20)
        assert call.returncode == 0, call.stdout + call.stderr
        assert time.monotonic() - t0 < 10
    finally:
        server.terminate()
        server.communicate(timeout=10)
        stranger.close()


def hello(request_bytes: int, response_bytes: int) -> bytes:
    """The ping-pong hello (agents/src/wire/transport.c): magic, version 1, the sizes, little-endian."""
    return b"PLPP" + struct.pack("<III", 1, request_bytes, response_bytes)


def test_a_udp_ping_pong_session_answers_its_caller_only():
    port = free_port()
    server = started("serve", "--transport", "udp", "--bind", "127.0.0.1", "--port", str(port))
    caller, stranger = socket.socket(socket.AF_INET, socket.SOCK_DGRAM), socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for s in (caller, stranger):
        s.settimeout(0.5)
    try:
        caller.sendto(hello(64, 64), ("127.0.0.1", port))
        assert caller.recv(100) == b"OKPP"
        # a stranger's hello asking for 128 KiB answers, and a 1-byte datagram, get nothing back, and the session
        # keeps its sizes: the caller's next call is answered with its own 64 bytes
        stranger.sendto(hello(1, 131_072), ("127.0.0.1", port))
        stranger.sendto(b"x", ("127.0.0.1", port))
        assert received(stranger) == 0
        caller.sendto(struct.pack("<I", 5) + b"r" * 60, ("127.0.0.1", port))
        assert len(caller.recv(200_000)) == 64
    finally:
        server.terminate()
        server.communicate(timeout=10)
        caller.close()
        stranger.close()


def test_the_enrolment_token_may_come_from_the_environment(live_server, admin_headers, tmp_path):
    """Not only --token: a command line is readable by every local user (ps, /proc/*/cmdline)."""
    base = ["daemon", "--backend", live_server, "--name", "env-token", "--spool", str(tmp_path / "spool")]
    refused = subprocess.run([str(AGENT), *base], env={"PERFLAB_ENROLLMENT_TOKEN": ""}, capture_output=True,
                             text=True, timeout=10)
    assert refused.returncode == 2 and "--token ENROLLMENT_TOKEN (or PERFLAB_ENROLLMENT_TOKEN)" in refused.stderr
    daemon = subprocess.Popen([str(AGENT), *base], env={"PERFLAB_ENROLLMENT_TOKEN": ENROLLMENT_TOKEN},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with httpx.Client(base_url=live_server, headers=admin_headers, timeout=10) as http:
            wait(lambda: any(a["name"] == "env-token" and a["status"] == "online"
                             for a in http.get("/api/agents").json()), 20, "the agent enrolled by its env token")
    finally:
        daemon.terminate()
        daemon.wait(10)


def test_a_second_daemon_cannot_take_a_live_agents_name_and_a_restart_keeps_it(live_server, admin_headers,
                                                                              tmp_path):
    """Anyone holding the enrolment token could otherwise enrol under a live agent's name and receive its jobs.
    The daemon keeps its token in its spool (owner-only) and presents it when it starts again."""
    def daemon(name: str, spool: str, log: str) -> subprocess.Popen:
        return subprocess.Popen([str(AGENT), "daemon", "--backend", live_server, "--name", name, "--advertise",
                                 "127.0.0.1", "--spool", str(tmp_path / spool)],
                                env={"PERFLAB_ENROLLMENT_TOKEN": ENROLLMENT_TOKEN}, stdout=subprocess.DEVNULL,
                                stderr=open(tmp_path / log, "w"))

    def agent_row(http):
        return next((a for a in http.get("/api/agents").json() if a["name"] == "keeper"), None)

    first = daemon("keeper", "spool", "first.log")
    procs = [first]
    try:
        with httpx.Client(base_url=live_server, headers=admin_headers, timeout=10) as http:
            row = wait(lambda: (lambda a: a if a and a["status"] == "online" else None)(agent_row(http)), 20,
                       "the agent online")
            kept = tmp_path / "spool" / "agent.token"
            assert kept.stat().st_mode & 0o777 == 0o600
            intruder = daemon("keeper", "other-spool", "intruder.log")
            procs.append(intruder)
            wait(lambda: "is in use by a live agent" in (tmp_path / "intruder.log").read_text(), 20,
                 "the second daemon refused")
            assert first.poll() is None and agent_row(http)["status"] == "online"
            intruder.terminate()
            intruder.wait(10)
            first.kill()  # no goodbye: restarted at once, it is the same agent by the token it kept
            first.wait(10)
            procs.append(daemon("keeper", "spool", "restarted.log"))
            wait(lambda: "enrolled at" in (tmp_path / "restarted.log").read_text(), 5, "the restart enrolled")
            assert "in use" not in (tmp_path / "restarted.log").read_text()
            assert agent_row(http)["id"] == row["id"]
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                p.wait(10)

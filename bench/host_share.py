"""What share of a benchmark's tail is the host's and what the lab's (issue 36): a trivial HTTP server outside
the lab that the same clients read at the same moments (any process on this machine waits that long for a core),
and the CPU time each group of processes took over a phase, read from /proc."""

import asyncio
import multiprocessing
import os
import socket
from contextlib import contextmanager

ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nok"


async def _serve(sock: socket.socket) -> None:
    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while await reader.readuntil(b"\r\n\r\n"):  # requests without bodies: GETs only
                writer.write(ANSWER)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(answer, sock=sock)
    await server.serve_forever()


def _probe_main(sock: socket.socket) -> None:
    asyncio.run(_serve(sock))


@contextmanager
def trivial_server():
    """Yields the base URL of a process answering every GET with `ok` and doing nothing else."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    process = multiprocessing.get_context("fork").Process(target=_probe_main, args=(sock,), daemon=True)
    process.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        process.terminate()
        process.join(5)
        sock.close()


def _read(path: str) -> str:
    with open(path) as f:
        return f.read()


def _children() -> dict[int, int]:
    parents = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            parents[int(pid)] = int(_read(f"/proc/{pid}/stat").rpartition(")")[2].split()[1])
        except (OSError, IndexError, ValueError):
            pass  # gone between the listing and the read
    return parents


def tree(*roots: int) -> set[int]:
    """The roots and every process below them now."""
    parents, found = _children(), set(roots)
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in found} - found
        found |= more
        grew = bool(more)
    return found


def processes_with(text: str, among: set[int] | None = None) -> set[int]:
    """Processes (of `among`, or all) whose command line holds `text`, and their children: the lab's PostgreSQL
    by its data folder on its command line, a bench's own `perflab serve` among its children."""
    pids = set()
    for pid in among or filter(str.isdigit, os.listdir("/proc")):
        try:
            if text in _read(f"/proc/{pid}/cmdline"):
                pids.add(int(pid))
        except OSError:
            pass
    return tree(*pids) if pids else set()


def cpu_jiffies(pid: int) -> int:
    """user + system time the process has taken so far (0 once it is gone)."""
    try:
        fields = _read(f"/proc/{pid}/stat").rpartition(")")[2].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def machine_jiffies() -> tuple[int, int]:
    """(busy, all) jiffies of the machine's cores since boot (/proc/stat): how busy they were over a phase."""
    fields = [int(x) for x in _read("/proc/stat").partition("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return sum(fields) - idle, sum(fields)


class CpuShares:
    """CPU taken over a phase by named groups of processes, and by everything else on the machine, in % of one
    core (200 % is both of two cores). groups() names the processes of each group; it is asked again at the end
    so a process started during the phase (a PostgreSQL backend) counts from its start. A process that ended
    during the phase is not counted: the shares are a floor, the rest of the machine a ceiling."""

    def __init__(self, groups):
        self.groups = groups
        self.began = {pid: cpu_jiffies(pid) for pids in groups().values() for pid in pids}
        self.machine_began = machine_jiffies()

    def shares(self) -> dict[str, float]:
        busy, total = machine_jiffies()
        per_core = max(1, total - self.machine_began[1]) / (os.cpu_count() or 1)  # the phase's length in jiffies
        out = {name: 100 * sum(cpu_jiffies(pid) - self.began.get(pid, 0) for pid in pids) / per_core
               for name, pids in self.groups().items()}
        out["the rest of the machine"] = max(0.0, 100 * (busy - self.machine_began[0]) / per_core - sum(out.values()))
        self.seconds = per_core / os.sysconf("SC_CLK_TCK")
        return out

"""Lets the agents inside the lab's namespaces reach the backend on the host's loopback: a listening socket on
127.0.0.1:<port> inside each namespace, each connection relayed to 127.0.0.1:<port> of the host. The backend stays
bound to loopback and the shaped a<->b link carries only experiment traffic."""

import asyncio
import logging
import socket
from pathlib import Path

from perflab.links.lab import read_state
from perflab.links.netns import LinkError, inside

log = logging.getLogger("perflab.links.forward")


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        try:
            writer.close()
        except OSError:
            pass


def _listener_in(ns: str, port: int) -> socket.socket:
    with inside(ns):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", port))
    s.listen(64)
    s.setblocking(False)
    return s


async def serve(state_dir: Path, port: int) -> None:
    state = read_state(state_dir)
    if state is None:
        raise LinkError(f"no emulated link recorded in {state_dir}/links/lab.json (run `links up` first)")

    async def relay(reader, writer):
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as e:
            log.warning("backend 127.0.0.1:%d unreachable: %s", port, e)
            writer.close()
            return
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))

    servers = []
    for end in state["agents"].values():
        servers.append(await asyncio.start_server(relay, sock=_listener_in(end["ns"], port)))
        log.info("relaying 127.0.0.1:%d in %s to the backend", port, end["ns"])
    await asyncio.gather(*(s.serve_forever() for s in servers))

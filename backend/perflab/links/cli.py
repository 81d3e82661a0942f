"""`python -m perflab links ...`: build, shape, inspect and remove the lab's emulated link."""

import asyncio
import json
import logging
import sys
from pathlib import Path

from perflab.links import lab
from perflab.links.detect import detect, unavailable_reason
from perflab.links.netns import LinkError, why_not_usable
from perflab.links.profiles import ProfileError, load


def add_parser(sub) -> None:
    p = sub.add_parser("links", help="the lab's emulated network (namespaces, veth, tc)")
    p.add_argument("--state", type=Path, required=True, help="the lab's state folder (PERFLAB_STATE)")
    acts = p.add_subparsers(dest="action", required=True)
    acts.add_parser("up", help="create local-a's and local-b's namespaces and their link; prints "
                               "`<agent> <namespace> <address>` lines, or why it cannot (exit 3)")
    acts.add_parser("clear", help="remove this lab's namespaces, also those a crashed lab left")
    acts.add_parser("status", help="the link as the kernel reports it, as JSON")
    acts.add_parser("profiles", help="the profiles and whether this kernel can shape them, as JSON")
    a = acts.add_parser("apply", help="shape the link with a profile")
    a.add_argument("profile")
    f = acts.add_parser("forward", help="relay 127.0.0.1:PORT inside the namespaces to the backend")
    f.add_argument("--port", type=int, required=True)


def main(args) -> int:
    try:
        return _run(args)
    except (LinkError, ProfileError) as e:
        print(f"links {args.action}: {e}", file=sys.stderr)
        return 1


def _run(args) -> int:
    state: Path = args.state
    if args.action == "up":
        reason = why_not_usable()
        if reason:
            print(reason, file=sys.stderr)
            return 3
        profiles = load(state)
        created = lab.create(state)
        lab.apply(state, profiles["loopback"])
        for name, end in created["agents"].items():
            print(name, end["ns"], end["address"])
        found = detect()
        for p in profiles.values():  # '#' lines: what this kernel cannot shape, for the user to read
            reason = unavailable_reason(p.needs, found)
            if reason:
                print(f"# profile {p.name} unavailable: {reason}")
        return 0
    if args.action == "clear":
        removed = lab.clear(state) if why_not_usable() is None else []
        print(f"removed {', '.join(removed)}" if removed else "nothing to remove")
        return 0
    if args.action == "status":
        print(json.dumps(lab.measure(state), indent=1))
        return 0
    if args.action == "profiles":
        found = detect()
        print(json.dumps([{**p.as_dict(), "unavailable": unavailable_reason(p.needs, found)}
                          for p in load(state).values()], indent=1))
        return 0
    if args.action == "apply":
        profiles = load(state)
        if args.profile not in profiles:
            raise ProfileError(f"unknown profile {args.profile!r} (known: {', '.join(profiles)})")
        reason = unavailable_reason(profiles[args.profile].needs, detect())
        if reason:
            raise ProfileError(f"profile {args.profile} is unavailable: {reason}")
        print(json.dumps(lab.apply(state, profiles[args.profile]), indent=1))
        return 0
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(lab_forward(state, args.port))
    return 0


async def lab_forward(state: Path, port: int) -> None:
    from perflab.links.forward import serve
    await serve(state, port)

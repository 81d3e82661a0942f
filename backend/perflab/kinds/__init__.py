"""The experiment kinds: one module each (pingpong, rpc, stream, flows), one table every dispatch reads.

A kind is what a launch body's `kind` names. Its module holds the launch body's schema, how a launch becomes a
queued run (parameters, call count, time limit), its estimate, what its stored points mean for the exports, and
the flags the rest of the lab asks instead of comparing kind names. Open-loop load (`arrival`), load sweeps
(`rate_calls_s` lists) and link experiments (`link_profile`) are parameters of these kinds, not kinds of their own.
Adding a kind: docs/development.md, "Add an experiment kind"."""

from typing import Annotated, Any, Union

from pydantic import Discriminator, Tag

from perflab.kinds import flows, pingpong, rpc, stream
from perflab.kinds.kind import Kind
from perflab.services import run_estimate


KINDS: dict[str, Kind] = {k.name: k for k in (pingpong.KIND, rpc.KIND, stream.KIND, flows.KIND)}


def kind_of(name: str) -> Kind:
    """The kind a stored run or a body names; a name the table lacks is a bug (the schema admits only these)."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"unknown run kind {name!r} (kinds: {', '.join(KINDS)})") from None


def _kind_tag(value: Any) -> str:
    """kind may be left out: it then is a ping-pong, as before the other kinds existed."""
    return (value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)) or "pingpong"


# every launch body, told apart by `kind`; an unknown kind gets a 422 listing the kinds there are
AnyRunCreate = Annotated[Union[tuple(Annotated[k.create, Tag(k.name)] for k in KINDS.values())],
                         Discriminator(_kind_tag)]


def estimate(kind: str, params: dict, link: run_estimate.Link) -> dict:
    """How long a run of this kind with these (stored) params takes on this link (services/run_estimate.py)."""
    return run_estimate.summed(*kind_of(kind).estimate_points(params, link))

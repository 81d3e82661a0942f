"""Launch bodies of the ECS paper's socket experiments, joined to the ping-pong's RunCreate in one
union told apart by `kind` (a body without `kind` is a ping-pong, as before)."""

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from perflab.schemas.common import AgentIdIn, RangedInt, RunName, Tags
from perflab.schemas.run import MAX_CALLS, MAX_TCP_BYTES, MAX_WARMUP, PingpongRunCreate
from perflab.schemas.run_rpc import RpcRunCreate

MAX_STREAM_S = 3600
MAX_UDP_DATAGRAM = 65507  # a stream message is one datagram
MAX_FLOWS = 10


class StreamCreate(BaseModel):
    """One-way streaming throughput: the client sends `message_bytes` messages for `duration_s` and
    records the bytes sent per interval of `interval_ms`; the receiver's totals come with the end."""

    model_config = ConfigDict(json_schema_extra={"x-limits": {"udp_max_bytes": MAX_UDP_DATAGRAM}})

    kind: Literal["stream"]
    client_agent_id: AgentIdIn
    server_agent_id: AgentIdIn
    transport: Literal["tcp", "udp"] = "tcp"
    message_bytes: RangedInt("message_bytes", 1, MAX_TCP_BYTES, "bytes") = 65536
    duration_s: RangedInt("duration_s", 1, MAX_STREAM_S, "s") = 5
    interval_ms: RangedInt("interval_ms", 10, 10_000, "ms") = 100
    name: RunName = ""
    tags: Tags = []


class FlowsCreate(BaseModel):
    """Control flows: `flows` threads or processes in the client, each on its own TCP connection,
    doing `calls` request/response calls at the same time (call_no = i * flows + flow)."""

    model_config = ConfigDict(json_schema_extra={"x-limits": {"max_calls_total": MAX_CALLS}})

    kind: Literal["flows"]
    client_agent_id: AgentIdIn
    server_agent_id: AgentIdIn
    transport: Literal["tcp"] = "tcp"
    mode: Literal["threads", "processes"] = "threads"
    flows: RangedInt("flows", 1, MAX_FLOWS) = 4
    request_bytes: RangedInt("request_bytes", 1, MAX_TCP_BYTES, "bytes") = 1024
    response_bytes: RangedInt("response_bytes", 1, MAX_TCP_BYTES, "bytes") = 1024
    calls: RangedInt("calls", 1, MAX_CALLS)
    warmup_calls: RangedInt("warmup_calls", 0, MAX_WARMUP) = 10
    name: RunName = ""
    tags: Tags = []


def _kind(v: Any) -> str:
    """A body without `kind` is a ping-pong; an unknown kind gets a 422 listing the kinds there are."""
    return (v.get("kind") if isinstance(v, dict) else getattr(v, "kind", None)) or "pingpong"


AnyRunCreate = Annotated[
    Union[Annotated[PingpongRunCreate, Tag("pingpong")], Annotated[RpcRunCreate, Tag("rpc")],
          Annotated[StreamCreate, Tag("stream")],
          Annotated[FlowsCreate, Tag("flows")]],
    Discriminator(_kind),
]

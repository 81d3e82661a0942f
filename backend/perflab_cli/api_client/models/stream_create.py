from __future__ import annotations

from typing import Any, Self, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, AdditionalProperties, Model, Unset

from ..models.stream_create_transport import StreamCreateTransport
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast





@_attrs_define
class StreamCreate(Model, AdditionalProperties):
    """ One-way streaming throughput: the client sends `message_bytes` messages for `duration_s` and
    records the bytes sent per interval of `interval_ms`; the receiver's totals come with the end.

        Attributes:
            kind (Literal['stream']):
            client_agent_id (int): an agent's id, 1-2147483647
            server_agent_id (int): an agent's id, 1-2147483647
            transport (StreamCreateTransport | Unset):  Default: StreamCreateTransport.TCP.
            message_bytes (int | Unset):  Default: 65536.
            duration_s (int | Unset):  Default: 5.
            interval_ms (int | Unset):  Default: 100.
            name (str | Unset):  Default: ''.
            tags (list[str] | Unset):
     """

    kind: Literal['stream']
    client_agent_id: int
    server_agent_id: int
    transport: StreamCreateTransport | Unset = StreamCreateTransport.TCP
    message_bytes: int | Unset = 65536
    duration_s: int | Unset = 5
    interval_ms: int | Unset = 100
    name: str | Unset = ''
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def _fields(self) -> dict[str, Any]:
        kind = self.kind
        client_agent_id = self.client_agent_id
        server_agent_id = self.server_agent_id
        transport: str | Unset = UNSET
        if not isinstance(self.transport, Unset):
            transport = self.transport.value

        message_bytes = self.message_bytes
        duration_s = self.duration_s
        interval_ms = self.interval_ms
        name = self.name
        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags


        return {
            "kind": kind,
            "client_agent_id": client_agent_id,
            "server_agent_id": server_agent_id,
            "transport": transport,
            "message_bytes": message_bytes,
            "duration_s": duration_s,
            "interval_ms": interval_ms,
            "name": name,
            "tags": tags,
        }

    @classmethod
    def _parse(cls, d: dict[str, Any]) -> Self:
        kind = cast(Literal['stream'] , d.pop("kind"))
        if kind != 'stream':
            raise ValueError(f"kind must match const 'stream', got '{kind}'")
        client_agent_id = d.pop("client_agent_id")
        server_agent_id = d.pop("server_agent_id")
        _transport = d.pop("transport", UNSET)
        transport: StreamCreateTransport | Unset
        if isinstance(_transport,  Unset):
            transport = UNSET
        else:
            transport = StreamCreateTransport(_transport)



        message_bytes = d.pop("message_bytes", UNSET)
        duration_s = d.pop("duration_s", UNSET)
        interval_ms = d.pop("interval_ms", UNSET)
        name = d.pop("name", UNSET)
        tags = cast(list[str], d.pop("tags", UNSET))

        return cls(
            kind=kind,
            client_agent_id=client_agent_id,
            server_agent_id=server_agent_id,
            transport=transport,
            message_bytes=message_bytes,
            duration_s=duration_s,
            interval_ms=interval_ms,
            name=name,
            tags=tags,
        )

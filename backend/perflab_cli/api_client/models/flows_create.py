from __future__ import annotations

from typing import Any, Self, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, AdditionalProperties, Model, Unset

from ..models.flows_create_mode import FlowsCreateMode
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast





@_attrs_define
class FlowsCreate(Model, AdditionalProperties):
    """ Control flows: `flows` threads or processes in the client, each on its own TCP connection,
    doing `calls` request/response calls at the same time (call_no = i * flows + flow).

        Attributes:
            kind (Literal['flows']):
            client_agent_id (int): an agent's id, 1-2147483647
            server_agent_id (int): an agent's id, 1-2147483647
            calls (int):
            transport (Literal['tcp'] | Unset):  Default: 'tcp'.
            mode (FlowsCreateMode | Unset):  Default: FlowsCreateMode.THREADS.
            flows (int | Unset):  Default: 4.
            request_bytes (int | Unset):  Default: 1024.
            response_bytes (int | Unset):  Default: 1024.
            warmup_calls (int | Unset):  Default: 10.
            name (str | Unset):  Default: ''.
            tags (list[str] | Unset):
     """

    kind: Literal['flows']
    client_agent_id: int
    server_agent_id: int
    calls: int
    transport: Literal['tcp'] | Unset = 'tcp'
    mode: FlowsCreateMode | Unset = FlowsCreateMode.THREADS
    flows: int | Unset = 4
    request_bytes: int | Unset = 1024
    response_bytes: int | Unset = 1024
    warmup_calls: int | Unset = 10
    name: str | Unset = ''
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def _fields(self) -> dict[str, Any]:
        kind = self.kind
        client_agent_id = self.client_agent_id
        server_agent_id = self.server_agent_id
        calls = self.calls
        transport = self.transport
        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        flows = self.flows
        request_bytes = self.request_bytes
        response_bytes = self.response_bytes
        warmup_calls = self.warmup_calls
        name = self.name
        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags


        return {
            "kind": kind,
            "client_agent_id": client_agent_id,
            "server_agent_id": server_agent_id,
            "calls": calls,
            "transport": transport,
            "mode": mode,
            "flows": flows,
            "request_bytes": request_bytes,
            "response_bytes": response_bytes,
            "warmup_calls": warmup_calls,
            "name": name,
            "tags": tags,
        }

    @classmethod
    def _parse(cls, d: dict[str, Any]) -> Self:
        kind = cast(Literal['flows'] , d.pop("kind"))
        if kind != 'flows':
            raise ValueError(f"kind must match const 'flows', got '{kind}'")
        client_agent_id = d.pop("client_agent_id")
        server_agent_id = d.pop("server_agent_id")
        calls = d.pop("calls")
        transport = cast(Literal['tcp'] | Unset , d.pop("transport", UNSET))
        if transport != 'tcp'and not isinstance(transport, Unset):
            raise ValueError(f"transport must match const 'tcp', got '{transport}'")
        _mode = d.pop("mode", UNSET)
        mode: FlowsCreateMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = FlowsCreateMode(_mode)



        flows = d.pop("flows", UNSET)
        request_bytes = d.pop("request_bytes", UNSET)
        response_bytes = d.pop("response_bytes", UNSET)
        warmup_calls = d.pop("warmup_calls", UNSET)
        name = d.pop("name", UNSET)
        tags = cast(list[str], d.pop("tags", UNSET))

        return cls(
            kind=kind,
            client_agent_id=client_agent_id,
            server_agent_id=server_agent_id,
            calls=calls,
            transport=transport,
            mode=mode,
            flows=flows,
            request_bytes=request_bytes,
            response_bytes=response_bytes,
            warmup_calls=warmup_calls,
            name=name,
            tags=tags,
        )

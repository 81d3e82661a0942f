from __future__ import annotations

from typing import Any, Self, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, AdditionalProperties, Model, Unset

from ..models.pingpong_run_create_arrival import PingpongRunCreateArrival
from ..models.pingpong_run_create_transport import PingpongRunCreateTransport
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast





@_attrs_define
class PingpongRunCreate(Model, AdditionalProperties):
    """ 
        Attributes:
            client_agent_id (int): an agent's id, 1-2147483647
            server_agent_id (int): an agent's id, 1-2147483647
            request_bytes (int):
            response_bytes (int):
            calls (int):
            kind (Literal['pingpong'] | Unset):  Default: 'pingpong'.
            transport (PingpongRunCreateTransport | Unset):  Default: PingpongRunCreateTransport.TCP.
            warmup_calls (int | Unset):  Default: 10.
            name (str | Unset):  Default: ''.
            tags (list[str] | Unset):
            link_profile (str | Unset):  Default: 'loopback'.
            arrival (PingpongRunCreateArrival | Unset):  Default: PingpongRunCreateArrival.CLOSED.
            rate_calls_s (float | None | Unset):
            seed (int | Unset):  Default: 1.
     """

    client_agent_id: int
    server_agent_id: int
    request_bytes: int
    response_bytes: int
    calls: int
    kind: Literal['pingpong'] | Unset = 'pingpong'
    transport: PingpongRunCreateTransport | Unset = PingpongRunCreateTransport.TCP
    warmup_calls: int | Unset = 10
    name: str | Unset = ''
    tags: list[str] | Unset = UNSET
    link_profile: str | Unset = 'loopback'
    arrival: PingpongRunCreateArrival | Unset = PingpongRunCreateArrival.CLOSED
    rate_calls_s: float | None | Unset = UNSET
    seed: int | Unset = 1
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def _fields(self) -> dict[str, Any]:
        client_agent_id = self.client_agent_id
        server_agent_id = self.server_agent_id
        request_bytes = self.request_bytes
        response_bytes = self.response_bytes
        calls = self.calls
        kind = self.kind
        transport: str | Unset = UNSET
        if not isinstance(self.transport, Unset):
            transport = self.transport.value

        warmup_calls = self.warmup_calls
        name = self.name
        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags


        link_profile = self.link_profile
        arrival: str | Unset = UNSET
        if not isinstance(self.arrival, Unset):
            arrival = self.arrival.value

        rate_calls_s: float | None | Unset
        if isinstance(self.rate_calls_s, Unset):
            rate_calls_s = UNSET
        else:
            rate_calls_s = self.rate_calls_s
        seed = self.seed
        return {
            "client_agent_id": client_agent_id,
            "server_agent_id": server_agent_id,
            "request_bytes": request_bytes,
            "response_bytes": response_bytes,
            "calls": calls,
            "kind": kind,
            "transport": transport,
            "warmup_calls": warmup_calls,
            "name": name,
            "tags": tags,
            "link_profile": link_profile,
            "arrival": arrival,
            "rate_calls_s": rate_calls_s,
            "seed": seed,
        }

    @classmethod
    def _parse(cls, d: dict[str, Any]) -> Self:
        client_agent_id = d.pop("client_agent_id")
        server_agent_id = d.pop("server_agent_id")
        request_bytes = d.pop("request_bytes")
        response_bytes = d.pop("response_bytes")
        calls = d.pop("calls")
        kind = cast(Literal['pingpong'] | Unset , d.pop("kind", UNSET))
        if kind != 'pingpong'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'pingpong', got '{kind}'")
        _transport = d.pop("transport", UNSET)
        transport: PingpongRunCreateTransport | Unset
        if isinstance(_transport,  Unset):
            transport = UNSET
        else:
            transport = PingpongRunCreateTransport(_transport)



        warmup_calls = d.pop("warmup_calls", UNSET)
        name = d.pop("name", UNSET)
        tags = cast(list[str], d.pop("tags", UNSET))

        link_profile = d.pop("link_profile", UNSET)
        _arrival = d.pop("arrival", UNSET)
        arrival: PingpongRunCreateArrival | Unset
        if isinstance(_arrival,  Unset):
            arrival = UNSET
        else:
            arrival = PingpongRunCreateArrival(_arrival)



        def _parse_rate_calls_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate_calls_s = _parse_rate_calls_s(d.pop("rate_calls_s", UNSET))

        seed = d.pop("seed", UNSET)
        return cls(
            client_agent_id=client_agent_id,
            server_agent_id=server_agent_id,
            request_bytes=request_bytes,
            response_bytes=response_bytes,
            calls=calls,
            kind=kind,
            transport=transport,
            warmup_calls=warmup_calls,
            name=name,
            tags=tags,
            link_profile=link_profile,
            arrival=arrival,
            rate_calls_s=rate_calls_s,
            seed=seed,
        )

from __future__ import annotations

from typing import Any, Self, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, AdditionalProperties, Model, Unset

from ..models.rpc_run_create_arrival import RpcRunCreateArrival
from ..models.rpc_run_create_cache_item import RpcRunCreateCacheItem
from ..models.rpc_run_create_procedure import RpcRunCreateProcedure
from ..models.rpc_run_create_protection_item import RpcRunCreateProtectionItem
from ..models.rpc_run_create_think_distribution import RpcRunCreateThinkDistribution
from ..models.rpc_run_create_transport import RpcRunCreateTransport
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.inject_in import InjectIn




@_attrs_define
class RpcRunCreate(Model, AdditionalProperties):
    """ 
        Attributes:
            kind (Literal['rpc']):
            client_agent_id (int): an agent's id, 1-2147483647
            server_agent_id (int): an agent's id, 1-2147483647
            transport (RpcRunCreateTransport | Unset):  Default: RpcRunCreateTransport.UDP.
            procedure (RpcRunCreateProcedure | Unset):  Default: RpcRunCreateProcedure.NULL.
            work_us (int | Unset):  Default: 0.
            request_bytes (list[int] | Unset):
            threads (list[int] | Unset):
            think_time_us (list[int] | Unset):
            think_distribution (RpcRunCreateThinkDistribution | Unset):  Default: RpcRunCreateThinkDistribution.EXPONENTIAL.
            arrival (RpcRunCreateArrival | Unset):  Default: RpcRunCreateArrival.CLOSED.
            rate_calls_s (list[float] | None | Unset):
            protection (list[RpcRunCreateProtectionItem] | Unset):
            cache (list[RpcRunCreateCacheItem] | Unset):
            calls (int | Unset):  Default: 1000.
            warmup_calls (int | Unset):  Default: 10.
            seed (int | Unset):  Default: 1.
            server_threads (int | Unset):  Default: 4.
            ci_target_pct (float | Unset): 0 (no target) or 0.5-50 % of the mean Default: 5.0.
            max_rounds (int | Unset):  Default: 1.
            noise_floor_calls (int | Unset):  Default: 200.
            noise_floor_warmup_calls (int | Unset):  Default: 10.
            model_tolerance_pct (int | Unset):  Default: 10.
            packet_data (int | Unset):  Default: 4016.
            small_packet_data (int | Unset):  Default: 944.
            mtu (int | Unset):  Default: 1500.
            window_initial (int | Unset):  Default: 4096.
            window_max (int | Unset):  Default: 32768.
            rto_ms (int | Unset):  Default: 100.
            link_mbps (int | Unset):  Default: 0.
            link_delay_us (int | Unset):  Default: 0.
            host_packet_us (int | Unset):  Default: 0.
            link_profile (str | Unset):  Default: 'loopback'.
            inject (InjectIn | None | Unset):
            name (str | Unset):  Default: ''.
            tags (list[str] | Unset):
     """

    kind: Literal['rpc']
    client_agent_id: int
    server_agent_id: int
    transport: RpcRunCreateTransport | Unset = RpcRunCreateTransport.UDP
    procedure: RpcRunCreateProcedure | Unset = RpcRunCreateProcedure.NULL
    work_us: int | Unset = 0
    request_bytes: list[int] | Unset = UNSET
    threads: list[int] | Unset = UNSET
    think_time_us: list[int] | Unset = UNSET
    think_distribution: RpcRunCreateThinkDistribution | Unset = RpcRunCreateThinkDistribution.EXPONENTIAL
    arrival: RpcRunCreateArrival | Unset = RpcRunCreateArrival.CLOSED
    rate_calls_s: list[float] | None | Unset = UNSET
    protection: list[RpcRunCreateProtectionItem] | Unset = UNSET
    cache: list[RpcRunCreateCacheItem] | Unset = UNSET
    calls: int | Unset = 1000
    warmup_calls: int | Unset = 10
    seed: int | Unset = 1
    server_threads: int | Unset = 4
    ci_target_pct: float | Unset = 5.0
    max_rounds: int | Unset = 1
    noise_floor_calls: int | Unset = 200
    noise_floor_warmup_calls: int | Unset = 10
    model_tolerance_pct: int | Unset = 10
    packet_data: int | Unset = 4016
    small_packet_data: int | Unset = 944
    mtu: int | Unset = 1500
    window_initial: int | Unset = 4096
    window_max: int | Unset = 32768
    rto_ms: int | Unset = 100
    link_mbps: int | Unset = 0
    link_delay_us: int | Unset = 0
    host_packet_us: int | Unset = 0
    link_profile: str | Unset = 'loopback'
    inject: InjectIn | None | Unset = UNSET
    name: str | Unset = ''
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def _fields(self) -> dict[str, Any]:
        from ..models.inject_in import InjectIn # noqa: PLC0415
        kind = self.kind
        client_agent_id = self.client_agent_id
        server_agent_id = self.server_agent_id
        transport: str | Unset = UNSET
        if not isinstance(self.transport, Unset):
            transport = self.transport.value

        procedure: str | Unset = UNSET
        if not isinstance(self.procedure, Unset):
            procedure = self.procedure.value

        work_us = self.work_us
        request_bytes: list[int] | Unset = UNSET
        if not isinstance(self.request_bytes, Unset):
            request_bytes = self.request_bytes


        threads: list[int] | Unset = UNSET
        if not isinstance(self.threads, Unset):
            threads = self.threads


        think_time_us: list[int] | Unset = UNSET
        if not isinstance(self.think_time_us, Unset):
            think_time_us = self.think_time_us


        think_distribution: str | Unset = UNSET
        if not isinstance(self.think_distribution, Unset):
            think_distribution = self.think_distribution.value

        arrival: str | Unset = UNSET
        if not isinstance(self.arrival, Unset):
            arrival = self.arrival.value

        rate_calls_s: list[float] | None | Unset
        if isinstance(self.rate_calls_s, Unset):
            rate_calls_s = UNSET
        elif isinstance(self.rate_calls_s, list):
            rate_calls_s = self.rate_calls_s


        else:
            rate_calls_s = self.rate_calls_s
        protection: list[str] | Unset = UNSET
        if not isinstance(self.protection, Unset):
            protection = []
            for protection_item_data in self.protection:
                protection_item = protection_item_data.value
                protection.append(protection_item)


        cache: list[str] | Unset = UNSET
        if not isinstance(self.cache, Unset):
            cache = []
            for cache_item_data in self.cache:
                cache_item = cache_item_data.value
                cache.append(cache_item)


        calls = self.calls
        warmup_calls = self.warmup_calls
        seed = self.seed
        server_threads = self.server_threads
        ci_target_pct = self.ci_target_pct
        max_rounds = self.max_rounds
        noise_floor_calls = self.noise_floor_calls
        noise_floor_warmup_calls = self.noise_floor_warmup_calls
        model_tolerance_pct = self.model_tolerance_pct
        packet_data = self.packet_data
        small_packet_data = self.small_packet_data
        mtu = self.mtu
        window_initial = self.window_initial
        window_max = self.window_max
        rto_ms = self.rto_ms
        link_mbps = self.link_mbps
        link_delay_us = self.link_delay_us
        host_packet_us = self.host_packet_us
        link_profile = self.link_profile
        inject: dict[str, Any] | None | Unset
        if isinstance(self.inject, Unset):
            inject = UNSET
        elif isinstance(self.inject, InjectIn):
            inject = self.inject.to_dict()
        else:
            inject = self.inject
        name = self.name
        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags


        return {
            "kind": kind,
            "client_agent_id": client_agent_id,
            "server_agent_id": server_agent_id,
            "transport": transport,
            "procedure": procedure,
            "work_us": work_us,
            "request_bytes": request_bytes,
            "threads": threads,
            "think_time_us": think_time_us,
            "think_distribution": think_distribution,
            "arrival": arrival,
            "rate_calls_s": rate_calls_s,
            "protection": protection,
            "cache": cache,
            "calls": calls,
            "warmup_calls": warmup_calls,
            "seed": seed,
            "server_threads": server_threads,
            "ci_target_pct": ci_target_pct,
            "max_rounds": max_rounds,
            "noise_floor_calls": noise_floor_calls,
            "noise_floor_warmup_calls": noise_floor_warmup_calls,
            "model_tolerance_pct": model_tolerance_pct,
            "packet_data": packet_data,
            "small_packet_data": small_packet_data,
            "mtu": mtu,
            "window_initial": window_initial,
            "window_max": window_max,
            "rto_ms": rto_ms,
            "link_mbps": link_mbps,
            "link_delay_us": link_delay_us,
            "host_packet_us": host_packet_us,
            "link_profile": link_profile,
            "inject": inject,
            "name": name,
            "tags": tags,
        }

    @classmethod
    def _parse(cls, d: dict[str, Any]) -> Self:
        from ..models.inject_in import InjectIn # noqa: PLC0415
        kind = cast(Literal['rpc'] , d.pop("kind"))
        if kind != 'rpc':
            raise ValueError(f"kind must match const 'rpc', got '{kind}'")
        client_agent_id = d.pop("client_agent_id")
        server_agent_id = d.pop("server_agent_id")
        _transport = d.pop("transport", UNSET)
        transport: RpcRunCreateTransport | Unset
        if isinstance(_transport,  Unset):
            transport = UNSET
        else:
            transport = RpcRunCreateTransport(_transport)



        _procedure = d.pop("procedure", UNSET)
        procedure: RpcRunCreateProcedure | Unset
        if isinstance(_procedure,  Unset):
            procedure = UNSET
        else:
            procedure = RpcRunCreateProcedure(_procedure)



        work_us = d.pop("work_us", UNSET)
        request_bytes = cast(list[int], d.pop("request_bytes", UNSET))

        threads = cast(list[int], d.pop("threads", UNSET))

        think_time_us = cast(list[int], d.pop("think_time_us", UNSET))

        _think_distribution = d.pop("think_distribution", UNSET)
        think_distribution: RpcRunCreateThinkDistribution | Unset
        if isinstance(_think_distribution,  Unset):
            think_distribution = UNSET
        else:
            think_distribution = RpcRunCreateThinkDistribution(_think_distribution)



        _arrival = d.pop("arrival", UNSET)
        arrival: RpcRunCreateArrival | Unset
        if isinstance(_arrival,  Unset):
            arrival = UNSET
        else:
            arrival = RpcRunCreateArrival(_arrival)



        def _parse_rate_calls_s(data: object) -> list[float] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rate_calls_s_type_0 = cast(list[float], data)

                return rate_calls_s_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None | Unset, data)

        rate_calls_s = _parse_rate_calls_s(d.pop("rate_calls_s", UNSET))

        _protection = d.pop("protection", UNSET)
        protection: list[RpcRunCreateProtectionItem] | Unset = UNSET
        if _protection is not UNSET:
            protection = []
            for protection_item_data in _protection:
                protection_item = RpcRunCreateProtectionItem(protection_item_data)



                protection.append(protection_item)

        _cache = d.pop("cache", UNSET)
        cache: list[RpcRunCreateCacheItem] | Unset = UNSET
        if _cache is not UNSET:
            cache = []
            for cache_item_data in _cache:
                cache_item = RpcRunCreateCacheItem(cache_item_data)



                cache.append(cache_item)

        calls = d.pop("calls", UNSET)
        warmup_calls = d.pop("warmup_calls", UNSET)
        seed = d.pop("seed", UNSET)
        server_threads = d.pop("server_threads", UNSET)
        ci_target_pct = d.pop("ci_target_pct", UNSET)
        max_rounds = d.pop("max_rounds", UNSET)
        noise_floor_calls = d.pop("noise_floor_calls", UNSET)
        noise_floor_warmup_calls = d.pop("noise_floor_warmup_calls", UNSET)
        model_tolerance_pct = d.pop("model_tolerance_pct", UNSET)
        packet_data = d.pop("packet_data", UNSET)
        small_packet_data = d.pop("small_packet_data", UNSET)
        mtu = d.pop("mtu", UNSET)
        window_initial = d.pop("window_initial", UNSET)
        window_max = d.pop("window_max", UNSET)
        rto_ms = d.pop("rto_ms", UNSET)
        link_mbps = d.pop("link_mbps", UNSET)
        link_delay_us = d.pop("link_delay_us", UNSET)
        host_packet_us = d.pop("host_packet_us", UNSET)
        link_profile = d.pop("link_profile", UNSET)
        def _parse_inject(data: object) -> InjectIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                inject_type_0 = InjectIn.from_dict(data)



                return inject_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InjectIn | None | Unset, data)

        inject = _parse_inject(d.pop("inject", UNSET))

        name = d.pop("name", UNSET)
        tags = cast(list[str], d.pop("tags", UNSET))

        return cls(
            kind=kind,
            client_agent_id=client_agent_id,
            server_agent_id=server_agent_id,
            transport=transport,
            procedure=procedure,
            work_us=work_us,
            request_bytes=request_bytes,
            threads=threads,
            think_time_us=think_time_us,
            think_distribution=think_distribution,
            arrival=arrival,
            rate_calls_s=rate_calls_s,
            protection=protection,
            cache=cache,
            calls=calls,
            warmup_calls=warmup_calls,
            seed=seed,
            server_threads=server_threads,
            ci_target_pct=ci_target_pct,
            max_rounds=max_rounds,
            noise_floor_calls=noise_floor_calls,
            noise_floor_warmup_calls=noise_floor_warmup_calls,
            model_tolerance_pct=model_tolerance_pct,
            packet_data=packet_data,
            small_packet_data=small_packet_data,
            mtu=mtu,
            window_initial=window_initial,
            window_max=window_max,
            rto_ms=rto_ms,
            link_mbps=link_mbps,
            link_delay_us=link_delay_us,
            host_packet_us=host_packet_us,
            link_profile=link_profile,
            inject=inject,
            name=name,
            tags=tags,
        )

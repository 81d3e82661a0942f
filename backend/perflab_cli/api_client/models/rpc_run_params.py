from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rpc_run_params_arrival import RpcRunParamsArrival
from ..models.rpc_run_params_think_distribution import RpcRunParamsThinkDistribution
from ..models.rpc_run_params_transport import RpcRunParamsTransport
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.inject_in import InjectIn
  from ..models.rpc_point import RpcPoint
  from ..models.rpc_run_params_packetisation import RpcRunParamsPacketisation





T = TypeVar("T", bound="RpcRunParams")



@_attrs_define
class RpcRunParams:
    """ What GET /api/runs shows of an RPC run's params (the protection key is left out).

        Attributes:
            transport (RpcRunParamsTransport):
            procedure (str):
            work_us (int):
            calls (int):
            warmup_calls (int):
            seed (int):
            server_threads (int):
            packetisation (RpcRunParamsPacketisation):
            small_packet_data (int):
            window_initial (int):
            window_max (int):
            rto_ms (int):
            link_mbps (int):
            link_delay_us (int):
            points (list[RpcPoint]):
            timeout_s (int):
            host_packet_us (int | Unset):  Default: 0.
            ci_target_pct (float | Unset):  Default: 0.0.
            max_rounds (int | Unset):  Default: 1.
            noise_floor_calls (int | Unset):  Default: 0.
            noise_floor_warmup_calls (int | Unset):  Default: 0.
            model_tolerance_pct (int | Unset):  Default: 10.
            call_no_limit (int | None | Unset):
            base_points_added (list[int] | Unset):
            notes (list[str] | Unset):
            think_distribution (RpcRunParamsThinkDistribution | Unset):  Default: RpcRunParamsThinkDistribution.EXPONENTIAL.
            inject (InjectIn | None | Unset):
            arrival (RpcRunParamsArrival | Unset):  Default: RpcRunParamsArrival.CLOSED.
     """

    transport: RpcRunParamsTransport
    procedure: str
    work_us: int
    calls: int
    warmup_calls: int
    seed: int
    server_threads: int
    packetisation: RpcRunParamsPacketisation
    small_packet_data: int
    window_initial: int
    window_max: int
    rto_ms: int
    link_mbps: int
    link_delay_us: int
    points: list[RpcPoint]
    timeout_s: int
    host_packet_us: int | Unset = 0
    ci_target_pct: float | Unset = 0.0
    max_rounds: int | Unset = 1
    noise_floor_calls: int | Unset = 0
    noise_floor_warmup_calls: int | Unset = 0
    model_tolerance_pct: int | Unset = 10
    call_no_limit: int | None | Unset = UNSET
    base_points_added: list[int] | Unset = UNSET
    notes: list[str] | Unset = UNSET
    think_distribution: RpcRunParamsThinkDistribution | Unset = RpcRunParamsThinkDistribution.EXPONENTIAL
    inject: InjectIn | None | Unset = UNSET
    arrival: RpcRunParamsArrival | Unset = RpcRunParamsArrival.CLOSED
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.inject_in import InjectIn # noqa: PLC0415
        from ..models.rpc_point import RpcPoint # noqa: PLC0415
        from ..models.rpc_run_params_packetisation import RpcRunParamsPacketisation # noqa: PLC0415
        transport = self.transport.value

        procedure = self.procedure

        work_us = self.work_us

        calls = self.calls

        warmup_calls = self.warmup_calls

        seed = self.seed

        server_threads = self.server_threads

        packetisation = self.packetisation.to_dict()

        small_packet_data = self.small_packet_data

        window_initial = self.window_initial

        window_max = self.window_max

        rto_ms = self.rto_ms

        link_mbps = self.link_mbps

        link_delay_us = self.link_delay_us

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        timeout_s = self.timeout_s

        host_packet_us = self.host_packet_us

        ci_target_pct = self.ci_target_pct

        max_rounds = self.max_rounds

        noise_floor_calls = self.noise_floor_calls

        noise_floor_warmup_calls = self.noise_floor_warmup_calls

        model_tolerance_pct = self.model_tolerance_pct

        call_no_limit: int | None | Unset
        if isinstance(self.call_no_limit, Unset):
            call_no_limit = UNSET
        else:
            call_no_limit = self.call_no_limit

        base_points_added: list[int] | Unset = UNSET
        if not isinstance(self.base_points_added, Unset):
            base_points_added = self.base_points_added



        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes



        think_distribution: str | Unset = UNSET
        if not isinstance(self.think_distribution, Unset):
            think_distribution = self.think_distribution.value


        inject: dict[str, Any] | None | Unset
        if isinstance(self.inject, Unset):
            inject = UNSET
        elif isinstance(self.inject, InjectIn):
            inject = self.inject.to_dict()
        else:
            inject = self.inject

        arrival: str | Unset = UNSET
        if not isinstance(self.arrival, Unset):
            arrival = self.arrival.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "transport": transport,
            "procedure": procedure,
            "work_us": work_us,
            "calls": calls,
            "warmup_calls": warmup_calls,
            "seed": seed,
            "server_threads": server_threads,
            "packetisation": packetisation,
            "small_packet_data": small_packet_data,
            "window_initial": window_initial,
            "window_max": window_max,
            "rto_ms": rto_ms,
            "link_mbps": link_mbps,
            "link_delay_us": link_delay_us,
            "points": points,
            "timeout_s": timeout_s,
        })
        if host_packet_us is not UNSET:
            field_dict["host_packet_us"] = host_packet_us
        if ci_target_pct is not UNSET:
            field_dict["ci_target_pct"] = ci_target_pct
        if max_rounds is not UNSET:
            field_dict["max_rounds"] = max_rounds
        if noise_floor_calls is not UNSET:
            field_dict["noise_floor_calls"] = noise_floor_calls
        if noise_floor_warmup_calls is not UNSET:
            field_dict["noise_floor_warmup_calls"] = noise_floor_warmup_calls
        if model_tolerance_pct is not UNSET:
            field_dict["model_tolerance_pct"] = model_tolerance_pct
        if call_no_limit is not UNSET:
            field_dict["call_no_limit"] = call_no_limit
        if base_points_added is not UNSET:
            field_dict["base_points_added"] = base_points_added
        if notes is not UNSET:
            field_dict["notes"] = notes
        if think_distribution is not UNSET:
            field_dict["think_distribution"] = think_distribution
        if inject is not UNSET:
            field_dict["inject"] = inject
        if arrival is not UNSET:
            field_dict["arrival"] = arrival

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.inject_in import InjectIn # noqa: PLC0415
        from ..models.rpc_point import RpcPoint # noqa: PLC0415
        from ..models.rpc_run_params_packetisation import RpcRunParamsPacketisation # noqa: PLC0415
        d = dict(src_dict)
        transport = RpcRunParamsTransport(d.pop("transport"))




        procedure = d.pop("procedure")

        work_us = d.pop("work_us")

        calls = d.pop("calls")

        warmup_calls = d.pop("warmup_calls")

        seed = d.pop("seed")

        server_threads = d.pop("server_threads")

        packetisation = RpcRunParamsPacketisation.from_dict(d.pop("packetisation"))




        small_packet_data = d.pop("small_packet_data")

        window_initial = d.pop("window_initial")

        window_max = d.pop("window_max")

        rto_ms = d.pop("rto_ms")

        link_mbps = d.pop("link_mbps")

        link_delay_us = d.pop("link_delay_us")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = RpcPoint.from_dict(points_item_data)



            points.append(points_item)


        timeout_s = d.pop("timeout_s")

        host_packet_us = d.pop("host_packet_us", UNSET)

        ci_target_pct = d.pop("ci_target_pct", UNSET)

        max_rounds = d.pop("max_rounds", UNSET)

        noise_floor_calls = d.pop("noise_floor_calls", UNSET)

        noise_floor_warmup_calls = d.pop("noise_floor_warmup_calls", UNSET)

        model_tolerance_pct = d.pop("model_tolerance_pct", UNSET)

        def _parse_call_no_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        call_no_limit = _parse_call_no_limit(d.pop("call_no_limit", UNSET))


        base_points_added = cast(list[int], d.pop("base_points_added", UNSET))


        notes = cast(list[str], d.pop("notes", UNSET))


        _think_distribution = d.pop("think_distribution", UNSET)
        think_distribution: RpcRunParamsThinkDistribution | Unset
        if isinstance(_think_distribution,  Unset):
            think_distribution = UNSET
        else:
            think_distribution = RpcRunParamsThinkDistribution(_think_distribution)




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


        _arrival = d.pop("arrival", UNSET)
        arrival: RpcRunParamsArrival | Unset
        if isinstance(_arrival,  Unset):
            arrival = UNSET
        else:
            arrival = RpcRunParamsArrival(_arrival)




        rpc_run_params = cls(
            transport=transport,
            procedure=procedure,
            work_us=work_us,
            calls=calls,
            warmup_calls=warmup_calls,
            seed=seed,
            server_threads=server_threads,
            packetisation=packetisation,
            small_packet_data=small_packet_data,
            window_initial=window_initial,
            window_max=window_max,
            rto_ms=rto_ms,
            link_mbps=link_mbps,
            link_delay_us=link_delay_us,
            points=points,
            timeout_s=timeout_s,
            host_packet_us=host_packet_us,
            ci_target_pct=ci_target_pct,
            max_rounds=max_rounds,
            noise_floor_calls=noise_floor_calls,
            noise_floor_warmup_calls=noise_floor_warmup_calls,
            model_tolerance_pct=model_tolerance_pct,
            call_no_limit=call_no_limit,
            base_points_added=base_points_added,
            notes=notes,
            think_distribution=think_distribution,
            inject=inject,
            arrival=arrival,
        )


        rpc_run_params.additional_properties = d
        return rpc_run_params

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

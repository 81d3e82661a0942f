from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.peer_clock_role import PeerClockRole
from typing import cast
import datetime






T = TypeVar("T", bound="PeerClock")



@_attrs_define
class PeerClock:
    """ 
        Attributes:
            peer_id (int):
            peer_name (str):
            role (PeerClockRole): this agent's role in the run the fit came from
            offset_ns (float): peer clock minus this agent's clock at the fit's reference time; 0 with one clock
            drift_ppm (float): how many ns per ms the peer's clock gains on this agent's; 0 with one clock
            error_bound_ns (float): the fit's bound on the offset (half the least unexplained delay kept, plus its residual)
            fit_offset_ns (float): the fitted offset; with one clock the method's own error, not an offset (offset_ns is
                then 0)
            fit_drift_ppm (float): the fitted drift; with one clock the method's own error (drift_ppm 0)
            same_clock (bool): both agents read one machine's clock: offset_ns and drift_ppm are 0
            source (str): 'calls' (an RPC call's four timestamps) or 'steps' (ping-pong steps)
            calls (int):
            run_id (int):
            run_name (str):
            measured_at (datetime.datetime): when that run finished
     """

    peer_id: int
    peer_name: str
    role: PeerClockRole
    offset_ns: float
    drift_ppm: float
    error_bound_ns: float
    fit_offset_ns: float
    fit_drift_ppm: float
    same_clock: bool
    source: str
    calls: int
    run_id: int
    run_name: str
    measured_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        peer_id = self.peer_id

        peer_name = self.peer_name

        role = self.role.value

        offset_ns = self.offset_ns

        drift_ppm = self.drift_ppm

        error_bound_ns = self.error_bound_ns

        fit_offset_ns = self.fit_offset_ns

        fit_drift_ppm = self.fit_drift_ppm

        same_clock = self.same_clock

        source = self.source

        calls = self.calls

        run_id = self.run_id

        run_name = self.run_name

        measured_at = self.measured_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "peer_id": peer_id,
            "peer_name": peer_name,
            "role": role,
            "offset_ns": offset_ns,
            "drift_ppm": drift_ppm,
            "error_bound_ns": error_bound_ns,
            "fit_offset_ns": fit_offset_ns,
            "fit_drift_ppm": fit_drift_ppm,
            "same_clock": same_clock,
            "source": source,
            "calls": calls,
            "run_id": run_id,
            "run_name": run_name,
            "measured_at": measured_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        peer_id = d.pop("peer_id")

        peer_name = d.pop("peer_name")

        role = PeerClockRole(d.pop("role"))




        offset_ns = d.pop("offset_ns")

        drift_ppm = d.pop("drift_ppm")

        error_bound_ns = d.pop("error_bound_ns")

        fit_offset_ns = d.pop("fit_offset_ns")

        fit_drift_ppm = d.pop("fit_drift_ppm")

        same_clock = d.pop("same_clock")

        source = d.pop("source")

        calls = d.pop("calls")

        run_id = d.pop("run_id")

        run_name = d.pop("run_name")

        measured_at = datetime.datetime.fromisoformat(d.pop("measured_at"))




        peer_clock = cls(
            peer_id=peer_id,
            peer_name=peer_name,
            role=role,
            offset_ns=offset_ns,
            drift_ppm=drift_ppm,
            error_bound_ns=error_bound_ns,
            fit_offset_ns=fit_offset_ns,
            fit_drift_ppm=fit_drift_ppm,
            same_clock=same_clock,
            source=source,
            calls=calls,
            run_id=run_id,
            run_name=run_name,
            measured_at=measured_at,
        )


        peer_clock.additional_properties = d
        return peer_clock

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

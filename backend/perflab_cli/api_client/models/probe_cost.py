from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.probe_cost_source import ProbeCostSource
from ..types import UNSET, Unset






T = TypeVar("T", bound="ProbeCost")



@_attrs_define
class ProbeCost:
    """ 
        Attributes:
            source (ProbeCostSource):
            probe_ns (float):
            clock_read_ns (float):
            clock_gettime_ns (float):
            tsc_hz (float | Unset):  Default: 0.0.
            drift_ns_per_s (float | Unset):  Default: 0.0.
     """

    source: ProbeCostSource
    probe_ns: float
    clock_read_ns: float
    clock_gettime_ns: float
    tsc_hz: float | Unset = 0.0
    drift_ns_per_s: float | Unset = 0.0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        source = self.source.value

        probe_ns = self.probe_ns

        clock_read_ns = self.clock_read_ns

        clock_gettime_ns = self.clock_gettime_ns

        tsc_hz = self.tsc_hz

        drift_ns_per_s = self.drift_ns_per_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "source": source,
            "probe_ns": probe_ns,
            "clock_read_ns": clock_read_ns,
            "clock_gettime_ns": clock_gettime_ns,
        })
        if tsc_hz is not UNSET:
            field_dict["tsc_hz"] = tsc_hz
        if drift_ns_per_s is not UNSET:
            field_dict["drift_ns_per_s"] = drift_ns_per_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source = ProbeCostSource(d.pop("source"))




        probe_ns = d.pop("probe_ns")

        clock_read_ns = d.pop("clock_read_ns")

        clock_gettime_ns = d.pop("clock_gettime_ns")

        tsc_hz = d.pop("tsc_hz", UNSET)

        drift_ns_per_s = d.pop("drift_ns_per_s", UNSET)

        probe_cost = cls(
            source=source,
            probe_ns=probe_ns,
            clock_read_ns=clock_read_ns,
            clock_gettime_ns=clock_gettime_ns,
            tsc_hz=tsc_hz,
            drift_ns_per_s=drift_ns_per_s,
        )


        probe_cost.additional_properties = d
        return probe_cost

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.clock_result_source import ClockResultSource






T = TypeVar("T", bound="ClockResult")



@_attrs_define
class ClockResult:
    """ 
        Attributes:
            available (bool):
            same_clock (bool):
            source (ClockResultSource):
            offset_ns (float):
            drift_ppm (float):
            ref_ns (float):
            error_bound_ns (float):
            residual_rms_ns (float):
            min_delay_ns (float):
            buckets (int):
            dropped_buckets (int):
            calls (int):
            note (str):
            fit_offset_ns (float):
            fit_drift_ppm (float):
     """

    available: bool
    same_clock: bool
    source: ClockResultSource
    offset_ns: float
    drift_ppm: float
    ref_ns: float
    error_bound_ns: float
    residual_rms_ns: float
    min_delay_ns: float
    buckets: int
    dropped_buckets: int
    calls: int
    note: str
    fit_offset_ns: float
    fit_drift_ppm: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        available = self.available

        same_clock = self.same_clock

        source = self.source.value

        offset_ns = self.offset_ns

        drift_ppm = self.drift_ppm

        ref_ns = self.ref_ns

        error_bound_ns = self.error_bound_ns

        residual_rms_ns = self.residual_rms_ns

        min_delay_ns = self.min_delay_ns

        buckets = self.buckets

        dropped_buckets = self.dropped_buckets

        calls = self.calls

        note = self.note

        fit_offset_ns = self.fit_offset_ns

        fit_drift_ppm = self.fit_drift_ppm


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "same_clock": same_clock,
            "source": source,
            "offset_ns": offset_ns,
            "drift_ppm": drift_ppm,
            "ref_ns": ref_ns,
            "error_bound_ns": error_bound_ns,
            "residual_rms_ns": residual_rms_ns,
            "min_delay_ns": min_delay_ns,
            "buckets": buckets,
            "dropped_buckets": dropped_buckets,
            "calls": calls,
            "note": note,
            "fit_offset_ns": fit_offset_ns,
            "fit_drift_ppm": fit_drift_ppm,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available = d.pop("available")

        same_clock = d.pop("same_clock")

        source = ClockResultSource(d.pop("source"))




        offset_ns = d.pop("offset_ns")

        drift_ppm = d.pop("drift_ppm")

        ref_ns = d.pop("ref_ns")

        error_bound_ns = d.pop("error_bound_ns")

        residual_rms_ns = d.pop("residual_rms_ns")

        min_delay_ns = d.pop("min_delay_ns")

        buckets = d.pop("buckets")

        dropped_buckets = d.pop("dropped_buckets")

        calls = d.pop("calls")

        note = d.pop("note")

        fit_offset_ns = d.pop("fit_offset_ns")

        fit_drift_ppm = d.pop("fit_drift_ppm")

        clock_result = cls(
            available=available,
            same_clock=same_clock,
            source=source,
            offset_ns=offset_ns,
            drift_ppm=drift_ppm,
            ref_ns=ref_ns,
            error_bound_ns=error_bound_ns,
            residual_rms_ns=residual_rms_ns,
            min_delay_ns=min_delay_ns,
            buckets=buckets,
            dropped_buckets=dropped_buckets,
            calls=calls,
            note=note,
            fit_offset_ns=fit_offset_ns,
            fit_drift_ppm=fit_drift_ppm,
        )


        clock_result.additional_properties = d
        return clock_result

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

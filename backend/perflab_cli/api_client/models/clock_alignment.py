from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.clock_alignment_method import ClockAlignmentMethod
from typing import cast






T = TypeVar("T", bound="ClockAlignment")



@_attrs_define
class ClockAlignment:
    """ How the trace and the report put server times on the client's clock (services/exports/clock.py).

        Attributes:
            method (ClockAlignmentMethod):
            offset_ns (float):
            drift_ppm (float):
            ref_ns (float):
            uncertainty_ns (float | None):
            calls_used (int):
            note (str):
     """

    method: ClockAlignmentMethod
    offset_ns: float
    drift_ppm: float
    ref_ns: float
    uncertainty_ns: float | None
    calls_used: int
    note: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        offset_ns = self.offset_ns

        drift_ppm = self.drift_ppm

        ref_ns = self.ref_ns

        uncertainty_ns: float | None
        uncertainty_ns = self.uncertainty_ns

        calls_used = self.calls_used

        note = self.note


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "offset_ns": offset_ns,
            "drift_ppm": drift_ppm,
            "ref_ns": ref_ns,
            "uncertainty_ns": uncertainty_ns,
            "calls_used": calls_used,
            "note": note,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = ClockAlignmentMethod(d.pop("method"))




        offset_ns = d.pop("offset_ns")

        drift_ppm = d.pop("drift_ppm")

        ref_ns = d.pop("ref_ns")

        def _parse_uncertainty_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        uncertainty_ns = _parse_uncertainty_ns(d.pop("uncertainty_ns"))


        calls_used = d.pop("calls_used")

        note = d.pop("note")

        clock_alignment = cls(
            method=method,
            offset_ns=offset_ns,
            drift_ppm=drift_ppm,
            ref_ns=ref_ns,
            uncertainty_ns=uncertainty_ns,
            calls_used=calls_used,
            note=note,
        )


        clock_alignment.additional_properties = d
        return clock_alignment

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

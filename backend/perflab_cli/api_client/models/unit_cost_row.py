from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="UnitCostRow")



@_attrs_define
class UnitCostRow:
    """ 
        Attributes:
            request_bytes (int):
            predicted_ns (float):
            measured_ns (float):
            percent_error (float | None):
     """

    request_bytes: int
    predicted_ns: float
    measured_ns: float
    percent_error: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        request_bytes = self.request_bytes

        predicted_ns = self.predicted_ns

        measured_ns = self.measured_ns

        percent_error: float | None
        percent_error = self.percent_error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "request_bytes": request_bytes,
            "predicted_ns": predicted_ns,
            "measured_ns": measured_ns,
            "percent_error": percent_error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_bytes = d.pop("request_bytes")

        predicted_ns = d.pop("predicted_ns")

        measured_ns = d.pop("measured_ns")

        def _parse_percent_error(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        percent_error = _parse_percent_error(d.pop("percent_error"))


        unit_cost_row = cls(
            request_bytes=request_bytes,
            predicted_ns=predicted_ns,
            measured_ns=measured_ns,
            percent_error=percent_error,
        )


        unit_cost_row.additional_properties = d
        return unit_cost_row

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

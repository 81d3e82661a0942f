from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SpectrumRow")



@_attrs_define
class SpectrumRow:
    """ 
        Attributes:
            percentile (float):
            value_ns (int):
            total_count (int):
            inverse_tail (float | None):
     """

    percentile: float
    value_ns: int
    total_count: int
    inverse_tail: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        percentile = self.percentile

        value_ns = self.value_ns

        total_count = self.total_count

        inverse_tail: float | None
        inverse_tail = self.inverse_tail


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "percentile": percentile,
            "value_ns": value_ns,
            "total_count": total_count,
            "inverse_tail": inverse_tail,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        percentile = d.pop("percentile")

        value_ns = d.pop("value_ns")

        total_count = d.pop("total_count")

        def _parse_inverse_tail(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        inverse_tail = _parse_inverse_tail(d.pop("inverse_tail"))


        spectrum_row = cls(
            percentile=percentile,
            value_ns=value_ns,
            total_count=total_count,
            inverse_tail=inverse_tail,
        )


        spectrum_row.additional_properties = d
        return spectrum_row

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

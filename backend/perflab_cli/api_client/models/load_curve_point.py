from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LoadCurvePoint")



@_attrs_define
class LoadCurvePoint:
    """ 
        Attributes:
            offered_per_s (float):
            mean_ns (float):
     """

    offered_per_s: float
    mean_ns: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        offered_per_s = self.offered_per_s

        mean_ns = self.mean_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "offered_per_s": offered_per_s,
            "mean_ns": mean_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offered_per_s = d.pop("offered_per_s")

        mean_ns = d.pop("mean_ns")

        load_curve_point = cls(
            offered_per_s=offered_per_s,
            mean_ns=mean_ns,
        )


        load_curve_point.additional_properties = d
        return load_curve_point

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

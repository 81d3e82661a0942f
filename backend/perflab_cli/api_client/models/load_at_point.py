from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="LoadAtPoint")



@_attrs_define
class LoadAtPoint:
    """ 
        Attributes:
            point_no (int):
            offered_per_s (float):
            model_mean_ns (float | None):
            error_pct (float | None):
     """

    point_no: int
    offered_per_s: float
    model_mean_ns: float | None
    error_pct: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        offered_per_s = self.offered_per_s

        model_mean_ns: float | None
        model_mean_ns = self.model_mean_ns

        error_pct: float | None
        error_pct = self.error_pct


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "offered_per_s": offered_per_s,
            "model_mean_ns": model_mean_ns,
            "error_pct": error_pct,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        offered_per_s = d.pop("offered_per_s")

        def _parse_model_mean_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        model_mean_ns = _parse_model_mean_ns(d.pop("model_mean_ns"))


        def _parse_error_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        error_pct = _parse_error_pct(d.pop("error_pct"))


        load_at_point = cls(
            point_no=point_no,
            offered_per_s=offered_per_s,
            model_mean_ns=model_mean_ns,
            error_pct=error_pct,
        )


        load_at_point.additional_properties = d
        return load_at_point

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="LoadPoint")



@_attrs_define
class LoadPoint:
    """ 
        Attributes:
            point_no (int):
            offered_per_s (float):
            achieved_per_s (float):
            mean_ns (float):
            p50_ns (float):
            p99_ns (float):
            p999_ns (float | None):
     """

    point_no: int
    offered_per_s: float
    achieved_per_s: float
    mean_ns: float
    p50_ns: float
    p99_ns: float
    p999_ns: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        offered_per_s = self.offered_per_s

        achieved_per_s = self.achieved_per_s

        mean_ns = self.mean_ns

        p50_ns = self.p50_ns

        p99_ns = self.p99_ns

        p999_ns: float | None
        p999_ns = self.p999_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "offered_per_s": offered_per_s,
            "achieved_per_s": achieved_per_s,
            "mean_ns": mean_ns,
            "p50_ns": p50_ns,
            "p99_ns": p99_ns,
            "p999_ns": p999_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        offered_per_s = d.pop("offered_per_s")

        achieved_per_s = d.pop("achieved_per_s")

        mean_ns = d.pop("mean_ns")

        p50_ns = d.pop("p50_ns")

        p99_ns = d.pop("p99_ns")

        def _parse_p999_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p999_ns = _parse_p999_ns(d.pop("p999_ns"))


        load_point = cls(
            point_no=point_no,
            offered_per_s=offered_per_s,
            achieved_per_s=achieved_per_s,
            mean_ns=mean_ns,
            p50_ns=p50_ns,
            p99_ns=p99_ns,
            p999_ns=p999_ns,
        )


        load_point.additional_properties = d
        return load_point

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

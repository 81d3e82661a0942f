from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CallsMean")



@_attrs_define
class CallsMean:
    """ 
        Attributes:
            count (int):
            mean_ns (float | None):
            median_ns (float | None):
     """

    count: int
    mean_ns: float | None
    median_ns: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        count = self.count

        mean_ns: float | None
        mean_ns = self.mean_ns

        median_ns: float | None
        median_ns = self.median_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "mean_ns": mean_ns,
            "median_ns": median_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        def _parse_mean_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_ns = _parse_mean_ns(d.pop("mean_ns"))


        def _parse_median_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        median_ns = _parse_median_ns(d.pop("median_ns"))


        calls_mean = cls(
            count=count,
            mean_ns=mean_ns,
            median_ns=median_ns,
        )


        calls_mean.additional_properties = d
        return calls_mean

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

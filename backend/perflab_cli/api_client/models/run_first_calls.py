from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RunFirstCalls")



@_attrs_define
class RunFirstCalls:
    """ 
        Attributes:
            count (int):
            median_ns (float):
            min_ns (float):
            max_ns (float):
     """

    count: int
    median_ns: float
    min_ns: float
    max_ns: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        count = self.count

        median_ns = self.median_ns

        min_ns = self.min_ns

        max_ns = self.max_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "median_ns": median_ns,
            "min_ns": min_ns,
            "max_ns": max_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        median_ns = d.pop("median_ns")

        min_ns = d.pop("min_ns")

        max_ns = d.pop("max_ns")

        run_first_calls = cls(
            count=count,
            median_ns=median_ns,
            min_ns=min_ns,
            max_ns=max_ns,
        )


        run_first_calls.additional_properties = d
        return run_first_calls

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

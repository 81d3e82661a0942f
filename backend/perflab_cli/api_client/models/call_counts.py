from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CallCounts")



@_attrs_define
class CallCounts:
    """ A point's calls by category, each call in exactly one (analysis/point_summary.py): they add up.

        Attributes:
            measured (int):
            first (int):
            warmup (int):
            error (int):
     """

    measured: int
    first: int
    warmup: int
    error: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        measured = self.measured

        first = self.first

        warmup = self.warmup

        error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "measured": measured,
            "first": first,
            "warmup": warmup,
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        measured = d.pop("measured")

        first = d.pop("first")

        warmup = d.pop("warmup")

        error = d.pop("error")

        call_counts = cls(
            measured=measured,
            first=first,
            warmup=warmup,
            error=error,
        )


        call_counts.additional_properties = d
        return call_counts

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

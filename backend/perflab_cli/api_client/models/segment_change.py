from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SegmentChange")



@_attrs_define
class SegmentChange:
    """ 
        Attributes:
            segment (str):
            factor (float):
            before_ns (float):
            after_ns (float):
     """

    segment: str
    factor: float
    before_ns: float
    after_ns: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        segment = self.segment

        factor = self.factor

        before_ns = self.before_ns

        after_ns = self.after_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "segment": segment,
            "factor": factor,
            "before_ns": before_ns,
            "after_ns": after_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        segment = d.pop("segment")

        factor = d.pop("factor")

        before_ns = d.pop("before_ns")

        after_ns = d.pop("after_ns")

        segment_change = cls(
            segment=segment,
            factor=factor,
            before_ns=before_ns,
            after_ns=after_ns,
        )


        segment_change.additional_properties = d
        return segment_change

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TailSegment")



@_attrs_define
class TailSegment:
    """ 
        Attributes:
            segment (str):
            delta_ns (float):
            share (float | None):
            share_low (float | None):
            share_high (float | None):
     """

    segment: str
    delta_ns: float
    share: float | None
    share_low: float | None
    share_high: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        segment = self.segment

        delta_ns = self.delta_ns

        share: float | None
        share = self.share

        share_low: float | None
        share_low = self.share_low

        share_high: float | None
        share_high = self.share_high


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "segment": segment,
            "delta_ns": delta_ns,
            "share": share,
            "share_low": share_low,
            "share_high": share_high,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        segment = d.pop("segment")

        delta_ns = d.pop("delta_ns")

        def _parse_share(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        share = _parse_share(d.pop("share"))


        def _parse_share_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        share_low = _parse_share_low(d.pop("share_low"))


        def _parse_share_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        share_high = _parse_share_high(d.pop("share_high"))


        tail_segment = cls(
            segment=segment,
            delta_ns=delta_ns,
            share=share,
            share_low=share_low,
            share_high=share_high,
        )


        tail_segment.additional_properties = d
        return tail_segment

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

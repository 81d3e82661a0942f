from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.stats import Stats





T = TypeVar("T", bound="SlowStart")



@_attrs_define
class SlowStart:
    """ 
        Attributes:
            count (int):
            share (float):
            rtt (None | Stats):
            other_rtt (None | Stats):
     """

    count: int
    share: float
    rtt: None | Stats
    other_rtt: None | Stats
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.stats import Stats # noqa: PLC0415
        count = self.count

        share = self.share

        rtt: dict[str, Any] | None
        if isinstance(self.rtt, Stats):
            rtt = self.rtt.to_dict()
        else:
            rtt = self.rtt

        other_rtt: dict[str, Any] | None
        if isinstance(self.other_rtt, Stats):
            other_rtt = self.other_rtt.to_dict()
        else:
            other_rtt = self.other_rtt


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "share": share,
            "rtt": rtt,
            "other_rtt": other_rtt,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stats import Stats # noqa: PLC0415
        d = dict(src_dict)
        count = d.pop("count")

        share = d.pop("share")

        def _parse_rtt(data: object) -> None | Stats:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rtt_type_0 = Stats.from_dict(data)



                return rtt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Stats, data)

        rtt = _parse_rtt(d.pop("rtt"))


        def _parse_other_rtt(data: object) -> None | Stats:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                other_rtt_type_0 = Stats.from_dict(data)



                return other_rtt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Stats, data)

        other_rtt = _parse_other_rtt(d.pop("other_rtt"))


        slow_start = cls(
            count=count,
            share=share,
            rtt=rtt,
            other_rtt=other_rtt,
        )


        slow_start.additional_properties = d
        return slow_start

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

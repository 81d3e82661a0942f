from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RtpPart")



@_attrs_define
class RtpPart:
    """ 
        Attributes:
            lane (str):
            calls (int):
            mean_ns (float):
            between (None | str | Unset):
     """

    lane: str
    calls: int
    mean_ns: float
    between: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        lane = self.lane

        calls = self.calls

        mean_ns = self.mean_ns

        between: None | str | Unset
        if isinstance(self.between, Unset):
            between = UNSET
        else:
            between = self.between


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "lane": lane,
            "calls": calls,
            "mean_ns": mean_ns,
        })
        if between is not UNSET:
            field_dict["between"] = between

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lane = d.pop("lane")

        calls = d.pop("calls")

        mean_ns = d.pop("mean_ns")

        def _parse_between(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        between = _parse_between(d.pop("between", UNSET))


        rtp_part = cls(
            lane=lane,
            calls=calls,
            mean_ns=mean_ns,
            between=between,
        )


        rtp_part.additional_properties = d
        return rtp_part

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CallSeries")



@_attrs_define
class CallSeries:
    """ 
        Attributes:
            call_no (list[int]):
            rtt_ns (list[int]):
            flags (list[int]):
            stride (int):
            total (int):
            point_no (list[int] | Unset):
            retransmits (list[int] | Unset):
            send_lag_ns (list[int] | Unset):
     """

    call_no: list[int]
    rtt_ns: list[int]
    flags: list[int]
    stride: int
    total: int
    point_no: list[int] | Unset = UNSET
    retransmits: list[int] | Unset = UNSET
    send_lag_ns: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        call_no = self.call_no



        rtt_ns = self.rtt_ns



        flags = self.flags



        stride = self.stride

        total = self.total

        point_no: list[int] | Unset = UNSET
        if not isinstance(self.point_no, Unset):
            point_no = self.point_no



        retransmits: list[int] | Unset = UNSET
        if not isinstance(self.retransmits, Unset):
            retransmits = self.retransmits



        send_lag_ns: list[int] | Unset = UNSET
        if not isinstance(self.send_lag_ns, Unset):
            send_lag_ns = self.send_lag_ns




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "call_no": call_no,
            "rtt_ns": rtt_ns,
            "flags": flags,
            "stride": stride,
            "total": total,
        })
        if point_no is not UNSET:
            field_dict["point_no"] = point_no
        if retransmits is not UNSET:
            field_dict["retransmits"] = retransmits
        if send_lag_ns is not UNSET:
            field_dict["send_lag_ns"] = send_lag_ns

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        call_no = cast(list[int], d.pop("call_no"))


        rtt_ns = cast(list[int], d.pop("rtt_ns"))


        flags = cast(list[int], d.pop("flags"))


        stride = d.pop("stride")

        total = d.pop("total")

        point_no = cast(list[int], d.pop("point_no", UNSET))


        retransmits = cast(list[int], d.pop("retransmits", UNSET))


        send_lag_ns = cast(list[int], d.pop("send_lag_ns", UNSET))


        call_series = cls(
            call_no=call_no,
            rtt_ns=rtt_ns,
            flags=flags,
            stride=stride,
            total=total,
            point_no=point_no,
            retransmits=retransmits,
            send_lag_ns=send_lag_ns,
        )


        call_series.additional_properties = d
        return call_series

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

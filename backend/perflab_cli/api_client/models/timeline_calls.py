from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TimelineCalls")



@_attrs_define
class TimelineCalls:
    """ 
        Attributes:
            call_no (list[int]):
            flags (list[int]):
            start_ns (list[int]):
            rtt_ns (list[int]):
            thread (list[int]):
            retransmits (list[int]):
     """

    call_no: list[int]
    flags: list[int]
    start_ns: list[int]
    rtt_ns: list[int]
    thread: list[int]
    retransmits: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        call_no = self.call_no



        flags = self.flags



        start_ns = self.start_ns



        rtt_ns = self.rtt_ns



        thread = self.thread



        retransmits = self.retransmits




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "call_no": call_no,
            "flags": flags,
            "start_ns": start_ns,
            "rtt_ns": rtt_ns,
            "thread": thread,
            "retransmits": retransmits,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        call_no = cast(list[int], d.pop("call_no"))


        flags = cast(list[int], d.pop("flags"))


        start_ns = cast(list[int], d.pop("start_ns"))


        rtt_ns = cast(list[int], d.pop("rtt_ns"))


        thread = cast(list[int], d.pop("thread"))


        retransmits = cast(list[int], d.pop("retransmits"))


        timeline_calls = cls(
            call_no=call_no,
            flags=flags,
            start_ns=start_ns,
            rtt_ns=rtt_ns,
            thread=thread,
            retransmits=retransmits,
        )


        timeline_calls.additional_properties = d
        return timeline_calls

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TimelineSteps")



@_attrs_define
class TimelineSteps:
    """ 
        Attributes:
            call_no (list[int]):
            code (list[int]):
            start_ns (list[int]):
            end_ns (list[int]):
     """

    call_no: list[int]
    code: list[int]
    start_ns: list[int]
    end_ns: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        call_no = self.call_no



        code = self.code



        start_ns = self.start_ns



        end_ns = self.end_ns




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "call_no": call_no,
            "code": code,
            "start_ns": start_ns,
            "end_ns": end_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        call_no = cast(list[int], d.pop("call_no"))


        code = cast(list[int], d.pop("code"))


        start_ns = cast(list[int], d.pop("start_ns"))


        end_ns = cast(list[int], d.pop("end_ns"))


        timeline_steps = cls(
            call_no=call_no,
            code=code,
            start_ns=start_ns,
            end_ns=end_ns,
        )


        timeline_steps.additional_properties = d
        return timeline_steps

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

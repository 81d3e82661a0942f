from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="MovedStep")



@_attrs_define
class MovedStep:
    """ 
        Attributes:
            point_no (int):
            step (str):
            before_ns (float):
            after_ns (float):
            change_pct (float):
     """

    point_no: int
    step: str
    before_ns: float
    after_ns: float
    change_pct: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        step = self.step

        before_ns = self.before_ns

        after_ns = self.after_ns

        change_pct = self.change_pct


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "step": step,
            "before_ns": before_ns,
            "after_ns": after_ns,
            "change_pct": change_pct,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        step = d.pop("step")

        before_ns = d.pop("before_ns")

        after_ns = d.pop("after_ns")

        change_pct = d.pop("change_pct")

        moved_step = cls(
            point_no=point_no,
            step=step,
            before_ns=before_ns,
            after_ns=after_ns,
            change_pct=change_pct,
        )


        moved_step.additional_properties = d
        return moved_step

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

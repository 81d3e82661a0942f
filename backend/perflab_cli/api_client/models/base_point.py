from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="BasePoint")



@_attrs_define
class BasePoint:
    """ 
        Attributes:
            label (str):
            point_no (int):
            loaded (bool):
            note (str):
            think_ms (float | Unset):  Default: 0.0.
     """

    label: str
    point_no: int
    loaded: bool
    note: str
    think_ms: float | Unset = 0.0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        label = self.label

        point_no = self.point_no

        loaded = self.loaded

        note = self.note

        think_ms = self.think_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "label": label,
            "point_no": point_no,
            "loaded": loaded,
            "note": note,
        })
        if think_ms is not UNSET:
            field_dict["think_ms"] = think_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        label = d.pop("label")

        point_no = d.pop("point_no")

        loaded = d.pop("loaded")

        note = d.pop("note")

        think_ms = d.pop("think_ms", UNSET)

        base_point = cls(
            label=label,
            point_no=point_no,
            loaded=loaded,
            note=note,
            think_ms=think_ms,
        )


        base_point.additional_properties = d
        return base_point

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

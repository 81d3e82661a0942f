from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="EnvironmentDifference")



@_attrs_define
class EnvironmentDifference:
    """ 
        Attributes:
            field (str):
            a (Any | None):
            b (Any | None):
            class_field (bool):
     """

    field: str
    a: Any | None
    b: Any | None
    class_field: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        field = self.field

        a: Any | None
        a = self.a

        b: Any | None
        b = self.b

        class_field = self.class_field


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "field": field,
            "a": a,
            "b": b,
            "class_field": class_field,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field = d.pop("field")

        def _parse_a(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        a = _parse_a(d.pop("a"))


        def _parse_b(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        b = _parse_b(d.pop("b"))


        class_field = d.pop("class_field")

        environment_difference = cls(
            field=field,
            a=a,
            b=b,
            class_field=class_field,
        )


        environment_difference.additional_properties = d
        return environment_difference

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

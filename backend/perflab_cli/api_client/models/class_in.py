from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ClassIn")



@_attrs_define
class ClassIn:
    """ 
        Attributes:
            population (int):
            name (str | Unset):  Default: ''.
            think (float | Unset):  Default: 0.0.
     """

    population: int
    name: str | Unset = ''
    think: float | Unset = 0.0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        population = self.population

        name = self.name

        think = self.think


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "population": population,
        })
        if name is not UNSET:
            field_dict["name"] = name
        if think is not UNSET:
            field_dict["think"] = think

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        population = d.pop("population")

        name = d.pop("name", UNSET)

        think = d.pop("think", UNSET)

        class_in = cls(
            population=population,
            name=name,
            think=think,
        )


        class_in.additional_properties = d
        return class_in

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

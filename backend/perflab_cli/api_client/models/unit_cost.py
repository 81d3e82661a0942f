from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="UnitCost")



@_attrs_define
class UnitCost:
    """ 
        Attributes:
            name (str):
            a_ns (float):
            b_ns_per_byte (float):
            r2 (float | None):
            sizes (int):
            per_execution (bool):
     """

    name: str
    a_ns: float
    b_ns_per_byte: float
    r2: float | None
    sizes: int
    per_execution: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        a_ns = self.a_ns

        b_ns_per_byte = self.b_ns_per_byte

        r2: float | None
        r2 = self.r2

        sizes = self.sizes

        per_execution = self.per_execution


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "a_ns": a_ns,
            "b_ns_per_byte": b_ns_per_byte,
            "r2": r2,
            "sizes": sizes,
            "per_execution": per_execution,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        a_ns = d.pop("a_ns")

        b_ns_per_byte = d.pop("b_ns_per_byte")

        def _parse_r2(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        r2 = _parse_r2(d.pop("r2"))


        sizes = d.pop("sizes")

        per_execution = d.pop("per_execution")

        unit_cost = cls(
            name=name,
            a_ns=a_ns,
            b_ns_per_byte=b_ns_per_byte,
            r2=r2,
            sizes=sizes,
            per_execution=per_execution,
        )


        unit_cost.additional_properties = d
        return unit_cost

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="DemandSource")



@_attrs_define
class DemandSource:
    """ 
        Attributes:
            segment (str):
            part (None | str):
            between (None | str):
            mean_ns (float):
     """

    segment: str
    part: None | str
    between: None | str
    mean_ns: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        segment = self.segment

        part: None | str
        part = self.part

        between: None | str
        between = self.between

        mean_ns = self.mean_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "segment": segment,
            "part": part,
            "between": between,
            "mean_ns": mean_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        segment = d.pop("segment")

        def _parse_part(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        part = _parse_part(d.pop("part"))


        def _parse_between(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        between = _parse_between(d.pop("between"))


        mean_ns = d.pop("mean_ns")

        demand_source = cls(
            segment=segment,
            part=part,
            between=between,
            mean_ns=mean_ns,
        )


        demand_source.additional_properties = d
        return demand_source

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ResponseBounds")



@_attrs_define
class ResponseBounds:
    """ What no closed system of the base point's demands can cross (analysis/bounds.py), in ms.

        Attributes:
            lower (float):
            upper (float):
            throughput_max (float):
            bottleneck (str):
            balanced_lower (float | None):
            balanced_upper (float | None):
     """

    lower: float
    upper: float
    throughput_max: float
    bottleneck: str
    balanced_lower: float | None
    balanced_upper: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        lower = self.lower

        upper = self.upper

        throughput_max = self.throughput_max

        bottleneck = self.bottleneck

        balanced_lower: float | None
        balanced_lower = self.balanced_lower

        balanced_upper: float | None
        balanced_upper = self.balanced_upper


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "lower": lower,
            "upper": upper,
            "throughput_max": throughput_max,
            "bottleneck": bottleneck,
            "balanced_lower": balanced_lower,
            "balanced_upper": balanced_upper,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lower = d.pop("lower")

        upper = d.pop("upper")

        throughput_max = d.pop("throughput_max")

        bottleneck = d.pop("bottleneck")

        def _parse_balanced_lower(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        balanced_lower = _parse_balanced_lower(d.pop("balanced_lower"))


        def _parse_balanced_upper(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        balanced_upper = _parse_balanced_upper(d.pop("balanced_upper"))


        response_bounds = cls(
            lower=lower,
            upper=upper,
            throughput_max=throughput_max,
            bottleneck=bottleneck,
            balanced_lower=balanced_lower,
            balanced_upper=balanced_upper,
        )


        response_bounds.additional_properties = d
        return response_bounds

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

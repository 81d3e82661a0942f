from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TrendStep")



@_attrs_define
class TrendStep:
    """ 
        Attributes:
            mean_ns (float):
            ci95_low_ns (float):
            ci95_high_ns (float):
            step (str):
     """

    mean_ns: float
    ci95_low_ns: float
    ci95_high_ns: float
    step: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        mean_ns = self.mean_ns

        ci95_low_ns = self.ci95_low_ns

        ci95_high_ns = self.ci95_high_ns

        step = self.step


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mean_ns": mean_ns,
            "ci95_low_ns": ci95_low_ns,
            "ci95_high_ns": ci95_high_ns,
            "step": step,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mean_ns = d.pop("mean_ns")

        ci95_low_ns = d.pop("ci95_low_ns")

        ci95_high_ns = d.pop("ci95_high_ns")

        step = d.pop("step")

        trend_step = cls(
            mean_ns=mean_ns,
            ci95_low_ns=ci95_low_ns,
            ci95_high_ns=ci95_high_ns,
            step=step,
        )


        trend_step.additional_properties = d
        return trend_step

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

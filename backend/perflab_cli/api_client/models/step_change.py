from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.step_change_direction import StepChangeDirection






T = TypeVar("T", bound="StepChange")



@_attrs_define
class StepChange:
    """ 
        Attributes:
            point_no (int):
            step (str):
            baseline_ns (float):
            value_ns (float):
            change_pct (float):
            ci_low_pct (float):
            ci_high_pct (float):
            noise_pct (float):
            significant (bool):
            direction (StepChangeDirection):
            minor (bool):
     """

    point_no: int
    step: str
    baseline_ns: float
    value_ns: float
    change_pct: float
    ci_low_pct: float
    ci_high_pct: float
    noise_pct: float
    significant: bool
    direction: StepChangeDirection
    minor: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        step = self.step

        baseline_ns = self.baseline_ns

        value_ns = self.value_ns

        change_pct = self.change_pct

        ci_low_pct = self.ci_low_pct

        ci_high_pct = self.ci_high_pct

        noise_pct = self.noise_pct

        significant = self.significant

        direction = self.direction.value

        minor = self.minor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "step": step,
            "baseline_ns": baseline_ns,
            "value_ns": value_ns,
            "change_pct": change_pct,
            "ci_low_pct": ci_low_pct,
            "ci_high_pct": ci_high_pct,
            "noise_pct": noise_pct,
            "significant": significant,
            "direction": direction,
            "minor": minor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        step = d.pop("step")

        baseline_ns = d.pop("baseline_ns")

        value_ns = d.pop("value_ns")

        change_pct = d.pop("change_pct")

        ci_low_pct = d.pop("ci_low_pct")

        ci_high_pct = d.pop("ci_high_pct")

        noise_pct = d.pop("noise_pct")

        significant = d.pop("significant")

        direction = StepChangeDirection(d.pop("direction"))




        minor = d.pop("minor")

        step_change = cls(
            point_no=point_no,
            step=step,
            baseline_ns=baseline_ns,
            value_ns=value_ns,
            change_pct=change_pct,
            ci_low_pct=ci_low_pct,
            ci_high_pct=ci_high_pct,
            noise_pct=noise_pct,
            significant=significant,
            direction=direction,
            minor=minor,
        )


        step_change.additional_properties = d
        return step_change

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

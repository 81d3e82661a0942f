from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.model_verdict_level import ModelVerdictLevel
from typing import cast






T = TypeVar("T", bound="ModelVerdict")



@_attrs_define
class ModelVerdict:
    """ Whether the model applies to the run, from its own numbers (analysis/model_applies.run_verdict).

        Attributes:
            level (ModelVerdictLevel):
            text (str):
            judged (int):
            flagged (int):
            within_tolerance (int):
            mean_abs_error_pct (float | None):
            base_cv (float | None):
            noise_floor_cv (float | None):
     """

    level: ModelVerdictLevel
    text: str
    judged: int
    flagged: int
    within_tolerance: int
    mean_abs_error_pct: float | None
    base_cv: float | None
    noise_floor_cv: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        level = self.level.value

        text = self.text

        judged = self.judged

        flagged = self.flagged

        within_tolerance = self.within_tolerance

        mean_abs_error_pct: float | None
        mean_abs_error_pct = self.mean_abs_error_pct

        base_cv: float | None
        base_cv = self.base_cv

        noise_floor_cv: float | None
        noise_floor_cv = self.noise_floor_cv


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "level": level,
            "text": text,
            "judged": judged,
            "flagged": flagged,
            "within_tolerance": within_tolerance,
            "mean_abs_error_pct": mean_abs_error_pct,
            "base_cv": base_cv,
            "noise_floor_cv": noise_floor_cv,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = ModelVerdictLevel(d.pop("level"))




        text = d.pop("text")

        judged = d.pop("judged")

        flagged = d.pop("flagged")

        within_tolerance = d.pop("within_tolerance")

        def _parse_mean_abs_error_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_abs_error_pct = _parse_mean_abs_error_pct(d.pop("mean_abs_error_pct"))


        def _parse_base_cv(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        base_cv = _parse_base_cv(d.pop("base_cv"))


        def _parse_noise_floor_cv(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        noise_floor_cv = _parse_noise_floor_cv(d.pop("noise_floor_cv"))


        model_verdict = cls(
            level=level,
            text=text,
            judged=judged,
            flagged=flagged,
            within_tolerance=within_tolerance,
            mean_abs_error_pct=mean_abs_error_pct,
            base_cv=base_cv,
            noise_floor_cv=noise_floor_cv,
        )


        model_verdict.additional_properties = d
        return model_verdict

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

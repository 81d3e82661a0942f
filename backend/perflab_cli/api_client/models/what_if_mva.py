from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="WhatIfMva")



@_attrs_define
class WhatIfMva:
    """ 
        Attributes:
            threads (int):
            baseline_response_ns (float):
            baseline_calls_per_s (float):
            baseline_bottleneck (None | str):
            predicted_response_ns (float):
            predicted_calls_per_s (float):
            predicted_bottleneck (None | str):
     """

    threads: int
    baseline_response_ns: float
    baseline_calls_per_s: float
    baseline_bottleneck: None | str
    predicted_response_ns: float
    predicted_calls_per_s: float
    predicted_bottleneck: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        threads = self.threads

        baseline_response_ns = self.baseline_response_ns

        baseline_calls_per_s = self.baseline_calls_per_s

        baseline_bottleneck: None | str
        baseline_bottleneck = self.baseline_bottleneck

        predicted_response_ns = self.predicted_response_ns

        predicted_calls_per_s = self.predicted_calls_per_s

        predicted_bottleneck: None | str
        predicted_bottleneck = self.predicted_bottleneck


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "threads": threads,
            "baseline_response_ns": baseline_response_ns,
            "baseline_calls_per_s": baseline_calls_per_s,
            "baseline_bottleneck": baseline_bottleneck,
            "predicted_response_ns": predicted_response_ns,
            "predicted_calls_per_s": predicted_calls_per_s,
            "predicted_bottleneck": predicted_bottleneck,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        threads = d.pop("threads")

        baseline_response_ns = d.pop("baseline_response_ns")

        baseline_calls_per_s = d.pop("baseline_calls_per_s")

        def _parse_baseline_bottleneck(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        baseline_bottleneck = _parse_baseline_bottleneck(d.pop("baseline_bottleneck"))


        predicted_response_ns = d.pop("predicted_response_ns")

        predicted_calls_per_s = d.pop("predicted_calls_per_s")

        def _parse_predicted_bottleneck(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        predicted_bottleneck = _parse_predicted_bottleneck(d.pop("predicted_bottleneck"))


        what_if_mva = cls(
            threads=threads,
            baseline_response_ns=baseline_response_ns,
            baseline_calls_per_s=baseline_calls_per_s,
            baseline_bottleneck=baseline_bottleneck,
            predicted_response_ns=predicted_response_ns,
            predicted_calls_per_s=predicted_calls_per_s,
            predicted_bottleneck=predicted_bottleneck,
        )


        what_if_mva.additional_properties = d
        return what_if_mva

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

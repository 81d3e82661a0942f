from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SimulationBudget")



@_attrs_define
class SimulationBudget:
    """ 
        Attributes:
            budget_s (float):
            seconds (float):
            calls_per_point (int):
            calls_over_budget (int):
            reduced_predictions (int):
            widest_ci95_pct (float):
     """

    budget_s: float
    seconds: float
    calls_per_point: int
    calls_over_budget: int
    reduced_predictions: int
    widest_ci95_pct: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        budget_s = self.budget_s

        seconds = self.seconds

        calls_per_point = self.calls_per_point

        calls_over_budget = self.calls_over_budget

        reduced_predictions = self.reduced_predictions

        widest_ci95_pct = self.widest_ci95_pct


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "budget_s": budget_s,
            "seconds": seconds,
            "calls_per_point": calls_per_point,
            "calls_over_budget": calls_over_budget,
            "reduced_predictions": reduced_predictions,
            "widest_ci95_pct": widest_ci95_pct,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        budget_s = d.pop("budget_s")

        seconds = d.pop("seconds")

        calls_per_point = d.pop("calls_per_point")

        calls_over_budget = d.pop("calls_over_budget")

        reduced_predictions = d.pop("reduced_predictions")

        widest_ci95_pct = d.pop("widest_ci95_pct")

        simulation_budget = cls(
            budget_s=budget_s,
            seconds=seconds,
            calls_per_point=calls_per_point,
            calls_over_budget=calls_over_budget,
            reduced_predictions=reduced_predictions,
            widest_ci95_pct=widest_ci95_pct,
        )


        simulation_budget.additional_properties = d
        return simulation_budget

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="BoxPlot")



@_attrs_define
class BoxPlot:
    """ 
        Attributes:
            q1_ns (float):
            median_ns (float):
            q3_ns (float):
            mean_ns (float):
            whisker_low_ns (float):
            whisker_high_ns (float):
            outliers_low (int):
            outliers_high (int):
            outlier_ns (list[float]):
     """

    q1_ns: float
    median_ns: float
    q3_ns: float
    mean_ns: float
    whisker_low_ns: float
    whisker_high_ns: float
    outliers_low: int
    outliers_high: int
    outlier_ns: list[float]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        q1_ns = self.q1_ns

        median_ns = self.median_ns

        q3_ns = self.q3_ns

        mean_ns = self.mean_ns

        whisker_low_ns = self.whisker_low_ns

        whisker_high_ns = self.whisker_high_ns

        outliers_low = self.outliers_low

        outliers_high = self.outliers_high

        outlier_ns = self.outlier_ns




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "q1_ns": q1_ns,
            "median_ns": median_ns,
            "q3_ns": q3_ns,
            "mean_ns": mean_ns,
            "whisker_low_ns": whisker_low_ns,
            "whisker_high_ns": whisker_high_ns,
            "outliers_low": outliers_low,
            "outliers_high": outliers_high,
            "outlier_ns": outlier_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        q1_ns = d.pop("q1_ns")

        median_ns = d.pop("median_ns")

        q3_ns = d.pop("q3_ns")

        mean_ns = d.pop("mean_ns")

        whisker_low_ns = d.pop("whisker_low_ns")

        whisker_high_ns = d.pop("whisker_high_ns")

        outliers_low = d.pop("outliers_low")

        outliers_high = d.pop("outliers_high")

        outlier_ns = cast(list[float], d.pop("outlier_ns"))


        box_plot = cls(
            q1_ns=q1_ns,
            median_ns=median_ns,
            q3_ns=q3_ns,
            mean_ns=mean_ns,
            whisker_low_ns=whisker_low_ns,
            whisker_high_ns=whisker_high_ns,
            outliers_low=outliers_low,
            outliers_high=outliers_high,
            outlier_ns=outlier_ns,
        )


        box_plot.additional_properties = d
        return box_plot

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

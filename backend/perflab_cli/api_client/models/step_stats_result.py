from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.step_stats_point import StepStatsPoint
  from ..models.step_stats_result_probe_cost_ns import StepStatsResultProbeCostNs





T = TypeVar("T", bound="StepStatsResult")



@_attrs_define
class StepStatsResult:
    """ 
        Attributes:
            probe_cost_ns (StepStatsResultProbeCostNs):
            probe_cost_note (str):
            points (list[StepStatsPoint]):
     """

    probe_cost_ns: StepStatsResultProbeCostNs
    probe_cost_note: str
    points: list[StepStatsPoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.step_stats_point import StepStatsPoint # noqa: PLC0415
        from ..models.step_stats_result_probe_cost_ns import StepStatsResultProbeCostNs # noqa: PLC0415
        probe_cost_ns = self.probe_cost_ns.to_dict()

        probe_cost_note = self.probe_cost_note

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "probe_cost_ns": probe_cost_ns,
            "probe_cost_note": probe_cost_note,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.step_stats_point import StepStatsPoint # noqa: PLC0415
        from ..models.step_stats_result_probe_cost_ns import StepStatsResultProbeCostNs # noqa: PLC0415
        d = dict(src_dict)
        probe_cost_ns = StepStatsResultProbeCostNs.from_dict(d.pop("probe_cost_ns"))




        probe_cost_note = d.pop("probe_cost_note")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = StepStatsPoint.from_dict(points_item_data)



            points.append(points_item)


        step_stats_result = cls(
            probe_cost_ns=probe_cost_ns,
            probe_cost_note=probe_cost_note,
            points=points,
        )


        step_stats_result.additional_properties = d
        return step_stats_result

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

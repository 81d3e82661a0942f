from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.change_point import ChangePoint
  from ..models.trend_run import TrendRun





T = TypeVar("T", bound="TrendOut")



@_attrs_define
class TrendOut:
    """ 
        Attributes:
            key (str):
            runs (list[TrendRun]):
            change_points (list[ChangePoint]):
     """

    key: str
    runs: list[TrendRun]
    change_points: list[ChangePoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.change_point import ChangePoint # noqa: PLC0415
        from ..models.trend_run import TrendRun # noqa: PLC0415
        key = self.key

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)



        change_points = []
        for change_points_item_data in self.change_points:
            change_points_item = change_points_item_data.to_dict()
            change_points.append(change_points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "runs": runs,
            "change_points": change_points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.change_point import ChangePoint # noqa: PLC0415
        from ..models.trend_run import TrendRun # noqa: PLC0415
        d = dict(src_dict)
        key = d.pop("key")

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in (_runs):
            runs_item = TrendRun.from_dict(runs_item_data)



            runs.append(runs_item)


        change_points = []
        _change_points = d.pop("change_points")
        for change_points_item_data in (_change_points):
            change_points_item = ChangePoint.from_dict(change_points_item_data)



            change_points.append(change_points_item)


        trend_out = cls(
            key=key,
            runs=runs,
            change_points=change_points,
        )


        trend_out.additional_properties = d
        return trend_out

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

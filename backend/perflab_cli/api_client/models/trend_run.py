from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.trend_point import TrendPoint





T = TypeVar("T", bound="TrendRun")



@_attrs_define
class TrendRun:
    """ 
        Attributes:
            run_id (int):
            created_at (datetime.datetime):
            tags (list[str]):
            points (list[TrendPoint]):
     """

    run_id: int
    created_at: datetime.datetime
    tags: list[str]
    points: list[TrendPoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.trend_point import TrendPoint # noqa: PLC0415
        run_id = self.run_id

        created_at = self.created_at.isoformat()

        tags = self.tags



        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "run_id": run_id,
            "created_at": created_at,
            "tags": tags,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trend_point import TrendPoint # noqa: PLC0415
        d = dict(src_dict)
        run_id = d.pop("run_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        tags = cast(list[str], d.pop("tags"))


        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = TrendPoint.from_dict(points_item_data)



            points.append(points_item)


        trend_run = cls(
            run_id=run_id,
            created_at=created_at,
            tags=tags,
            points=points,
        )


        trend_run.additional_properties = d
        return trend_run

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.point_demands import PointDemands





T = TypeVar("T", bound="DemandsResult")



@_attrs_define
class DemandsResult:
    """ 
        Attributes:
            unit (Literal['ns']):
            points (list[PointDemands]):
     """

    unit: Literal['ns']
    points: list[PointDemands]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.point_demands import PointDemands # noqa: PLC0415
        unit = self.unit

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "unit": unit,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point_demands import PointDemands # noqa: PLC0415
        d = dict(src_dict)
        unit = cast(Literal['ns'] , d.pop("unit"))
        if unit != 'ns':
            raise ValueError(f"unit must match const 'ns', got '{unit}'")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = PointDemands.from_dict(points_item_data)



            points.append(points_item)


        demands_result = cls(
            unit=unit,
            points=points,
        )


        demands_result.additional_properties = d
        return demands_result

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

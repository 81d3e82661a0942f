from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tails_result_loop import TailsResultLoop
from typing import cast

if TYPE_CHECKING:
  from ..models.tail_point import TailPoint





T = TypeVar("T", bound="TailsResult")



@_attrs_define
class TailsResult:
    """ 
        Attributes:
            available (bool):
            unit (str):
            loop (TailsResultLoop):
            points (list[TailPoint]):
     """

    available: bool
    unit: str
    loop: TailsResultLoop
    points: list[TailPoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.tail_point import TailPoint # noqa: PLC0415
        available = self.available

        unit = self.unit

        loop = self.loop.value

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "unit": unit,
            "loop": loop,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tail_point import TailPoint # noqa: PLC0415
        d = dict(src_dict)
        available = d.pop("available")

        unit = d.pop("unit")

        loop = TailsResultLoop(d.pop("loop"))




        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = TailPoint.from_dict(points_item_data)



            points.append(points_item)


        tails_result = cls(
            available=available,
            unit=unit,
            loop=loop,
            points=points,
        )


        tails_result.additional_properties = d
        return tails_result

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

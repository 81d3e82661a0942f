from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.demand import Demand





T = TypeVar("T", bound="PointDemands")



@_attrs_define
class PointDemands:
    """ 
        Attributes:
            point_no (int):
            demands (list[Demand]):
            notes (list[str]):
     """

    point_no: int
    demands: list[Demand]
    notes: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.demand import Demand # noqa: PLC0415
        point_no = self.point_no

        demands = []
        for demands_item_data in self.demands:
            demands_item = demands_item_data.to_dict()
            demands.append(demands_item)



        notes = self.notes




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "demands": demands,
            "notes": notes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.demand import Demand # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        demands = []
        _demands = d.pop("demands")
        for demands_item_data in (_demands):
            demands_item = Demand.from_dict(demands_item_data)



            demands.append(demands_item)


        notes = cast(list[str], d.pop("notes"))


        point_demands = cls(
            point_no=point_no,
            demands=demands,
            notes=notes,
        )


        point_demands.additional_properties = d
        return point_demands

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

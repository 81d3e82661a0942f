from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.rtp_point import RtpPoint





T = TypeVar("T", bound="RtpResult")



@_attrs_define
class RtpResult:
    """ 
        Attributes:
            lanes (list[str]):
            clock (str):
            notes (list[str]):
            unplaced_codes (list[int]):
            points (list[RtpPoint]):
     """

    lanes: list[str]
    clock: str
    notes: list[str]
    unplaced_codes: list[int]
    points: list[RtpPoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rtp_point import RtpPoint # noqa: PLC0415
        lanes = self.lanes



        clock = self.clock

        notes = self.notes



        unplaced_codes = self.unplaced_codes



        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "lanes": lanes,
            "clock": clock,
            "notes": notes,
            "unplaced_codes": unplaced_codes,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rtp_point import RtpPoint # noqa: PLC0415
        d = dict(src_dict)
        lanes = cast(list[str], d.pop("lanes"))


        clock = d.pop("clock")

        notes = cast(list[str], d.pop("notes"))


        unplaced_codes = cast(list[int], d.pop("unplaced_codes"))


        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = RtpPoint.from_dict(points_item_data)



            points.append(points_item)


        rtp_result = cls(
            lanes=lanes,
            clock=clock,
            notes=notes,
            unplaced_codes=unplaced_codes,
            points=points,
        )


        rtp_result.additional_properties = d
        return rtp_result

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

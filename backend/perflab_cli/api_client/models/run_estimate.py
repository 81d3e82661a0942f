from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.point_estimate import PointEstimate





T = TypeVar("T", bound="RunEstimate")



@_attrs_define
class RunEstimate:
    """ 
        Attributes:
            seconds (float):
            seconds_most (float):
            start_s (float):
            points (list[PointEstimate]):
            timeout_s (int):
            link_profile (str):
     """

    seconds: float
    seconds_most: float
    start_s: float
    points: list[PointEstimate]
    timeout_s: int
    link_profile: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.point_estimate import PointEstimate # noqa: PLC0415
        seconds = self.seconds

        seconds_most = self.seconds_most

        start_s = self.start_s

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        timeout_s = self.timeout_s

        link_profile = self.link_profile


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seconds": seconds,
            "seconds_most": seconds_most,
            "start_s": start_s,
            "points": points,
            "timeout_s": timeout_s,
            "link_profile": link_profile,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point_estimate import PointEstimate # noqa: PLC0415
        d = dict(src_dict)
        seconds = d.pop("seconds")

        seconds_most = d.pop("seconds_most")

        start_s = d.pop("start_s")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = PointEstimate.from_dict(points_item_data)



            points.append(points_item)


        timeout_s = d.pop("timeout_s")

        link_profile = d.pop("link_profile")

        run_estimate = cls(
            seconds=seconds,
            seconds_most=seconds_most,
            start_s=start_s,
            points=points,
            timeout_s=timeout_s,
            link_profile=link_profile,
        )


        run_estimate.additional_properties = d
        return run_estimate

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

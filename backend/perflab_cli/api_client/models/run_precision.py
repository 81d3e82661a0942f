from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.noise_floor import NoiseFloor
  from ..models.point_rounds import PointRounds





T = TypeVar("T", bound="RunPrecision")



@_attrs_define
class RunPrecision:
    """ 
        Attributes:
            ci_target_pct (float):
            max_rounds (int):
            noise_floor_calls (int):
            noise_floor (NoiseFloor | None):
            points (list[PointRounds]):
            points_meeting_target (int | None):
            median_ci95_pct (float | None):
            interval (str | Unset):  Default: 'student-t'.
     """

    ci_target_pct: float
    max_rounds: int
    noise_floor_calls: int
    noise_floor: NoiseFloor | None
    points: list[PointRounds]
    points_meeting_target: int | None
    median_ci95_pct: float | None
    interval: str | Unset = 'student-t'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.noise_floor import NoiseFloor # noqa: PLC0415
        from ..models.point_rounds import PointRounds # noqa: PLC0415
        ci_target_pct = self.ci_target_pct

        max_rounds = self.max_rounds

        noise_floor_calls = self.noise_floor_calls

        noise_floor: dict[str, Any] | None
        if isinstance(self.noise_floor, NoiseFloor):
            noise_floor = self.noise_floor.to_dict()
        else:
            noise_floor = self.noise_floor

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        points_meeting_target: int | None
        points_meeting_target = self.points_meeting_target

        median_ci95_pct: float | None
        median_ci95_pct = self.median_ci95_pct

        interval = self.interval


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ci_target_pct": ci_target_pct,
            "max_rounds": max_rounds,
            "noise_floor_calls": noise_floor_calls,
            "noise_floor": noise_floor,
            "points": points,
            "points_meeting_target": points_meeting_target,
            "median_ci95_pct": median_ci95_pct,
        })
        if interval is not UNSET:
            field_dict["interval"] = interval

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.noise_floor import NoiseFloor # noqa: PLC0415
        from ..models.point_rounds import PointRounds # noqa: PLC0415
        d = dict(src_dict)
        ci_target_pct = d.pop("ci_target_pct")

        max_rounds = d.pop("max_rounds")

        noise_floor_calls = d.pop("noise_floor_calls")

        def _parse_noise_floor(data: object) -> NoiseFloor | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                noise_floor_type_0 = NoiseFloor.from_dict(data)



                return noise_floor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NoiseFloor | None, data)

        noise_floor = _parse_noise_floor(d.pop("noise_floor"))


        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = PointRounds.from_dict(points_item_data)



            points.append(points_item)


        def _parse_points_meeting_target(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        points_meeting_target = _parse_points_meeting_target(d.pop("points_meeting_target"))


        def _parse_median_ci95_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        median_ci95_pct = _parse_median_ci95_pct(d.pop("median_ci95_pct"))


        interval = d.pop("interval", UNSET)

        run_precision = cls(
            ci_target_pct=ci_target_pct,
            max_rounds=max_rounds,
            noise_floor_calls=noise_floor_calls,
            noise_floor=noise_floor,
            points=points,
            points_meeting_target=points_meeting_target,
            median_ci95_pct=median_ci95_pct,
            interval=interval,
        )


        run_precision.additional_properties = d
        return run_precision

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

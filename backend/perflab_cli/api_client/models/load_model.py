from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.load_at_point import LoadAtPoint
  from ..models.load_curve_point import LoadCurvePoint
  from ..models.load_model_stations_item import LoadModelStationsItem





T = TypeVar("T", bound="LoadModel")



@_attrs_define
class LoadModel:
    """ 
        Attributes:
            from_point (int):
            saturation_per_s (float | None):
            callers (int):
            rtt_cv2 (float):
            stations (list[LoadModelStationsItem]):
            curve (list[LoadCurvePoint]):
            at_points (list[LoadAtPoint]):
     """

    from_point: int
    saturation_per_s: float | None
    callers: int
    rtt_cv2: float
    stations: list[LoadModelStationsItem]
    curve: list[LoadCurvePoint]
    at_points: list[LoadAtPoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.load_at_point import LoadAtPoint # noqa: PLC0415
        from ..models.load_curve_point import LoadCurvePoint # noqa: PLC0415
        from ..models.load_model_stations_item import LoadModelStationsItem # noqa: PLC0415
        from_point = self.from_point

        saturation_per_s: float | None
        saturation_per_s = self.saturation_per_s

        callers = self.callers

        rtt_cv2 = self.rtt_cv2

        stations = []
        for stations_item_data in self.stations:
            stations_item = stations_item_data.to_dict()
            stations.append(stations_item)



        curve = []
        for curve_item_data in self.curve:
            curve_item = curve_item_data.to_dict()
            curve.append(curve_item)



        at_points = []
        for at_points_item_data in self.at_points:
            at_points_item = at_points_item_data.to_dict()
            at_points.append(at_points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "from_point": from_point,
            "saturation_per_s": saturation_per_s,
            "callers": callers,
            "rtt_cv2": rtt_cv2,
            "stations": stations,
            "curve": curve,
            "at_points": at_points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.load_at_point import LoadAtPoint # noqa: PLC0415
        from ..models.load_curve_point import LoadCurvePoint # noqa: PLC0415
        from ..models.load_model_stations_item import LoadModelStationsItem # noqa: PLC0415
        d = dict(src_dict)
        from_point = d.pop("from_point")

        def _parse_saturation_per_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        saturation_per_s = _parse_saturation_per_s(d.pop("saturation_per_s"))


        callers = d.pop("callers")

        rtt_cv2 = d.pop("rtt_cv2")

        stations = []
        _stations = d.pop("stations")
        for stations_item_data in (_stations):
            stations_item = LoadModelStationsItem.from_dict(stations_item_data)



            stations.append(stations_item)


        curve = []
        _curve = d.pop("curve")
        for curve_item_data in (_curve):
            curve_item = LoadCurvePoint.from_dict(curve_item_data)



            curve.append(curve_item)


        at_points = []
        _at_points = d.pop("at_points")
        for at_points_item_data in (_at_points):
            at_points_item = LoadAtPoint.from_dict(at_points_item_data)



            at_points.append(at_points_item)


        load_model = cls(
            from_point=from_point,
            saturation_per_s=saturation_per_s,
            callers=callers,
            rtt_cv2=rtt_cv2,
            stations=stations,
            curve=curve,
            at_points=at_points,
        )


        load_model.additional_properties = d
        return load_model

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

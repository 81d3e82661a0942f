from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.load_knee import LoadKnee
  from ..models.load_model import LoadModel
  from ..models.load_point import LoadPoint
  from ..models.load_schedule import LoadSchedule





T = TypeVar("T", bound="LoadResult")



@_attrs_define
class LoadResult:
    """ 
        Attributes:
            available (bool):
            loop (Literal['open']):
            points (list[LoadPoint]):
            knee (LoadKnee):
            model (LoadModel | None):
            schedules (list[LoadSchedule]):
     """

    available: bool
    loop: Literal['open']
    points: list[LoadPoint]
    knee: LoadKnee
    model: LoadModel | None
    schedules: list[LoadSchedule]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.load_knee import LoadKnee # noqa: PLC0415
        from ..models.load_model import LoadModel # noqa: PLC0415
        from ..models.load_point import LoadPoint # noqa: PLC0415
        from ..models.load_schedule import LoadSchedule # noqa: PLC0415
        available = self.available

        loop = self.loop

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)



        knee = self.knee.to_dict()

        model: dict[str, Any] | None
        if isinstance(self.model, LoadModel):
            model = self.model.to_dict()
        else:
            model = self.model

        schedules = []
        for schedules_item_data in self.schedules:
            schedules_item = schedules_item_data.to_dict()
            schedules.append(schedules_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "loop": loop,
            "points": points,
            "knee": knee,
            "model": model,
            "schedules": schedules,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.load_knee import LoadKnee # noqa: PLC0415
        from ..models.load_model import LoadModel # noqa: PLC0415
        from ..models.load_point import LoadPoint # noqa: PLC0415
        from ..models.load_schedule import LoadSchedule # noqa: PLC0415
        d = dict(src_dict)
        available = d.pop("available")

        loop = cast(Literal['open'] , d.pop("loop"))
        if loop != 'open':
            raise ValueError(f"loop must match const 'open', got '{loop}'")

        points = []
        _points = d.pop("points")
        for points_item_data in (_points):
            points_item = LoadPoint.from_dict(points_item_data)



            points.append(points_item)


        knee = LoadKnee.from_dict(d.pop("knee"))




        def _parse_model(data: object) -> LoadModel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_type_0 = LoadModel.from_dict(data)



                return model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LoadModel | None, data)

        model = _parse_model(d.pop("model"))


        schedules = []
        _schedules = d.pop("schedules")
        for schedules_item_data in (_schedules):
            schedules_item = LoadSchedule.from_dict(schedules_item_data)



            schedules.append(schedules_item)


        load_result = cls(
            available=available,
            loop=loop,
            points=points,
            knee=knee,
            model=model,
            schedules=schedules,
        )


        load_result.additional_properties = d
        return load_result

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

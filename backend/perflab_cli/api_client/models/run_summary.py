from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.point_summary import PointSummary
  from ..models.run_first_call import RunFirstCall
  from ..models.stats import Stats
  from ..models.step_summary import StepSummary





T = TypeVar("T", bound="RunSummary")



@_attrs_define
class RunSummary:
    """ 
        Attributes:
            first_call (None | RunFirstCall):
            rtt (None | Stats):
            warmup_calls (int):
            error_calls (int):
            steps (list[StepSummary]):
            unit (Literal['ns'] | Unset):  Default: 'ns'.
            points (list[PointSummary] | Unset):
     """

    first_call: None | RunFirstCall
    rtt: None | Stats
    warmup_calls: int
    error_calls: int
    steps: list[StepSummary]
    unit: Literal['ns'] | Unset = 'ns'
    points: list[PointSummary] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.point_summary import PointSummary # noqa: PLC0415
        from ..models.run_first_call import RunFirstCall # noqa: PLC0415
        from ..models.stats import Stats # noqa: PLC0415
        from ..models.step_summary import StepSummary # noqa: PLC0415
        first_call: dict[str, Any] | None
        if isinstance(self.first_call, RunFirstCall):
            first_call = self.first_call.to_dict()
        else:
            first_call = self.first_call

        rtt: dict[str, Any] | None
        if isinstance(self.rtt, Stats):
            rtt = self.rtt.to_dict()
        else:
            rtt = self.rtt

        warmup_calls = self.warmup_calls

        error_calls = self.error_calls

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)



        unit = self.unit

        points: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.points, Unset):
            points = []
            for points_item_data in self.points:
                points_item = points_item_data.to_dict()
                points.append(points_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "first_call": first_call,
            "rtt": rtt,
            "warmup_calls": warmup_calls,
            "error_calls": error_calls,
            "steps": steps,
        })
        if unit is not UNSET:
            field_dict["unit"] = unit
        if points is not UNSET:
            field_dict["points"] = points

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.point_summary import PointSummary # noqa: PLC0415
        from ..models.run_first_call import RunFirstCall # noqa: PLC0415
        from ..models.stats import Stats # noqa: PLC0415
        from ..models.step_summary import StepSummary # noqa: PLC0415
        d = dict(src_dict)
        def _parse_first_call(data: object) -> None | RunFirstCall:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_call_type_0 = RunFirstCall.from_dict(data)



                return first_call_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunFirstCall, data)

        first_call = _parse_first_call(d.pop("first_call"))


        def _parse_rtt(data: object) -> None | Stats:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rtt_type_0 = Stats.from_dict(data)



                return rtt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Stats, data)

        rtt = _parse_rtt(d.pop("rtt"))


        warmup_calls = d.pop("warmup_calls")

        error_calls = d.pop("error_calls")

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = StepSummary.from_dict(steps_item_data)



            steps.append(steps_item)


        unit = cast(Literal['ns'] | Unset , d.pop("unit", UNSET))
        if unit != 'ns'and not isinstance(unit, Unset):
            raise ValueError(f"unit must match const 'ns', got '{unit}'")

        _points = d.pop("points", UNSET)
        points: list[PointSummary] | Unset = UNSET
        if _points is not UNSET:
            points = []
            for points_item_data in _points:
                points_item = PointSummary.from_dict(points_item_data)



                points.append(points_item)


        run_summary = cls(
            first_call=first_call,
            rtt=rtt,
            warmup_calls=warmup_calls,
            error_calls=error_calls,
            steps=steps,
            unit=unit,
            points=points,
        )


        run_summary.additional_properties = d
        return run_summary

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.trend_rtt import TrendRtt
  from ..models.trend_step import TrendStep





T = TypeVar("T", bound="TrendPoint")



@_attrs_define
class TrendPoint:
    """ 
        Attributes:
            point_no (int):
            rtt (None | TrendRtt):
            steps (list[TrendStep]):
     """

    point_no: int
    rtt: None | TrendRtt
    steps: list[TrendStep]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.trend_rtt import TrendRtt # noqa: PLC0415
        from ..models.trend_step import TrendStep # noqa: PLC0415
        point_no = self.point_no

        rtt: dict[str, Any] | None
        if isinstance(self.rtt, TrendRtt):
            rtt = self.rtt.to_dict()
        else:
            rtt = self.rtt

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "rtt": rtt,
            "steps": steps,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trend_rtt import TrendRtt # noqa: PLC0415
        from ..models.trend_step import TrendStep # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        def _parse_rtt(data: object) -> None | TrendRtt:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rtt_type_0 = TrendRtt.from_dict(data)



                return rtt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TrendRtt, data)

        rtt = _parse_rtt(d.pop("rtt"))


        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = TrendStep.from_dict(steps_item_data)



            steps.append(steps_item)


        trend_point = cls(
            point_no=point_no,
            rtt=rtt,
            steps=steps,
        )


        trend_point.additional_properties = d
        return trend_point

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.step_code_name import StepCodeName
  from ..models.timeline_calls import TimelineCalls
  from ..models.timeline_steps import TimelineSteps





T = TypeVar("T", bound="TimelineOut")



@_attrs_define
class TimelineOut:
    """ 
        Attributes:
            unit (Literal['ns']):
            origin_ns (int):
            from_call (int):
            to_call (int):
            total_calls (int):
            next_call (int | None):
            calls (TimelineCalls):
            steps (TimelineSteps):
            codes (list[StepCodeName]):
     """

    unit: Literal['ns']
    origin_ns: int
    from_call: int
    to_call: int
    total_calls: int
    next_call: int | None
    calls: TimelineCalls
    steps: TimelineSteps
    codes: list[StepCodeName]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.step_code_name import StepCodeName # noqa: PLC0415
        from ..models.timeline_calls import TimelineCalls # noqa: PLC0415
        from ..models.timeline_steps import TimelineSteps # noqa: PLC0415
        unit = self.unit

        origin_ns = self.origin_ns

        from_call = self.from_call

        to_call = self.to_call

        total_calls = self.total_calls

        next_call: int | None
        next_call = self.next_call

        calls = self.calls.to_dict()

        steps = self.steps.to_dict()

        codes = []
        for codes_item_data in self.codes:
            codes_item = codes_item_data.to_dict()
            codes.append(codes_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "unit": unit,
            "origin_ns": origin_ns,
            "from_call": from_call,
            "to_call": to_call,
            "total_calls": total_calls,
            "next_call": next_call,
            "calls": calls,
            "steps": steps,
            "codes": codes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.step_code_name import StepCodeName # noqa: PLC0415
        from ..models.timeline_calls import TimelineCalls # noqa: PLC0415
        from ..models.timeline_steps import TimelineSteps # noqa: PLC0415
        d = dict(src_dict)
        unit = cast(Literal['ns'] , d.pop("unit"))
        if unit != 'ns':
            raise ValueError(f"unit must match const 'ns', got '{unit}'")

        origin_ns = d.pop("origin_ns")

        from_call = d.pop("from_call")

        to_call = d.pop("to_call")

        total_calls = d.pop("total_calls")

        def _parse_next_call(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_call = _parse_next_call(d.pop("next_call"))


        calls = TimelineCalls.from_dict(d.pop("calls"))




        steps = TimelineSteps.from_dict(d.pop("steps"))




        codes = []
        _codes = d.pop("codes")
        for codes_item_data in (_codes):
            codes_item = StepCodeName.from_dict(codes_item_data)



            codes.append(codes_item)


        timeline_out = cls(
            unit=unit,
            origin_ns=origin_ns,
            from_call=from_call,
            to_call=to_call,
            total_calls=total_calls,
            next_call=next_call,
            calls=calls,
            steps=steps,
            codes=codes,
        )


        timeline_out.additional_properties = d
        return timeline_out

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

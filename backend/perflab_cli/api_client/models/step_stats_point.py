from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.analysis_results_first_call import AnalysisResultsFirstCall
  from ..models.analysis_results_first_calls import AnalysisResultsFirstCalls
  from ..models.slow_start import SlowStart
  from ..models.stats import Stats
  from ..models.step_row import StepRow





T = TypeVar("T", bound="StepStatsPoint")



@_attrs_define
class StepStatsPoint:
    """ 
        Attributes:
            point_no (int):
            calls (int):
            rtt (None | Stats):
            first_call (AnalysisResultsFirstCall | None):
            steps (list[StepRow]):
            first_calls (AnalysisResultsFirstCalls | None | Unset):
            slow_start (None | SlowStart | Unset):
     """

    point_no: int
    calls: int
    rtt: None | Stats
    first_call: AnalysisResultsFirstCall | None
    steps: list[StepRow]
    first_calls: AnalysisResultsFirstCalls | None | Unset = UNSET
    slow_start: None | SlowStart | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.analysis_results_first_call import AnalysisResultsFirstCall # noqa: PLC0415
        from ..models.analysis_results_first_calls import AnalysisResultsFirstCalls # noqa: PLC0415
        from ..models.slow_start import SlowStart # noqa: PLC0415
        from ..models.stats import Stats # noqa: PLC0415
        from ..models.step_row import StepRow # noqa: PLC0415
        point_no = self.point_no

        calls = self.calls

        rtt: dict[str, Any] | None
        if isinstance(self.rtt, Stats):
            rtt = self.rtt.to_dict()
        else:
            rtt = self.rtt

        first_call: dict[str, Any] | None
        if isinstance(self.first_call, AnalysisResultsFirstCall):
            first_call = self.first_call.to_dict()
        else:
            first_call = self.first_call

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)



        first_calls: dict[str, Any] | None | Unset
        if isinstance(self.first_calls, Unset):
            first_calls = UNSET
        elif isinstance(self.first_calls, AnalysisResultsFirstCalls):
            first_calls = self.first_calls.to_dict()
        else:
            first_calls = self.first_calls

        slow_start: dict[str, Any] | None | Unset
        if isinstance(self.slow_start, Unset):
            slow_start = UNSET
        elif isinstance(self.slow_start, SlowStart):
            slow_start = self.slow_start.to_dict()
        else:
            slow_start = self.slow_start


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "calls": calls,
            "rtt": rtt,
            "first_call": first_call,
            "steps": steps,
        })
        if first_calls is not UNSET:
            field_dict["first_calls"] = first_calls
        if slow_start is not UNSET:
            field_dict["slow_start"] = slow_start

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_results_first_call import AnalysisResultsFirstCall # noqa: PLC0415
        from ..models.analysis_results_first_calls import AnalysisResultsFirstCalls # noqa: PLC0415
        from ..models.slow_start import SlowStart # noqa: PLC0415
        from ..models.stats import Stats # noqa: PLC0415
        from ..models.step_row import StepRow # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        calls = d.pop("calls")

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


        def _parse_first_call(data: object) -> AnalysisResultsFirstCall | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_call_type_0 = AnalysisResultsFirstCall.from_dict(data)



                return first_call_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnalysisResultsFirstCall | None, data)

        first_call = _parse_first_call(d.pop("first_call"))


        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = StepRow.from_dict(steps_item_data)



            steps.append(steps_item)


        def _parse_first_calls(data: object) -> AnalysisResultsFirstCalls | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_calls_type_0 = AnalysisResultsFirstCalls.from_dict(data)



                return first_calls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnalysisResultsFirstCalls | None | Unset, data)

        first_calls = _parse_first_calls(d.pop("first_calls", UNSET))


        def _parse_slow_start(data: object) -> None | SlowStart | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                slow_start_type_0 = SlowStart.from_dict(data)



                return slow_start_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SlowStart | Unset, data)

        slow_start = _parse_slow_start(d.pop("slow_start", UNSET))


        step_stats_point = cls(
            point_no=point_no,
            calls=calls,
            rtt=rtt,
            first_call=first_call,
            steps=steps,
            first_calls=first_calls,
            slow_start=slow_start,
        )


        step_stats_point.additional_properties = d
        return step_stats_point

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="LoadSchedule")



@_attrs_define
class LoadSchedule:
    """ 
        Attributes:
            point_no (int):
            arrival (str):
            offered_calls_s (float | None):
            achieved_calls_s (float | None):
            calls (int):
            threads (int):
            thread_gap_ns (float | None):
            late_sends (int):
            late_share (float):
            max_lag_ns (int):
            p99_lag_ns (int):
            kept (bool | None):
            why (None | str):
     """

    point_no: int
    arrival: str
    offered_calls_s: float | None
    achieved_calls_s: float | None
    calls: int
    threads: int
    thread_gap_ns: float | None
    late_sends: int
    late_share: float
    max_lag_ns: int
    p99_lag_ns: int
    kept: bool | None
    why: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        arrival = self.arrival

        offered_calls_s: float | None
        offered_calls_s = self.offered_calls_s

        achieved_calls_s: float | None
        achieved_calls_s = self.achieved_calls_s

        calls = self.calls

        threads = self.threads

        thread_gap_ns: float | None
        thread_gap_ns = self.thread_gap_ns

        late_sends = self.late_sends

        late_share = self.late_share

        max_lag_ns = self.max_lag_ns

        p99_lag_ns = self.p99_lag_ns

        kept: bool | None
        kept = self.kept

        why: None | str
        why = self.why


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "arrival": arrival,
            "offered_calls_s": offered_calls_s,
            "achieved_calls_s": achieved_calls_s,
            "calls": calls,
            "threads": threads,
            "thread_gap_ns": thread_gap_ns,
            "late_sends": late_sends,
            "late_share": late_share,
            "max_lag_ns": max_lag_ns,
            "p99_lag_ns": p99_lag_ns,
            "kept": kept,
            "why": why,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        arrival = d.pop("arrival")

        def _parse_offered_calls_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        offered_calls_s = _parse_offered_calls_s(d.pop("offered_calls_s"))


        def _parse_achieved_calls_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        achieved_calls_s = _parse_achieved_calls_s(d.pop("achieved_calls_s"))


        calls = d.pop("calls")

        threads = d.pop("threads")

        def _parse_thread_gap_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        thread_gap_ns = _parse_thread_gap_ns(d.pop("thread_gap_ns"))


        late_sends = d.pop("late_sends")

        late_share = d.pop("late_share")

        max_lag_ns = d.pop("max_lag_ns")

        p99_lag_ns = d.pop("p99_lag_ns")

        def _parse_kept(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        kept = _parse_kept(d.pop("kept"))


        def _parse_why(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        why = _parse_why(d.pop("why"))


        load_schedule = cls(
            point_no=point_no,
            arrival=arrival,
            offered_calls_s=offered_calls_s,
            achieved_calls_s=achieved_calls_s,
            calls=calls,
            threads=threads,
            thread_gap_ns=thread_gap_ns,
            late_sends=late_sends,
            late_share=late_share,
            max_lag_ns=max_lag_ns,
            p99_lag_ns=p99_lag_ns,
            kept=kept,
            why=why,
        )


        load_schedule.additional_properties = d
        return load_schedule

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

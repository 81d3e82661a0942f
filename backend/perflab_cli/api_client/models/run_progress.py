from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_progress_phase import RunProgressPhase
from typing import cast






T = TypeVar("T", bound="RunProgress")



@_attrs_define
class RunProgress:
    """ Where a running run is (services/run_progress.py): what it is doing, the point and round, the share of its
    estimated time done and the time left at its own pace.

        Attributes:
            phase (RunProgressPhase):
            point (int | None):
            points (int):
            round_ (int | None):
            max_rounds (int):
            points_done (int):
            share (float):
            seconds_left (float | None):
     """

    phase: RunProgressPhase
    point: int | None
    points: int
    round_: int | None
    max_rounds: int
    points_done: int
    share: float
    seconds_left: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        phase = self.phase.value

        point: int | None
        point = self.point

        points = self.points

        round_: int | None
        round_ = self.round_

        max_rounds = self.max_rounds

        points_done = self.points_done

        share = self.share

        seconds_left: float | None
        seconds_left = self.seconds_left


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "phase": phase,
            "point": point,
            "points": points,
            "round": round_,
            "max_rounds": max_rounds,
            "points_done": points_done,
            "share": share,
            "seconds_left": seconds_left,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        phase = RunProgressPhase(d.pop("phase"))




        def _parse_point(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        point = _parse_point(d.pop("point"))


        points = d.pop("points")

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))


        max_rounds = d.pop("max_rounds")

        points_done = d.pop("points_done")

        share = d.pop("share")

        def _parse_seconds_left(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds_left = _parse_seconds_left(d.pop("seconds_left"))


        run_progress = cls(
            phase=phase,
            point=point,
            points=points,
            round_=round_,
            max_rounds=max_rounds,
            points_done=points_done,
            share=share,
            seconds_left=seconds_left,
        )


        run_progress.additional_properties = d
        return run_progress

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="RunClock")



@_attrs_define
class RunClock:
    """ GET /api/runs/{id}/clock: the two agents' clocks compared by the clock exchange (ping-pong runs).

        Attributes:
            rounds (int):
            offset_start_ns (float):
            delay_start_ns (int):
            offset_end_ns (float | None):
            delay_end_ns (int | None):
            drift_ppm (float | None):
     """

    rounds: int
    offset_start_ns: float
    delay_start_ns: int
    offset_end_ns: float | None
    delay_end_ns: int | None
    drift_ppm: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        rounds = self.rounds

        offset_start_ns = self.offset_start_ns

        delay_start_ns = self.delay_start_ns

        offset_end_ns: float | None
        offset_end_ns = self.offset_end_ns

        delay_end_ns: int | None
        delay_end_ns = self.delay_end_ns

        drift_ppm: float | None
        drift_ppm = self.drift_ppm


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rounds": rounds,
            "offset_start_ns": offset_start_ns,
            "delay_start_ns": delay_start_ns,
            "offset_end_ns": offset_end_ns,
            "delay_end_ns": delay_end_ns,
            "drift_ppm": drift_ppm,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rounds = d.pop("rounds")

        offset_start_ns = d.pop("offset_start_ns")

        delay_start_ns = d.pop("delay_start_ns")

        def _parse_offset_end_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        offset_end_ns = _parse_offset_end_ns(d.pop("offset_end_ns"))


        def _parse_delay_end_ns(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        delay_end_ns = _parse_delay_end_ns(d.pop("delay_end_ns"))


        def _parse_drift_ppm(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        drift_ppm = _parse_drift_ppm(d.pop("drift_ppm"))


        run_clock = cls(
            rounds=rounds,
            offset_start_ns=offset_start_ns,
            delay_start_ns=delay_start_ns,
            offset_end_ns=offset_end_ns,
            delay_end_ns=delay_end_ns,
            drift_ppm=drift_ppm,
        )


        run_clock.additional_properties = d
        return run_clock

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

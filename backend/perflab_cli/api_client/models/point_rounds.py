from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="PointRounds")



@_attrs_define
class PointRounds:
    """ 
        Attributes:
            point_no (int):
            rounds (int):
            calls (int):
            measured (int):
            mean_ns (float):
            ci95_half_ns (float):
            ci95_pct (float | None):
            met (bool | None):
     """

    point_no: int
    rounds: int
    calls: int
    measured: int
    mean_ns: float
    ci95_half_ns: float
    ci95_pct: float | None
    met: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        rounds = self.rounds

        calls = self.calls

        measured = self.measured

        mean_ns = self.mean_ns

        ci95_half_ns = self.ci95_half_ns

        ci95_pct: float | None
        ci95_pct = self.ci95_pct

        met: bool | None
        met = self.met


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "rounds": rounds,
            "calls": calls,
            "measured": measured,
            "mean_ns": mean_ns,
            "ci95_half_ns": ci95_half_ns,
            "ci95_pct": ci95_pct,
            "met": met,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        rounds = d.pop("rounds")

        calls = d.pop("calls")

        measured = d.pop("measured")

        mean_ns = d.pop("mean_ns")

        ci95_half_ns = d.pop("ci95_half_ns")

        def _parse_ci95_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ci95_pct = _parse_ci95_pct(d.pop("ci95_pct"))


        def _parse_met(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        met = _parse_met(d.pop("met"))


        point_rounds = cls(
            point_no=point_no,
            rounds=rounds,
            calls=calls,
            measured=measured,
            mean_ns=mean_ns,
            ci95_half_ns=ci95_half_ns,
            ci95_pct=ci95_pct,
            met=met,
        )


        point_rounds.additional_properties = d
        return point_rounds

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

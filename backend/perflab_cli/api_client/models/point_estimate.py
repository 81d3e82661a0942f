from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PointEstimate")



@_attrs_define
class PointEstimate:
    """ 
        Attributes:
            point_no (int):
            calls (int):
            seconds (float):
            round_calls (int | None | Unset):
            round_seconds (float | None | Unset):
            rounds_most (int | None | Unset):
     """

    point_no: int
    calls: int
    seconds: float
    round_calls: int | None | Unset = UNSET
    round_seconds: float | None | Unset = UNSET
    rounds_most: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        calls = self.calls

        seconds = self.seconds

        round_calls: int | None | Unset
        if isinstance(self.round_calls, Unset):
            round_calls = UNSET
        else:
            round_calls = self.round_calls

        round_seconds: float | None | Unset
        if isinstance(self.round_seconds, Unset):
            round_seconds = UNSET
        else:
            round_seconds = self.round_seconds

        rounds_most: int | None | Unset
        if isinstance(self.rounds_most, Unset):
            rounds_most = UNSET
        else:
            rounds_most = self.rounds_most


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "calls": calls,
            "seconds": seconds,
        })
        if round_calls is not UNSET:
            field_dict["round_calls"] = round_calls
        if round_seconds is not UNSET:
            field_dict["round_seconds"] = round_seconds
        if rounds_most is not UNSET:
            field_dict["rounds_most"] = rounds_most

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        calls = d.pop("calls")

        seconds = d.pop("seconds")

        def _parse_round_calls(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        round_calls = _parse_round_calls(d.pop("round_calls", UNSET))


        def _parse_round_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        round_seconds = _parse_round_seconds(d.pop("round_seconds", UNSET))


        def _parse_rounds_most(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds_most = _parse_rounds_most(d.pop("rounds_most", UNSET))


        point_estimate = cls(
            point_no=point_no,
            calls=calls,
            seconds=seconds,
            round_calls=round_calls,
            round_seconds=round_seconds,
            rounds_most=rounds_most,
        )


        point_estimate.additional_properties = d
        return point_estimate

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

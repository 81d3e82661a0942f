from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TailPercentile")



@_attrs_define
class TailPercentile:
    """ 
        Attributes:
            name (str):
            p (float):
            value_ns (int | None):
            ci_low_ns (int | None):
            ci_high_ns (int | None):
            rests_on (int):
            reason (None | str):
     """

    name: str
    p: float
    value_ns: int | None
    ci_low_ns: int | None
    ci_high_ns: int | None
    rests_on: int
    reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        p = self.p

        value_ns: int | None
        value_ns = self.value_ns

        ci_low_ns: int | None
        ci_low_ns = self.ci_low_ns

        ci_high_ns: int | None
        ci_high_ns = self.ci_high_ns

        rests_on = self.rests_on

        reason: None | str
        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "p": p,
            "value_ns": value_ns,
            "ci_low_ns": ci_low_ns,
            "ci_high_ns": ci_high_ns,
            "rests_on": rests_on,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        p = d.pop("p")

        def _parse_value_ns(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value_ns = _parse_value_ns(d.pop("value_ns"))


        def _parse_ci_low_ns(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ci_low_ns = _parse_ci_low_ns(d.pop("ci_low_ns"))


        def _parse_ci_high_ns(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ci_high_ns = _parse_ci_high_ns(d.pop("ci_high_ns"))


        rests_on = d.pop("rests_on")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        tail_percentile = cls(
            name=name,
            p=p,
            value_ns=value_ns,
            ci_low_ns=ci_low_ns,
            ci_high_ns=ci_high_ns,
            rests_on=rests_on,
            reason=reason,
        )


        tail_percentile.additional_properties = d
        return tail_percentile

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="RunHeadline")



@_attrs_define
class RunHeadline:
    """ The runs list's headline RTT (services/run_headlines.py): the median RTT of each point, for a sweep the
    range over its points (low: its fastest point's median, high: its slowest).

        Attributes:
            low_ns (float):
            high_ns (float):
            points (int):
            stat (Literal['median'] | Unset):  Default: 'median'.
     """

    low_ns: float
    high_ns: float
    points: int
    stat: Literal['median'] | Unset = 'median'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        low_ns = self.low_ns

        high_ns = self.high_ns

        points = self.points

        stat = self.stat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "low_ns": low_ns,
            "high_ns": high_ns,
            "points": points,
        })
        if stat is not UNSET:
            field_dict["stat"] = stat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        low_ns = d.pop("low_ns")

        high_ns = d.pop("high_ns")

        points = d.pop("points")

        stat = cast(Literal['median'] | Unset , d.pop("stat", UNSET))
        if stat != 'median'and not isinstance(stat, Unset):
            raise ValueError(f"stat must match const 'median', got '{stat}'")

        run_headline = cls(
            low_ns=low_ns,
            high_ns=high_ns,
            points=points,
            stat=stat,
        )


        run_headline.additional_properties = d
        return run_headline

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

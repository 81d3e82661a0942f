from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.stats import Stats





T = TypeVar("T", bound="StepSummary")



@_attrs_define
class StepSummary:
    """ 
        Attributes:
            code (int):
            name (str):
            side (str):
            paper (str):
            stats (Stats):
     """

    code: int
    name: str
    side: str
    paper: str
    stats: Stats
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.stats import Stats # noqa: PLC0415
        code = self.code

        name = self.name

        side = self.side

        paper = self.paper

        stats = self.stats.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "name": name,
            "side": side,
            "paper": paper,
            "stats": stats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stats import Stats # noqa: PLC0415
        d = dict(src_dict)
        code = d.pop("code")

        name = d.pop("name")

        side = d.pop("side")

        paper = d.pop("paper")

        stats = Stats.from_dict(d.pop("stats"))




        step_summary = cls(
            code=code,
            name=name,
            side=side,
            paper=paper,
            stats=stats,
        )


        step_summary.additional_properties = d
        return step_summary

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.stats import Stats





T = TypeVar("T", bound="StepRow")



@_attrs_define
class StepRow:
    """ 
        Attributes:
            code (int):
            name (str):
            side (str):
            paper (str):
            runs_per_call (float):
            stats (Stats):
     """

    code: int
    name: str
    side: str
    paper: str
    runs_per_call: float
    stats: Stats
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.stats import Stats # noqa: PLC0415
        code = self.code

        name = self.name

        side = self.side

        paper = self.paper

        runs_per_call = self.runs_per_call

        stats = self.stats.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "name": name,
            "side": side,
            "paper": paper,
            "runs_per_call": runs_per_call,
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

        runs_per_call = d.pop("runs_per_call")

        stats = Stats.from_dict(d.pop("stats"))




        step_row = cls(
            code=code,
            name=name,
            side=side,
            paper=paper,
            runs_per_call=runs_per_call,
            stats=stats,
        )


        step_row.additional_properties = d
        return step_row

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

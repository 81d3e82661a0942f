from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="AnalysisPending")



@_attrs_define
class AnalysisPending:
    """ HTTP 202 of one kind while a worker is analysing the run: unavailable for now, with the reason and how far
    the worker is (the shape of any unavailable result, plus the progress).

        Attributes:
            available (bool):
            reason (str):
            state (Literal['analysing']):
            done (int):
            total (int):
     """

    available: bool
    reason: str
    state: Literal['analysing']
    done: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        available = self.available

        reason = self.reason

        state = self.state

        done = self.done

        total = self.total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "reason": reason,
            "state": state,
            "done": done,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available = d.pop("available")

        reason = d.pop("reason")

        state = cast(Literal['analysing'] , d.pop("state"))
        if state != 'analysing':
            raise ValueError(f"state must match const 'analysing', got '{state}'")

        done = d.pop("done")

        total = d.pop("total")

        analysis_pending = cls(
            available=available,
            reason=reason,
            state=state,
            done=done,
            total=total,
        )


        analysis_pending.additional_properties = d
        return analysis_pending

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

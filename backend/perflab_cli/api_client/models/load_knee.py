from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LoadKnee")



@_attrs_define
class LoadKnee:
    """ 
        Attributes:
            found (bool):
            sentence (str):
            below_per_s (float | None | Unset):
            above_per_s (float | None | Unset):
            reason (None | str | Unset):
     """

    found: bool
    sentence: str
    below_per_s: float | None | Unset = UNSET
    above_per_s: float | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        found = self.found

        sentence = self.sentence

        below_per_s: float | None | Unset
        if isinstance(self.below_per_s, Unset):
            below_per_s = UNSET
        else:
            below_per_s = self.below_per_s

        above_per_s: float | None | Unset
        if isinstance(self.above_per_s, Unset):
            above_per_s = UNSET
        else:
            above_per_s = self.above_per_s

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "found": found,
            "sentence": sentence,
        })
        if below_per_s is not UNSET:
            field_dict["below_per_s"] = below_per_s
        if above_per_s is not UNSET:
            field_dict["above_per_s"] = above_per_s
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        found = d.pop("found")

        sentence = d.pop("sentence")

        def _parse_below_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        below_per_s = _parse_below_per_s(d.pop("below_per_s", UNSET))


        def _parse_above_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        above_per_s = _parse_above_per_s(d.pop("above_per_s", UNSET))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        load_knee = cls(
            found=found,
            sentence=sentence,
            below_per_s=below_per_s,
            above_per_s=above_per_s,
            reason=reason,
        )


        load_knee.additional_properties = d
        return load_knee

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

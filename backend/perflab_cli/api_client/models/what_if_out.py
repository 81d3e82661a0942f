from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.segment_change import SegmentChange
  from ..models.what_if_mva import WhatIfMva





T = TypeVar("T", bound="WhatIfOut")



@_attrs_define
class WhatIfOut:
    """ 
        Attributes:
            baseline_rtt_ns (float):
            predicted_rtt_ns (float):
            speedup (float | None):
            baseline_calls_per_s (float):
            predicted_calls_per_s (float):
            changes (list[SegmentChange]):
            unknown (list[str]):
            mva (None | Unset | WhatIfMva):
     """

    baseline_rtt_ns: float
    predicted_rtt_ns: float
    speedup: float | None
    baseline_calls_per_s: float
    predicted_calls_per_s: float
    changes: list[SegmentChange]
    unknown: list[str]
    mva: None | Unset | WhatIfMva = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.segment_change import SegmentChange # noqa: PLC0415
        from ..models.what_if_mva import WhatIfMva # noqa: PLC0415
        baseline_rtt_ns = self.baseline_rtt_ns

        predicted_rtt_ns = self.predicted_rtt_ns

        speedup: float | None
        speedup = self.speedup

        baseline_calls_per_s = self.baseline_calls_per_s

        predicted_calls_per_s = self.predicted_calls_per_s

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)



        unknown = self.unknown



        mva: dict[str, Any] | None | Unset
        if isinstance(self.mva, Unset):
            mva = UNSET
        elif isinstance(self.mva, WhatIfMva):
            mva = self.mva.to_dict()
        else:
            mva = self.mva


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "baseline_rtt_ns": baseline_rtt_ns,
            "predicted_rtt_ns": predicted_rtt_ns,
            "speedup": speedup,
            "baseline_calls_per_s": baseline_calls_per_s,
            "predicted_calls_per_s": predicted_calls_per_s,
            "changes": changes,
            "unknown": unknown,
        })
        if mva is not UNSET:
            field_dict["mva"] = mva

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.segment_change import SegmentChange # noqa: PLC0415
        from ..models.what_if_mva import WhatIfMva # noqa: PLC0415
        d = dict(src_dict)
        baseline_rtt_ns = d.pop("baseline_rtt_ns")

        predicted_rtt_ns = d.pop("predicted_rtt_ns")

        def _parse_speedup(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        speedup = _parse_speedup(d.pop("speedup"))


        baseline_calls_per_s = d.pop("baseline_calls_per_s")

        predicted_calls_per_s = d.pop("predicted_calls_per_s")

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in (_changes):
            changes_item = SegmentChange.from_dict(changes_item_data)



            changes.append(changes_item)


        unknown = cast(list[str], d.pop("unknown"))


        def _parse_mva(data: object) -> None | Unset | WhatIfMva:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mva_type_0 = WhatIfMva.from_dict(data)



                return mva_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WhatIfMva, data)

        mva = _parse_mva(d.pop("mva", UNSET))


        what_if_out = cls(
            baseline_rtt_ns=baseline_rtt_ns,
            predicted_rtt_ns=predicted_rtt_ns,
            speedup=speedup,
            baseline_calls_per_s=baseline_calls_per_s,
            predicted_calls_per_s=predicted_calls_per_s,
            changes=changes,
            unknown=unknown,
            mva=mva,
        )


        what_if_out.additional_properties = d
        return what_if_out

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

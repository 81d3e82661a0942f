from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.tail_segment import TailSegment





T = TypeVar("T", bound="TailAttribution")



@_attrs_define
class TailAttribution:
    """ 
        Attributes:
            level (str):
            p (float):
            threshold_ns (float):
            tail_calls (int):
            band_calls (int):
            median_ns (float):
            tail_mean_ns (float):
            excess_ns (float):
            excess_low_ns (float):
            excess_high_ns (float):
            segments (list[TailSegment]):
            call_nos (list[int]):
            call_nos_cut (bool):
            sentence (str):
     """

    level: str
    p: float
    threshold_ns: float
    tail_calls: int
    band_calls: int
    median_ns: float
    tail_mean_ns: float
    excess_ns: float
    excess_low_ns: float
    excess_high_ns: float
    segments: list[TailSegment]
    call_nos: list[int]
    call_nos_cut: bool
    sentence: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.tail_segment import TailSegment # noqa: PLC0415
        level = self.level

        p = self.p

        threshold_ns = self.threshold_ns

        tail_calls = self.tail_calls

        band_calls = self.band_calls

        median_ns = self.median_ns

        tail_mean_ns = self.tail_mean_ns

        excess_ns = self.excess_ns

        excess_low_ns = self.excess_low_ns

        excess_high_ns = self.excess_high_ns

        segments = []
        for segments_item_data in self.segments:
            segments_item = segments_item_data.to_dict()
            segments.append(segments_item)



        call_nos = self.call_nos



        call_nos_cut = self.call_nos_cut

        sentence = self.sentence


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "level": level,
            "p": p,
            "threshold_ns": threshold_ns,
            "tail_calls": tail_calls,
            "band_calls": band_calls,
            "median_ns": median_ns,
            "tail_mean_ns": tail_mean_ns,
            "excess_ns": excess_ns,
            "excess_low_ns": excess_low_ns,
            "excess_high_ns": excess_high_ns,
            "segments": segments,
            "call_nos": call_nos,
            "call_nos_cut": call_nos_cut,
            "sentence": sentence,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tail_segment import TailSegment # noqa: PLC0415
        d = dict(src_dict)
        level = d.pop("level")

        p = d.pop("p")

        threshold_ns = d.pop("threshold_ns")

        tail_calls = d.pop("tail_calls")

        band_calls = d.pop("band_calls")

        median_ns = d.pop("median_ns")

        tail_mean_ns = d.pop("tail_mean_ns")

        excess_ns = d.pop("excess_ns")

        excess_low_ns = d.pop("excess_low_ns")

        excess_high_ns = d.pop("excess_high_ns")

        segments = []
        _segments = d.pop("segments")
        for segments_item_data in (_segments):
            segments_item = TailSegment.from_dict(segments_item_data)



            segments.append(segments_item)


        call_nos = cast(list[int], d.pop("call_nos"))


        call_nos_cut = d.pop("call_nos_cut")

        sentence = d.pop("sentence")

        tail_attribution = cls(
            level=level,
            p=p,
            threshold_ns=threshold_ns,
            tail_calls=tail_calls,
            band_calls=band_calls,
            median_ns=median_ns,
            tail_mean_ns=tail_mean_ns,
            excess_ns=excess_ns,
            excess_low_ns=excess_low_ns,
            excess_high_ns=excess_high_ns,
            segments=segments,
            call_nos=call_nos,
            call_nos_cut=call_nos_cut,
            sentence=sentence,
        )


        tail_attribution.additional_properties = d
        return tail_attribution

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

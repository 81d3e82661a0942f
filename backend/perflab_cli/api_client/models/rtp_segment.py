from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rtp_segment_kind import RtpSegmentKind
from typing import cast

if TYPE_CHECKING:
  from ..models.rtp_part import RtpPart





T = TypeVar("T", bound="RtpSegment")



@_attrs_define
class RtpSegment:
    """ 
        Attributes:
            code (int | None):
            kind (RtpSegmentKind):
            name (str):
            lanes (list[str]):
            parts (list[RtpPart]):
            mean_ns (float):
            mean_start_ns (float):
            mean_end_ns (float):
            on_path_share (float):
            mean_on_path_ns (float):
     """

    code: int | None
    kind: RtpSegmentKind
    name: str
    lanes: list[str]
    parts: list[RtpPart]
    mean_ns: float
    mean_start_ns: float
    mean_end_ns: float
    on_path_share: float
    mean_on_path_ns: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rtp_part import RtpPart # noqa: PLC0415
        code: int | None
        code = self.code

        kind = self.kind.value

        name = self.name

        lanes = self.lanes



        parts = []
        for parts_item_data in self.parts:
            parts_item = parts_item_data.to_dict()
            parts.append(parts_item)



        mean_ns = self.mean_ns

        mean_start_ns = self.mean_start_ns

        mean_end_ns = self.mean_end_ns

        on_path_share = self.on_path_share

        mean_on_path_ns = self.mean_on_path_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "kind": kind,
            "name": name,
            "lanes": lanes,
            "parts": parts,
            "mean_ns": mean_ns,
            "mean_start_ns": mean_start_ns,
            "mean_end_ns": mean_end_ns,
            "on_path_share": on_path_share,
            "mean_on_path_ns": mean_on_path_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rtp_part import RtpPart # noqa: PLC0415
        d = dict(src_dict)
        def _parse_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        code = _parse_code(d.pop("code"))


        kind = RtpSegmentKind(d.pop("kind"))




        name = d.pop("name")

        lanes = cast(list[str], d.pop("lanes"))


        parts = []
        _parts = d.pop("parts")
        for parts_item_data in (_parts):
            parts_item = RtpPart.from_dict(parts_item_data)



            parts.append(parts_item)


        mean_ns = d.pop("mean_ns")

        mean_start_ns = d.pop("mean_start_ns")

        mean_end_ns = d.pop("mean_end_ns")

        on_path_share = d.pop("on_path_share")

        mean_on_path_ns = d.pop("mean_on_path_ns")

        rtp_segment = cls(
            code=code,
            kind=kind,
            name=name,
            lanes=lanes,
            parts=parts,
            mean_ns=mean_ns,
            mean_start_ns=mean_start_ns,
            mean_end_ns=mean_end_ns,
            on_path_share=on_path_share,
            mean_on_path_ns=mean_on_path_ns,
        )


        rtp_segment.additional_properties = d
        return rtp_segment

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

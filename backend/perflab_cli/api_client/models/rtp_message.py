from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RtpMessage")



@_attrs_define
class RtpMessage:
    """ 
        Attributes:
            message (str):
            from_lane (str):
            to_lane (str):
            from_ns (float):
            to_ns (float):
            queued_share (float):
            mean_queued_ns (float):
     """

    message: str
    from_lane: str
    to_lane: str
    from_ns: float
    to_ns: float
    queued_share: float
    mean_queued_ns: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        message = self.message

        from_lane = self.from_lane

        to_lane = self.to_lane

        from_ns = self.from_ns

        to_ns = self.to_ns

        queued_share = self.queued_share

        mean_queued_ns = self.mean_queued_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "message": message,
            "from_lane": from_lane,
            "to_lane": to_lane,
            "from_ns": from_ns,
            "to_ns": to_ns,
            "queued_share": queued_share,
            "mean_queued_ns": mean_queued_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message = d.pop("message")

        from_lane = d.pop("from_lane")

        to_lane = d.pop("to_lane")

        from_ns = d.pop("from_ns")

        to_ns = d.pop("to_ns")

        queued_share = d.pop("queued_share")

        mean_queued_ns = d.pop("mean_queued_ns")

        rtp_message = cls(
            message=message,
            from_lane=from_lane,
            to_lane=to_lane,
            from_ns=from_ns,
            to_ns=to_ns,
            queued_share=queued_share,
            mean_queued_ns=mean_queued_ns,
        )


        rtp_message.additional_properties = d
        return rtp_message

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

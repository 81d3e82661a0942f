from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rtp_message import RtpMessage
  from ..models.rtp_segment import RtpSegment





T = TypeVar("T", bound="RtpPoint")



@_attrs_define
class RtpPoint:
    """ 
        Attributes:
            point_no (int):
            calls (int):
            measured_rtt_ns (float):
            calculated_rtt_ns (float):
            untimed_on_path_ns (float):
            percent_error (float | None):
            segments (list[RtpSegment]):
            messages (list[RtpMessage]):
            incomplete_calls (int | Unset):  Default: 0.
            untraced_calls (int | Unset):  Default: 0.
            untraced_excess_ns (float | Unset):  Default: 0.0.
     """

    point_no: int
    calls: int
    measured_rtt_ns: float
    calculated_rtt_ns: float
    untimed_on_path_ns: float
    percent_error: float | None
    segments: list[RtpSegment]
    messages: list[RtpMessage]
    incomplete_calls: int | Unset = 0
    untraced_calls: int | Unset = 0
    untraced_excess_ns: float | Unset = 0.0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rtp_message import RtpMessage # noqa: PLC0415
        from ..models.rtp_segment import RtpSegment # noqa: PLC0415
        point_no = self.point_no

        calls = self.calls

        measured_rtt_ns = self.measured_rtt_ns

        calculated_rtt_ns = self.calculated_rtt_ns

        untimed_on_path_ns = self.untimed_on_path_ns

        percent_error: float | None
        percent_error = self.percent_error

        segments = []
        for segments_item_data in self.segments:
            segments_item = segments_item_data.to_dict()
            segments.append(segments_item)



        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)



        incomplete_calls = self.incomplete_calls

        untraced_calls = self.untraced_calls

        untraced_excess_ns = self.untraced_excess_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "calls": calls,
            "measured_rtt_ns": measured_rtt_ns,
            "calculated_rtt_ns": calculated_rtt_ns,
            "untimed_on_path_ns": untimed_on_path_ns,
            "percent_error": percent_error,
            "segments": segments,
            "messages": messages,
        })
        if incomplete_calls is not UNSET:
            field_dict["incomplete_calls"] = incomplete_calls
        if untraced_calls is not UNSET:
            field_dict["untraced_calls"] = untraced_calls
        if untraced_excess_ns is not UNSET:
            field_dict["untraced_excess_ns"] = untraced_excess_ns

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rtp_message import RtpMessage # noqa: PLC0415
        from ..models.rtp_segment import RtpSegment # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        calls = d.pop("calls")

        measured_rtt_ns = d.pop("measured_rtt_ns")

        calculated_rtt_ns = d.pop("calculated_rtt_ns")

        untimed_on_path_ns = d.pop("untimed_on_path_ns")

        def _parse_percent_error(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        percent_error = _parse_percent_error(d.pop("percent_error"))


        segments = []
        _segments = d.pop("segments")
        for segments_item_data in (_segments):
            segments_item = RtpSegment.from_dict(segments_item_data)



            segments.append(segments_item)


        messages = []
        _messages = d.pop("messages")
        for messages_item_data in (_messages):
            messages_item = RtpMessage.from_dict(messages_item_data)



            messages.append(messages_item)


        incomplete_calls = d.pop("incomplete_calls", UNSET)

        untraced_calls = d.pop("untraced_calls", UNSET)

        untraced_excess_ns = d.pop("untraced_excess_ns", UNSET)

        rtp_point = cls(
            point_no=point_no,
            calls=calls,
            measured_rtt_ns=measured_rtt_ns,
            calculated_rtt_ns=calculated_rtt_ns,
            untimed_on_path_ns=untimed_on_path_ns,
            percent_error=percent_error,
            segments=segments,
            messages=messages,
            incomplete_calls=incomplete_calls,
            untraced_calls=untraced_calls,
            untraced_excess_ns=untraced_excess_ns,
        )


        rtp_point.additional_properties = d
        return rtp_point

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

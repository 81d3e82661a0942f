from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="RunThroughput")



@_attrs_define
class RunThroughput:
    """ GET /api/runs/{id}/throughput (stream runs): one entry per interval record of the sender.

        Attributes:
            start_ns (list[int]):
            duration_ns (list[int]):
            bytes_ (list[int]):
            bytes_per_s (list[float]):
            sent_bytes (int):
            mean_bytes_per_s (float | None):
            received_bytes (int | None):
            receiver_bytes_per_s (float | None):
     """

    start_ns: list[int]
    duration_ns: list[int]
    bytes_: list[int]
    bytes_per_s: list[float]
    sent_bytes: int
    mean_bytes_per_s: float | None
    received_bytes: int | None
    receiver_bytes_per_s: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        start_ns = self.start_ns



        duration_ns = self.duration_ns



        bytes_ = self.bytes_



        bytes_per_s = self.bytes_per_s



        sent_bytes = self.sent_bytes

        mean_bytes_per_s: float | None
        mean_bytes_per_s = self.mean_bytes_per_s

        received_bytes: int | None
        received_bytes = self.received_bytes

        receiver_bytes_per_s: float | None
        receiver_bytes_per_s = self.receiver_bytes_per_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "start_ns": start_ns,
            "duration_ns": duration_ns,
            "bytes": bytes_,
            "bytes_per_s": bytes_per_s,
            "sent_bytes": sent_bytes,
            "mean_bytes_per_s": mean_bytes_per_s,
            "received_bytes": received_bytes,
            "receiver_bytes_per_s": receiver_bytes_per_s,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start_ns = cast(list[int], d.pop("start_ns"))


        duration_ns = cast(list[int], d.pop("duration_ns"))


        bytes_ = cast(list[int], d.pop("bytes"))


        bytes_per_s = cast(list[float], d.pop("bytes_per_s"))


        sent_bytes = d.pop("sent_bytes")

        def _parse_mean_bytes_per_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_bytes_per_s = _parse_mean_bytes_per_s(d.pop("mean_bytes_per_s"))


        def _parse_received_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        received_bytes = _parse_received_bytes(d.pop("received_bytes"))


        def _parse_receiver_bytes_per_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        receiver_bytes_per_s = _parse_receiver_bytes_per_s(d.pop("receiver_bytes_per_s"))


        run_throughput = cls(
            start_ns=start_ns,
            duration_ns=duration_ns,
            bytes_=bytes_,
            bytes_per_s=bytes_per_s,
            sent_bytes=sent_bytes,
            mean_bytes_per_s=mean_bytes_per_s,
            received_bytes=received_bytes,
            receiver_bytes_per_s=receiver_bytes_per_s,
        )


        run_throughput.additional_properties = d
        return run_throughput

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

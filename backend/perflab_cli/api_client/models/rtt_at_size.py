from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.calls_mean import CallsMean





T = TypeVar("T", bound="RttAtSize")



@_attrs_define
class RttAtSize:
    """ 
        Attributes:
            point_no (int):
            request_bytes (int):
            label (str):
            threads (int):
            think_ns (float):
            rpc_packets (int):
            network_packets (int):
            first_calls (CallsMean | None):
            later_calls (CallsMean | None):
     """

    point_no: int
    request_bytes: int
    label: str
    threads: int
    think_ns: float
    rpc_packets: int
    network_packets: int
    first_calls: CallsMean | None
    later_calls: CallsMean | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.calls_mean import CallsMean # noqa: PLC0415
        point_no = self.point_no

        request_bytes = self.request_bytes

        label = self.label

        threads = self.threads

        think_ns = self.think_ns

        rpc_packets = self.rpc_packets

        network_packets = self.network_packets

        first_calls: dict[str, Any] | None
        if isinstance(self.first_calls, CallsMean):
            first_calls = self.first_calls.to_dict()
        else:
            first_calls = self.first_calls

        later_calls: dict[str, Any] | None
        if isinstance(self.later_calls, CallsMean):
            later_calls = self.later_calls.to_dict()
        else:
            later_calls = self.later_calls


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "request_bytes": request_bytes,
            "label": label,
            "threads": threads,
            "think_ns": think_ns,
            "rpc_packets": rpc_packets,
            "network_packets": network_packets,
            "first_calls": first_calls,
            "later_calls": later_calls,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calls_mean import CallsMean # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        request_bytes = d.pop("request_bytes")

        label = d.pop("label")

        threads = d.pop("threads")

        think_ns = d.pop("think_ns")

        rpc_packets = d.pop("rpc_packets")

        network_packets = d.pop("network_packets")

        def _parse_first_calls(data: object) -> CallsMean | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_calls_type_0 = CallsMean.from_dict(data)



                return first_calls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CallsMean | None, data)

        first_calls = _parse_first_calls(d.pop("first_calls"))


        def _parse_later_calls(data: object) -> CallsMean | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                later_calls_type_0 = CallsMean.from_dict(data)



                return later_calls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CallsMean | None, data)

        later_calls = _parse_later_calls(d.pop("later_calls"))


        rtt_at_size = cls(
            point_no=point_no,
            request_bytes=request_bytes,
            label=label,
            threads=threads,
            think_ns=think_ns,
            rpc_packets=rpc_packets,
            network_packets=network_packets,
            first_calls=first_calls,
            later_calls=later_calls,
        )


        rtt_at_size.additional_properties = d
        return rtt_at_size

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

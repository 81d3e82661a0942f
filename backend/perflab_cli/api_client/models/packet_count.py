from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="PacketCount")



@_attrs_define
class PacketCount:
    """ 
        Attributes:
            request_bytes (int):
            rpc_packets (int):
            network_packets (int):
            data_per_network_packet (list[int]):
     """

    request_bytes: int
    rpc_packets: int
    network_packets: int
    data_per_network_packet: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        request_bytes = self.request_bytes

        rpc_packets = self.rpc_packets

        network_packets = self.network_packets

        data_per_network_packet = self.data_per_network_packet




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "request_bytes": request_bytes,
            "rpc_packets": rpc_packets,
            "network_packets": network_packets,
            "data_per_network_packet": data_per_network_packet,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_bytes = d.pop("request_bytes")

        rpc_packets = d.pop("rpc_packets")

        network_packets = d.pop("network_packets")

        data_per_network_packet = cast(list[int], d.pop("data_per_network_packet"))


        packet_count = cls(
            request_bytes=request_bytes,
            rpc_packets=rpc_packets,
            network_packets=network_packets,
            data_per_network_packet=data_per_network_packet,
        )


        packet_count.additional_properties = d
        return packet_count

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

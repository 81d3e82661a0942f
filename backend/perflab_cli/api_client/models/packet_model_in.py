from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PacketModelIn")



@_attrs_define
class PacketModelIn:
    """ 
        Attributes:
            rpc_header_bytes (int | Unset):  Default: 80.
            data_per_rpc_packet (int | Unset):  Default: 4016.
            udp_header_bytes (int | Unset):  Default: 8.
            ip_header_bytes (int | Unset):  Default: 20.
            mtu_bytes (int | Unset):  Default: 1500.
            sizes (list[int] | Unset):
            jumps_up_to (int | Unset):  Default: 65536.
     """

    rpc_header_bytes: int | Unset = 80
    data_per_rpc_packet: int | Unset = 4016
    udp_header_bytes: int | Unset = 8
    ip_header_bytes: int | Unset = 20
    mtu_bytes: int | Unset = 1500
    sizes: list[int] | Unset = UNSET
    jumps_up_to: int | Unset = 65536
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        rpc_header_bytes = self.rpc_header_bytes

        data_per_rpc_packet = self.data_per_rpc_packet

        udp_header_bytes = self.udp_header_bytes

        ip_header_bytes = self.ip_header_bytes

        mtu_bytes = self.mtu_bytes

        sizes: list[int] | Unset = UNSET
        if not isinstance(self.sizes, Unset):
            sizes = self.sizes



        jumps_up_to = self.jumps_up_to


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if rpc_header_bytes is not UNSET:
            field_dict["rpc_header_bytes"] = rpc_header_bytes
        if data_per_rpc_packet is not UNSET:
            field_dict["data_per_rpc_packet"] = data_per_rpc_packet
        if udp_header_bytes is not UNSET:
            field_dict["udp_header_bytes"] = udp_header_bytes
        if ip_header_bytes is not UNSET:
            field_dict["ip_header_bytes"] = ip_header_bytes
        if mtu_bytes is not UNSET:
            field_dict["mtu_bytes"] = mtu_bytes
        if sizes is not UNSET:
            field_dict["sizes"] = sizes
        if jumps_up_to is not UNSET:
            field_dict["jumps_up_to"] = jumps_up_to

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rpc_header_bytes = d.pop("rpc_header_bytes", UNSET)

        data_per_rpc_packet = d.pop("data_per_rpc_packet", UNSET)

        udp_header_bytes = d.pop("udp_header_bytes", UNSET)

        ip_header_bytes = d.pop("ip_header_bytes", UNSET)

        mtu_bytes = d.pop("mtu_bytes", UNSET)

        sizes = cast(list[int], d.pop("sizes", UNSET))


        jumps_up_to = d.pop("jumps_up_to", UNSET)

        packet_model_in = cls(
            rpc_header_bytes=rpc_header_bytes,
            data_per_rpc_packet=data_per_rpc_packet,
            udp_header_bytes=udp_header_bytes,
            ip_header_bytes=ip_header_bytes,
            mtu_bytes=mtu_bytes,
            sizes=sizes,
            jumps_up_to=jumps_up_to,
        )


        packet_model_in.additional_properties = d
        return packet_model_in

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NetPath")



@_attrs_define
class NetPath:
    """ An interface traffic takes (agents/src/wire/netinfo.c): as advertised at enrolment or as the client reported.

        Attributes:
            peer (None | str | Unset):
            interface (None | str | Unset):
            mtu (int | None | Unset):
            speed_mbps (float | None | Unset):
     """

    peer: None | str | Unset = UNSET
    interface: None | str | Unset = UNSET
    mtu: int | None | Unset = UNSET
    speed_mbps: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        peer: None | str | Unset
        if isinstance(self.peer, Unset):
            peer = UNSET
        else:
            peer = self.peer

        interface: None | str | Unset
        if isinstance(self.interface, Unset):
            interface = UNSET
        else:
            interface = self.interface

        mtu: int | None | Unset
        if isinstance(self.mtu, Unset):
            mtu = UNSET
        else:
            mtu = self.mtu

        speed_mbps: float | None | Unset
        if isinstance(self.speed_mbps, Unset):
            speed_mbps = UNSET
        else:
            speed_mbps = self.speed_mbps


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if peer is not UNSET:
            field_dict["peer"] = peer
        if interface is not UNSET:
            field_dict["interface"] = interface
        if mtu is not UNSET:
            field_dict["mtu"] = mtu
        if speed_mbps is not UNSET:
            field_dict["speed_mbps"] = speed_mbps

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_peer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        peer = _parse_peer(d.pop("peer", UNSET))


        def _parse_interface(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        interface = _parse_interface(d.pop("interface", UNSET))


        def _parse_mtu(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        mtu = _parse_mtu(d.pop("mtu", UNSET))


        def _parse_speed_mbps(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        speed_mbps = _parse_speed_mbps(d.pop("speed_mbps", UNSET))


        net_path = cls(
            peer=peer,
            interface=interface,
            mtu=mtu,
            speed_mbps=speed_mbps,
        )


        net_path.additional_properties = d
        return net_path

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

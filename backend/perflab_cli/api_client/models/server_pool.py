from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ServerPool")



@_attrs_define
class ServerPool:
    """ 
        Attributes:
            servers (int):
            server_threads (int | None):
            server_cpus (int | None):
            why (str):
     """

    servers: int
    server_threads: int | None
    server_cpus: int | None
    why: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        servers = self.servers

        server_threads: int | None
        server_threads = self.server_threads

        server_cpus: int | None
        server_cpus = self.server_cpus

        why = self.why


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "servers": servers,
            "server_threads": server_threads,
            "server_cpus": server_cpus,
            "why": why,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        servers = d.pop("servers")

        def _parse_server_threads(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        server_threads = _parse_server_threads(d.pop("server_threads"))


        def _parse_server_cpus(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        server_cpus = _parse_server_cpus(d.pop("server_cpus"))


        why = d.pop("why")

        server_pool = cls(
            servers=servers,
            server_threads=server_threads,
            server_cpus=server_cpus,
            why=why,
        )


        server_pool.additional_properties = d
        return server_pool

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

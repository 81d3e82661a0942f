from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RpcPoint")



@_attrs_define
class RpcPoint:
    """ 
        Attributes:
            point_no (int):
            request_bytes (int):
            threads (int):
            think_time_us (int):
            protection (str):
            cache (str):
            inject (bool | Unset):  Default: False.
            rate_calls_s (float | None | Unset):
     """

    point_no: int
    request_bytes: int
    threads: int
    think_time_us: int
    protection: str
    cache: str
    inject: bool | Unset = False
    rate_calls_s: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        request_bytes = self.request_bytes

        threads = self.threads

        think_time_us = self.think_time_us

        protection = self.protection

        cache = self.cache

        inject = self.inject

        rate_calls_s: float | None | Unset
        if isinstance(self.rate_calls_s, Unset):
            rate_calls_s = UNSET
        else:
            rate_calls_s = self.rate_calls_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "request_bytes": request_bytes,
            "threads": threads,
            "think_time_us": think_time_us,
            "protection": protection,
            "cache": cache,
        })
        if inject is not UNSET:
            field_dict["inject"] = inject
        if rate_calls_s is not UNSET:
            field_dict["rate_calls_s"] = rate_calls_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        request_bytes = d.pop("request_bytes")

        threads = d.pop("threads")

        think_time_us = d.pop("think_time_us")

        protection = d.pop("protection")

        cache = d.pop("cache")

        inject = d.pop("inject", UNSET)

        def _parse_rate_calls_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate_calls_s = _parse_rate_calls_s(d.pop("rate_calls_s", UNSET))


        rpc_point = cls(
            point_no=point_no,
            request_bytes=request_bytes,
            threads=threads,
            think_time_us=think_time_us,
            protection=protection,
            cache=cache,
            inject=inject,
            rate_calls_s=rate_calls_s,
        )


        rpc_point.additional_properties = d
        return rpc_point

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

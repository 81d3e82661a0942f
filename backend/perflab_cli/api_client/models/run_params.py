from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RunParams")



@_attrs_define
class RunParams:
    """ 
        Attributes:
            transport (str):
            request_bytes (int):
            response_bytes (int):
            calls (int):
            warmup_calls (int):
            timeout_s (int):
     """

    transport: str
    request_bytes: int
    response_bytes: int
    calls: int
    warmup_calls: int
    timeout_s: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        transport = self.transport

        request_bytes = self.request_bytes

        response_bytes = self.response_bytes

        calls = self.calls

        warmup_calls = self.warmup_calls

        timeout_s = self.timeout_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "transport": transport,
            "request_bytes": request_bytes,
            "response_bytes": response_bytes,
            "calls": calls,
            "warmup_calls": warmup_calls,
            "timeout_s": timeout_s,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transport = d.pop("transport")

        request_bytes = d.pop("request_bytes")

        response_bytes = d.pop("response_bytes")

        calls = d.pop("calls")

        warmup_calls = d.pop("warmup_calls")

        timeout_s = d.pop("timeout_s")

        run_params = cls(
            transport=transport,
            request_bytes=request_bytes,
            response_bytes=response_bytes,
            calls=calls,
            warmup_calls=warmup_calls,
            timeout_s=timeout_s,
        )


        run_params.additional_properties = d
        return run_params

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="StudyRow")



@_attrs_define
class StudyRow:
    """ 
        Attributes:
            run_id (int):
            link_profile (str):
            transport (str):
            request_bytes (int):
            threads (int):
            calls (int):
            mean_ms (float):
            median_ms (float):
     """

    run_id: int
    link_profile: str
    transport: str
    request_bytes: int
    threads: int
    calls: int
    mean_ms: float
    median_ms: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        link_profile = self.link_profile

        transport = self.transport

        request_bytes = self.request_bytes

        threads = self.threads

        calls = self.calls

        mean_ms = self.mean_ms

        median_ms = self.median_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "run_id": run_id,
            "link_profile": link_profile,
            "transport": transport,
            "request_bytes": request_bytes,
            "threads": threads,
            "calls": calls,
            "mean_ms": mean_ms,
            "median_ms": median_ms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        link_profile = d.pop("link_profile")

        transport = d.pop("transport")

        request_bytes = d.pop("request_bytes")

        threads = d.pop("threads")

        calls = d.pop("calls")

        mean_ms = d.pop("mean_ms")

        median_ms = d.pop("median_ms")

        study_row = cls(
            run_id=run_id,
            link_profile=link_profile,
            transport=transport,
            request_bytes=request_bytes,
            threads=threads,
            calls=calls,
            mean_ms=mean_ms,
            median_ms=median_ms,
        )


        study_row.additional_properties = d
        return study_row

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

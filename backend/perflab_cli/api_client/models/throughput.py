from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Throughput")



@_attrs_define
class Throughput:
    """ 
        Attributes:
            point_no (int):
            threads (int):
            threads_seen (int):
            think_ns (float):
            label (str):
            request_bytes (int):
            calls (int):
            elapsed_s (float):
            calls_per_s (float):
            mbit_per_s (float):
            calls_per_s_per_thread (float):
     """

    point_no: int
    threads: int
    threads_seen: int
    think_ns: float
    label: str
    request_bytes: int
    calls: int
    elapsed_s: float
    calls_per_s: float
    mbit_per_s: float
    calls_per_s_per_thread: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        point_no = self.point_no

        threads = self.threads

        threads_seen = self.threads_seen

        think_ns = self.think_ns

        label = self.label

        request_bytes = self.request_bytes

        calls = self.calls

        elapsed_s = self.elapsed_s

        calls_per_s = self.calls_per_s

        mbit_per_s = self.mbit_per_s

        calls_per_s_per_thread = self.calls_per_s_per_thread


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "threads": threads,
            "threads_seen": threads_seen,
            "think_ns": think_ns,
            "label": label,
            "request_bytes": request_bytes,
            "calls": calls,
            "elapsed_s": elapsed_s,
            "calls_per_s": calls_per_s,
            "mbit_per_s": mbit_per_s,
            "calls_per_s_per_thread": calls_per_s_per_thread,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        point_no = d.pop("point_no")

        threads = d.pop("threads")

        threads_seen = d.pop("threads_seen")

        think_ns = d.pop("think_ns")

        label = d.pop("label")

        request_bytes = d.pop("request_bytes")

        calls = d.pop("calls")

        elapsed_s = d.pop("elapsed_s")

        calls_per_s = d.pop("calls_per_s")

        mbit_per_s = d.pop("mbit_per_s")

        calls_per_s_per_thread = d.pop("calls_per_s_per_thread")

        throughput = cls(
            point_no=point_no,
            threads=threads,
            threads_seen=threads_seen,
            think_ns=think_ns,
            label=label,
            request_bytes=request_bytes,
            calls=calls,
            elapsed_s=elapsed_s,
            calls_per_s=calls_per_s,
            mbit_per_s=mbit_per_s,
            calls_per_s_per_thread=calls_per_s_per_thread,
        )


        throughput.additional_properties = d
        return throughput

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TraceSize")



@_attrs_define
class TraceSize:
    """ What GET /api/runs/{id}/trace.json will weigh (services/exports/trace.py size_estimate): said before the
    download.

        Attributes:
            events (int):
            json_bytes (int):
            gzip_bytes (int):
     """

    events: int
    json_bytes: int
    gzip_bytes: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        events = self.events

        json_bytes = self.json_bytes

        gzip_bytes = self.gzip_bytes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "events": events,
            "json_bytes": json_bytes,
            "gzip_bytes": gzip_bytes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        events = d.pop("events")

        json_bytes = d.pop("json_bytes")

        gzip_bytes = d.pop("gzip_bytes")

        trace_size = cls(
            events=events,
            json_bytes=json_bytes,
            gzip_bytes=gzip_bytes,
        )


        trace_size.additional_properties = d
        return trace_size

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

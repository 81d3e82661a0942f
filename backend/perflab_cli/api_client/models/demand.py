from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.demand_kind import DemandKind
from typing import cast

if TYPE_CHECKING:
  from ..models.demand_source import DemandSource





T = TypeVar("T", bound="Demand")



@_attrs_define
class Demand:
    """ 
        Attributes:
            device (str):
            kind (DemandKind):
            total_ns (float):
            phase2_ns (float):
            note (str):
            servers (int):
            cv2 (float | None):
            sources (list[DemandSource]):
     """

    device: str
    kind: DemandKind
    total_ns: float
    phase2_ns: float
    note: str
    servers: int
    cv2: float | None
    sources: list[DemandSource]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.demand_source import DemandSource # noqa: PLC0415
        device = self.device

        kind = self.kind.value

        total_ns = self.total_ns

        phase2_ns = self.phase2_ns

        note = self.note

        servers = self.servers

        cv2: float | None
        cv2 = self.cv2

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "device": device,
            "kind": kind,
            "total_ns": total_ns,
            "phase2_ns": phase2_ns,
            "note": note,
            "servers": servers,
            "cv2": cv2,
            "sources": sources,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.demand_source import DemandSource # noqa: PLC0415
        d = dict(src_dict)
        device = d.pop("device")

        kind = DemandKind(d.pop("kind"))




        total_ns = d.pop("total_ns")

        phase2_ns = d.pop("phase2_ns")

        note = d.pop("note")

        servers = d.pop("servers")

        def _parse_cv2(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        cv2 = _parse_cv2(d.pop("cv2"))


        sources = []
        _sources = d.pop("sources")
        for sources_item_data in (_sources):
            sources_item = DemandSource.from_dict(sources_item_data)



            sources.append(sources_item)


        demand = cls(
            device=device,
            kind=kind,
            total_ns=total_ns,
            phase2_ns=phase2_ns,
            note=note,
            servers=servers,
            cv2=cv2,
            sources=sources,
        )


        demand.additional_properties = d
        return demand

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

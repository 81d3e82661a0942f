from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.station_in_kind import StationInKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="StationIn")



@_attrs_define
class StationIn:
    """ 
        Attributes:
            name (str):
            demands (list[float]):
            kind (StationInKind | Unset):  Default: StationInKind.QUEUE.
            phase2 (list[float] | None | Unset):
            servers (int | Unset):  Default: 1.
     """

    name: str
    demands: list[float]
    kind: StationInKind | Unset = StationInKind.QUEUE
    phase2: list[float] | None | Unset = UNSET
    servers: int | Unset = 1
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        demands = self.demands



        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        phase2: list[float] | None | Unset
        if isinstance(self.phase2, Unset):
            phase2 = UNSET
        elif isinstance(self.phase2, list):
            phase2 = self.phase2


        else:
            phase2 = self.phase2

        servers = self.servers


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "demands": demands,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if phase2 is not UNSET:
            field_dict["phase2"] = phase2
        if servers is not UNSET:
            field_dict["servers"] = servers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        demands = cast(list[float], d.pop("demands"))


        _kind = d.pop("kind", UNSET)
        kind: StationInKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = StationInKind(_kind)




        def _parse_phase2(data: object) -> list[float] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                phase2_type_0 = cast(list[float], data)

                return phase2_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None | Unset, data)

        phase2 = _parse_phase2(d.pop("phase2", UNSET))


        servers = d.pop("servers", UNSET)

        station_in = cls(
            name=name,
            demands=demands,
            kind=kind,
            phase2=phase2,
            servers=servers,
        )


        station_in.additional_properties = d
        return station_in

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

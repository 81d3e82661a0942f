from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Crossover")



@_attrs_define
class Crossover:
    """ 
        Attributes:
            link_profile (str):
            threads (int):
            sizes (int):
            crossover_kb (float | None):
            udp_faster_kb (list[float]):
            statement (str):
     """

    link_profile: str
    threads: int
    sizes: int
    crossover_kb: float | None
    udp_faster_kb: list[float]
    statement: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        link_profile = self.link_profile

        threads = self.threads

        sizes = self.sizes

        crossover_kb: float | None
        crossover_kb = self.crossover_kb

        udp_faster_kb = self.udp_faster_kb



        statement = self.statement


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "link_profile": link_profile,
            "threads": threads,
            "sizes": sizes,
            "crossover_kb": crossover_kb,
            "udp_faster_kb": udp_faster_kb,
            "statement": statement,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        link_profile = d.pop("link_profile")

        threads = d.pop("threads")

        sizes = d.pop("sizes")

        def _parse_crossover_kb(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        crossover_kb = _parse_crossover_kb(d.pop("crossover_kb"))


        udp_faster_kb = cast(list[float], d.pop("udp_faster_kb"))


        statement = d.pop("statement")

        crossover = cls(
            link_profile=link_profile,
            threads=threads,
            sizes=sizes,
            crossover_kb=crossover_kb,
            udp_faster_kb=udp_faster_kb,
            statement=statement,
        )


        crossover.additional_properties = d
        return crossover

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="MvaSweepRow")



@_attrs_define
class MvaSweepRow:
    """ 
        Attributes:
            threads (int):
            think (float):
            response (float):
            throughput (float):
            utilisation (list[float]):
            bottleneck (None | str):
     """

    threads: int
    think: float
    response: float
    throughput: float
    utilisation: list[float]
    bottleneck: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        threads = self.threads

        think = self.think

        response = self.response

        throughput = self.throughput

        utilisation = self.utilisation



        bottleneck: None | str
        bottleneck = self.bottleneck


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "threads": threads,
            "think": think,
            "response": response,
            "throughput": throughput,
            "utilisation": utilisation,
            "bottleneck": bottleneck,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        threads = d.pop("threads")

        think = d.pop("think")

        response = d.pop("response")

        throughput = d.pop("throughput")

        utilisation = cast(list[float], d.pop("utilisation"))


        def _parse_bottleneck(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bottleneck = _parse_bottleneck(d.pop("bottleneck"))


        mva_sweep_row = cls(
            threads=threads,
            think=think,
            response=response,
            throughput=throughput,
            utilisation=utilisation,
            bottleneck=bottleneck,
        )


        mva_sweep_row.additional_properties = d
        return mva_sweep_row

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

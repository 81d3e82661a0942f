from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SimResult")



@_attrs_define
class SimResult:
    """ 
        Attributes:
            population (list[int]):
            response (list[float]):
            response_std (list[float]):
            throughput (list[float]):
            utilisation (list[float]):
            completed (list[int]):
            horizon (float):
            response_ci95 (list[float | None]):
     """

    population: list[int]
    response: list[float]
    response_std: list[float]
    throughput: list[float]
    utilisation: list[float]
    completed: list[int]
    horizon: float
    response_ci95: list[float | None]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        population = self.population



        response = self.response



        response_std = self.response_std



        throughput = self.throughput



        utilisation = self.utilisation



        completed = self.completed



        horizon = self.horizon

        response_ci95 = []
        for response_ci95_item_data in self.response_ci95:
            response_ci95_item: float | None
            response_ci95_item = response_ci95_item_data
            response_ci95.append(response_ci95_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "population": population,
            "response": response,
            "response_std": response_std,
            "throughput": throughput,
            "utilisation": utilisation,
            "completed": completed,
            "horizon": horizon,
            "response_ci95": response_ci95,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        population = cast(list[int], d.pop("population"))


        response = cast(list[float], d.pop("response"))


        response_std = cast(list[float], d.pop("response_std"))


        throughput = cast(list[float], d.pop("throughput"))


        utilisation = cast(list[float], d.pop("utilisation"))


        completed = cast(list[int], d.pop("completed"))


        horizon = d.pop("horizon")

        response_ci95 = []
        _response_ci95 = d.pop("response_ci95")
        for response_ci95_item_data in (_response_ci95):
            def _parse_response_ci95_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            response_ci95_item = _parse_response_ci95_item(response_ci95_item_data)

            response_ci95.append(response_ci95_item)


        sim_result = cls(
            population=population,
            response=response,
            response_std=response_std,
            throughput=throughput,
            utilisation=utilisation,
            completed=completed,
            horizon=horizon,
            response_ci95=response_ci95,
        )


        sim_result.additional_properties = d
        return sim_result

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

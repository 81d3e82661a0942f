from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.mva_out_method import MvaOutMethod
from typing import cast






T = TypeVar("T", bound="MvaOut")



@_attrs_define
class MvaOut:
    """ 
        Attributes:
            method (MvaOutMethod):
            population (list[int]):
            classes (list[str]):
            stations (list[str]):
            response (list[float]):
            throughput (list[float]):
            residence (list[list[float]]):
            utilisation (list[list[float]]):
            queue (list[list[float]]):
            station_utilisation (list[float]):
            station_queue (list[float]):
            iterations (int):
            servers (list[int]):
     """

    method: MvaOutMethod
    population: list[int]
    classes: list[str]
    stations: list[str]
    response: list[float]
    throughput: list[float]
    residence: list[list[float]]
    utilisation: list[list[float]]
    queue: list[list[float]]
    station_utilisation: list[float]
    station_queue: list[float]
    iterations: int
    servers: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        population = self.population



        classes = self.classes



        stations = self.stations



        response = self.response



        throughput = self.throughput



        residence = []
        for residence_item_data in self.residence:
            residence_item = residence_item_data


            residence.append(residence_item)



        utilisation = []
        for utilisation_item_data in self.utilisation:
            utilisation_item = utilisation_item_data


            utilisation.append(utilisation_item)



        queue = []
        for queue_item_data in self.queue:
            queue_item = queue_item_data


            queue.append(queue_item)



        station_utilisation = self.station_utilisation



        station_queue = self.station_queue



        iterations = self.iterations

        servers = self.servers




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "population": population,
            "classes": classes,
            "stations": stations,
            "response": response,
            "throughput": throughput,
            "residence": residence,
            "utilisation": utilisation,
            "queue": queue,
            "station_utilisation": station_utilisation,
            "station_queue": station_queue,
            "iterations": iterations,
            "servers": servers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = MvaOutMethod(d.pop("method"))




        population = cast(list[int], d.pop("population"))


        classes = cast(list[str], d.pop("classes"))


        stations = cast(list[str], d.pop("stations"))


        response = cast(list[float], d.pop("response"))


        throughput = cast(list[float], d.pop("throughput"))


        residence = []
        _residence = d.pop("residence")
        for residence_item_data in (_residence):
            residence_item = cast(list[float], residence_item_data)

            residence.append(residence_item)


        utilisation = []
        _utilisation = d.pop("utilisation")
        for utilisation_item_data in (_utilisation):
            utilisation_item = cast(list[float], utilisation_item_data)

            utilisation.append(utilisation_item)


        queue = []
        _queue = d.pop("queue")
        for queue_item_data in (_queue):
            queue_item = cast(list[float], queue_item_data)

            queue.append(queue_item)


        station_utilisation = cast(list[float], d.pop("station_utilisation"))


        station_queue = cast(list[float], d.pop("station_queue"))


        iterations = d.pop("iterations")

        servers = cast(list[int], d.pop("servers"))


        mva_out = cls(
            method=method,
            population=population,
            classes=classes,
            stations=stations,
            response=response,
            throughput=throughput,
            residence=residence,
            utilisation=utilisation,
            queue=queue,
            station_utilisation=station_utilisation,
            station_queue=station_queue,
            iterations=iterations,
            servers=servers,
        )


        mva_out.additional_properties = d
        return mva_out

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

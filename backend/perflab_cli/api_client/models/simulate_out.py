from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.sim_result import SimResult





T = TypeVar("T", bound="SimulateOut")



@_attrs_define
class SimulateOut:
    """ 
        Attributes:
            simulation (SimResult):
            mva_response (list[float]):
            percent_difference (list[float | None]):
     """

    simulation: SimResult
    mva_response: list[float]
    percent_difference: list[float | None]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.sim_result import SimResult # noqa: PLC0415
        simulation = self.simulation.to_dict()

        mva_response = self.mva_response



        percent_difference = []
        for percent_difference_item_data in self.percent_difference:
            percent_difference_item: float | None
            percent_difference_item = percent_difference_item_data
            percent_difference.append(percent_difference_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "simulation": simulation,
            "mva_response": mva_response,
            "percent_difference": percent_difference,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sim_result import SimResult # noqa: PLC0415
        d = dict(src_dict)
        simulation = SimResult.from_dict(d.pop("simulation"))




        mva_response = cast(list[float], d.pop("mva_response"))


        percent_difference = []
        _percent_difference = d.pop("percent_difference")
        for percent_difference_item_data in (_percent_difference):
            def _parse_percent_difference_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            percent_difference_item = _parse_percent_difference_item(percent_difference_item_data)

            percent_difference.append(percent_difference_item)


        simulate_out = cls(
            simulation=simulation,
            mva_response=mva_response,
            percent_difference=percent_difference,
        )


        simulate_out.additional_properties = d
        return simulate_out

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

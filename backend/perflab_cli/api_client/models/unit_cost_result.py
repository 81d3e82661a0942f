from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.unit_cost import UnitCost
  from ..models.unit_cost_row import UnitCostRow





T = TypeVar("T", bound="UnitCostResult")



@_attrs_define
class UnitCostResult:
    """ 
        Attributes:
            available (bool):
            unit (Literal['ns']):
            costs (list[UnitCost]):
            rows (list[UnitCostRow]):
            note (str):
     """

    available: bool
    unit: Literal['ns']
    costs: list[UnitCost]
    rows: list[UnitCostRow]
    note: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.unit_cost import UnitCost # noqa: PLC0415
        from ..models.unit_cost_row import UnitCostRow # noqa: PLC0415
        available = self.available

        unit = self.unit

        costs = []
        for costs_item_data in self.costs:
            costs_item = costs_item_data.to_dict()
            costs.append(costs_item)



        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)



        note = self.note


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "unit": unit,
            "costs": costs,
            "rows": rows,
            "note": note,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.unit_cost import UnitCost # noqa: PLC0415
        from ..models.unit_cost_row import UnitCostRow # noqa: PLC0415
        d = dict(src_dict)
        available = d.pop("available")

        unit = cast(Literal['ns'] , d.pop("unit"))
        if unit != 'ns':
            raise ValueError(f"unit must match const 'ns', got '{unit}'")

        costs = []
        _costs = d.pop("costs")
        for costs_item_data in (_costs):
            costs_item = UnitCost.from_dict(costs_item_data)



            costs.append(costs_item)


        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = UnitCostRow.from_dict(rows_item_data)



            rows.append(rows_item)


        note = d.pop("note")

        unit_cost_result = cls(
            available=available,
            unit=unit,
            costs=costs,
            rows=rows,
            note=note,
        )


        unit_cost_result.additional_properties = d
        return unit_cost_result

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

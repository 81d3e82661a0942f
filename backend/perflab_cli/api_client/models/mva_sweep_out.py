from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.mva_sweep_out_method import MvaSweepOutMethod
from typing import cast

if TYPE_CHECKING:
  from ..models.mva_sweep_row import MvaSweepRow





T = TypeVar("T", bound="MvaSweepOut")



@_attrs_define
class MvaSweepOut:
    """ 
        Attributes:
            method (MvaSweepOutMethod):
            rows (list[MvaSweepRow]):
     """

    method: MvaSweepOutMethod
    rows: list[MvaSweepRow]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.mva_sweep_row import MvaSweepRow # noqa: PLC0415
        method = self.method.value

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "rows": rows,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mva_sweep_row import MvaSweepRow # noqa: PLC0415
        d = dict(src_dict)
        method = MvaSweepOutMethod(d.pop("method"))




        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = MvaSweepRow.from_dict(rows_item_data)



            rows.append(rows_item)


        mva_sweep_out = cls(
            method=method,
            rows=rows,
        )


        mva_sweep_out.additional_properties = d
        return mva_sweep_out

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

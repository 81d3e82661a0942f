from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.column_info import ColumnInfo





T = TypeVar("T", bound="ExportTableInfo")



@_attrs_define
class ExportTableInfo:
    """ 
        Attributes:
            name (str):
            description (str):
            columns (list[ColumnInfo]):
     """

    name: str
    description: str
    columns: list[ColumnInfo]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.column_info import ColumnInfo # noqa: PLC0415
        name = self.name

        description = self.description

        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.to_dict()
            columns.append(columns_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "description": description,
            "columns": columns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.column_info import ColumnInfo # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in (_columns):
            columns_item = ColumnInfo.from_dict(columns_item_data)



            columns.append(columns_item)


        export_table_info = cls(
            name=name,
            description=description,
            columns=columns,
        )


        export_table_info.additional_properties = d
        return export_table_info

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

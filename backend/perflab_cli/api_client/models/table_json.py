from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.column_info import ColumnInfo





T = TypeVar("T", bound="TableJson")



@_attrs_define
class TableJson:
    """ a small table's rows, cells in column order

        Attributes:
            name (str):
            columns (list[ColumnInfo]):
            rows (list[list[bool | float | int | None | str]]):
     """

    name: str
    columns: list[ColumnInfo]
    rows: list[list[bool | float | int | None | str]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.column_info import ColumnInfo # noqa: PLC0415
        name = self.name

        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.to_dict()
            columns.append(columns_item)



        rows = []
        for rows_item_data in self.rows:
            rows_item = []
            for rows_item_item_data in rows_item_data:
                rows_item_item: bool | float | int | None | str
                rows_item_item = rows_item_item_data
                rows_item.append(rows_item_item)


            rows.append(rows_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "columns": columns,
            "rows": rows,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.column_info import ColumnInfo # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        columns = []
        _columns = d.pop("columns")
        for columns_item_data in (_columns):
            columns_item = ColumnInfo.from_dict(columns_item_data)



            columns.append(columns_item)


        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = []
            _rows_item = rows_item_data
            for rows_item_item_data in (_rows_item):
                def _parse_rows_item_item(data: object) -> bool | float | int | None | str:
                    if data is None:
                        return data
                    return cast(bool | float | int | None | str, data)

                rows_item_item = _parse_rows_item_item(rows_item_item_data)

                rows_item.append(rows_item_item)

            rows.append(rows_item)


        table_json = cls(
            name=name,
            columns=columns,
            rows=rows,
        )


        table_json.additional_properties = d
        return table_json

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

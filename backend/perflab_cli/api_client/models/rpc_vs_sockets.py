from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.crossover import Crossover
  from ..models.study_row import StudyRow





T = TypeVar("T", bound="RpcVsSockets")



@_attrs_define
class RpcVsSockets:
    """ 
        Attributes:
            rows (list[StudyRow]):
            crossovers (list[Crossover]):
     """

    rows: list[StudyRow]
    crossovers: list[Crossover]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.crossover import Crossover # noqa: PLC0415
        from ..models.study_row import StudyRow # noqa: PLC0415
        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)



        crossovers = []
        for crossovers_item_data in self.crossovers:
            crossovers_item = crossovers_item_data.to_dict()
            crossovers.append(crossovers_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rows": rows,
            "crossovers": crossovers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.crossover import Crossover # noqa: PLC0415
        from ..models.study_row import StudyRow # noqa: PLC0415
        d = dict(src_dict)
        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = StudyRow.from_dict(rows_item_data)



            rows.append(rows_item)


        crossovers = []
        _crossovers = d.pop("crossovers")
        for crossovers_item_data in (_crossovers):
            crossovers_item = Crossover.from_dict(crossovers_item_data)



            crossovers.append(crossovers_item)


        rpc_vs_sockets = cls(
            rows=rows,
            crossovers=crossovers,
        )


        rpc_vs_sockets.additional_properties = d
        return rpc_vs_sockets

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

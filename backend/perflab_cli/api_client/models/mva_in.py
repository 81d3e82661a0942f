from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.mva_in_method import MvaInMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.class_in import ClassIn
  from ..models.station_in import StationIn





T = TypeVar("T", bound="MvaIn")



@_attrs_define
class MvaIn:
    """ 
        Attributes:
            stations (list[StationIn]):
            classes (list[ClassIn]):
            method (MvaInMethod | Unset):  Default: MvaInMethod.EXACT.
     """

    stations: list[StationIn]
    classes: list[ClassIn]
    method: MvaInMethod | Unset = MvaInMethod.EXACT
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.class_in import ClassIn # noqa: PLC0415
        from ..models.station_in import StationIn # noqa: PLC0415
        stations = []
        for stations_item_data in self.stations:
            stations_item = stations_item_data.to_dict()
            stations.append(stations_item)



        classes = []
        for classes_item_data in self.classes:
            classes_item = classes_item_data.to_dict()
            classes.append(classes_item)



        method: str | Unset = UNSET
        if not isinstance(self.method, Unset):
            method = self.method.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "stations": stations,
            "classes": classes,
        })
        if method is not UNSET:
            field_dict["method"] = method

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.class_in import ClassIn # noqa: PLC0415
        from ..models.station_in import StationIn # noqa: PLC0415
        d = dict(src_dict)
        stations = []
        _stations = d.pop("stations")
        for stations_item_data in (_stations):
            stations_item = StationIn.from_dict(stations_item_data)



            stations.append(stations_item)


        classes = []
        _classes = d.pop("classes")
        for classes_item_data in (_classes):
            classes_item = ClassIn.from_dict(classes_item_data)



            classes.append(classes_item)


        _method = d.pop("method", UNSET)
        method: MvaInMethod | Unset
        if isinstance(_method,  Unset):
            method = UNSET
        else:
            method = MvaInMethod(_method)




        mva_in = cls(
            stations=stations,
            classes=classes,
            method=method,
        )


        mva_in.additional_properties = d
        return mva_in

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

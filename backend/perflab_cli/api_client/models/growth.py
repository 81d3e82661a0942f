from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.growth_also_item import GrowthAlsoItem





T = TypeVar("T", bound="Growth")



@_attrs_define
class Growth:
    """ What grew most against the point's base point: the device, and the step (or a transit's part) within it.

        Attributes:
            device (str):
            device_ms (float):
            step (None | str):
            part (None | str):
            step_ms (float):
            also (list[GrowthAlsoItem] | Unset):
     """

    device: str
    device_ms: float
    step: None | str
    part: None | str
    step_ms: float
    also: list[GrowthAlsoItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.growth_also_item import GrowthAlsoItem # noqa: PLC0415
        device = self.device

        device_ms = self.device_ms

        step: None | str
        step = self.step

        part: None | str
        part = self.part

        step_ms = self.step_ms

        also: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.also, Unset):
            also = []
            for also_item_data in self.also:
                also_item = also_item_data.to_dict()
                also.append(also_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "device": device,
            "device_ms": device_ms,
            "step": step,
            "part": part,
            "step_ms": step_ms,
        })
        if also is not UNSET:
            field_dict["also"] = also

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.growth_also_item import GrowthAlsoItem # noqa: PLC0415
        d = dict(src_dict)
        device = d.pop("device")

        device_ms = d.pop("device_ms")

        def _parse_step(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        step = _parse_step(d.pop("step"))


        def _parse_part(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        part = _parse_part(d.pop("part"))


        step_ms = d.pop("step_ms")

        _also = d.pop("also", UNSET)
        also: list[GrowthAlsoItem] | Unset = UNSET
        if _also is not UNSET:
            also = []
            for also_item_data in _also:
                also_item = GrowthAlsoItem.from_dict(also_item_data)



                also.append(also_item)


        growth = cls(
            device=device,
            device_ms=device_ms,
            step=step,
            part=part,
            step_ms=step_ms,
            also=also,
        )


        growth.additional_properties = d
        return growth

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

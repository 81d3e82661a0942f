from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.moved_step import MovedStep





T = TypeVar("T", bound="ChangePoint")



@_attrs_define
class ChangePoint:
    """ 
        Attributes:
            index (int):
            run_id (int):
            previous_run_id (int):
            steps (list[MovedStep]):
     """

    index: int
    run_id: int
    previous_run_id: int
    steps: list[MovedStep]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.moved_step import MovedStep # noqa: PLC0415
        index = self.index

        run_id = self.run_id

        previous_run_id = self.previous_run_id

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "index": index,
            "run_id": run_id,
            "previous_run_id": previous_run_id,
            "steps": steps,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.moved_step import MovedStep # noqa: PLC0415
        d = dict(src_dict)
        index = d.pop("index")

        run_id = d.pop("run_id")

        previous_run_id = d.pop("previous_run_id")

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in (_steps):
            steps_item = MovedStep.from_dict(steps_item_data)



            steps.append(steps_item)


        change_point = cls(
            index=index,
            run_id=run_id,
            previous_run_id=previous_run_id,
            steps=steps,
        )


        change_point.additional_properties = d
        return change_point

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.environment_difference import EnvironmentDifference





T = TypeVar("T", bound="EnvironmentDiffOut")



@_attrs_define
class EnvironmentDiffOut:
    """ GET /api/runs/{id}/environment-diff?against=OTHER: a is the other run's (the reference), b this run's.

        Attributes:
            run_id (int):
            against_run_id (int):
            recorded (bool):
            same_class (bool | None):
            differences (list[EnvironmentDifference]):
     """

    run_id: int
    against_run_id: int
    recorded: bool
    same_class: bool | None
    differences: list[EnvironmentDifference]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.environment_difference import EnvironmentDifference # noqa: PLC0415
        run_id = self.run_id

        against_run_id = self.against_run_id

        recorded = self.recorded

        same_class: bool | None
        same_class = self.same_class

        differences = []
        for differences_item_data in self.differences:
            differences_item = differences_item_data.to_dict()
            differences.append(differences_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "run_id": run_id,
            "against_run_id": against_run_id,
            "recorded": recorded,
            "same_class": same_class,
            "differences": differences,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.environment_difference import EnvironmentDifference # noqa: PLC0415
        d = dict(src_dict)
        run_id = d.pop("run_id")

        against_run_id = d.pop("against_run_id")

        recorded = d.pop("recorded")

        def _parse_same_class(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        same_class = _parse_same_class(d.pop("same_class"))


        differences = []
        _differences = d.pop("differences")
        for differences_item_data in (_differences):
            differences_item = EnvironmentDifference.from_dict(differences_item_data)



            differences.append(differences_item)


        environment_diff_out = cls(
            run_id=run_id,
            against_run_id=against_run_id,
            recorded=recorded,
            same_class=same_class,
            differences=differences,
        )


        environment_diff_out.additional_properties = d
        return environment_diff_out

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

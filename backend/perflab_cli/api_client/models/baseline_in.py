from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset, AdditionalProperties

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BaselineIn")



@_attrs_define
class BaselineIn(AdditionalProperties):
    """ One run, or the series' done runs from run_id through through_run_id: their spread is then the noise every
    check is judged by (a range of 20 unchanged runs is what a nightly job wants).

        Attributes:
            run_id (int):
            through_run_id (int | None | Unset):
     """

    run_id: int
    through_run_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        through_run_id: int | None | Unset
        if isinstance(self.through_run_id, Unset):
            through_run_id = UNSET
        else:
            through_run_id = self.through_run_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({key: value for key, value in {
            "run_id": run_id,
            "through_run_id": through_run_id,
        }.items() if value is not UNSET})

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        def _parse_through_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        through_run_id = _parse_through_run_id(d.pop("through_run_id", UNSET))


        baseline_in = cls(
            run_id=run_id,
            through_run_id=through_run_id,
        )


        baseline_in.additional_properties = d
        return baseline_in


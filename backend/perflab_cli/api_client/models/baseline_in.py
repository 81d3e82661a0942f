from __future__ import annotations

from typing import Any, Self, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, AdditionalProperties, Model, Unset

from ..types import UNSET, Unset
from typing import cast





@_attrs_define
class BaselineIn(Model, AdditionalProperties):
    """ One run, or the series' done runs from run_id through through_run_id: their spread is then the noise every
    check is judged by (a range of 20 unchanged runs is what a nightly job wants).

        Attributes:
            run_id (int):
            through_run_id (int | None | Unset):
     """

    run_id: int
    through_run_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def _fields(self) -> dict[str, Any]:
        run_id = self.run_id
        through_run_id: int | None | Unset
        if isinstance(self.through_run_id, Unset):
            through_run_id = UNSET
        else:
            through_run_id = self.through_run_id
        return {
            "run_id": run_id,
            "through_run_id": through_run_id,
        }

    @classmethod
    def _parse(cls, d: dict[str, Any]) -> Self:
        run_id = d.pop("run_id")
        def _parse_through_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        through_run_id = _parse_through_run_id(d.pop("through_run_id", UNSET))

        return cls(
            run_id=run_id,
            through_run_id=through_run_id,
        )

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="SeriesOut")



@_attrs_define
class SeriesOut:
    """ 
        Attributes:
            key (str):
            label (str):
            kind (str):
            tags (list[str]):
            runs (int):
            last_run_id (int):
            last_run_at (datetime.datetime):
            baseline_run_id (int | None):
            baseline_through_run_id (int | None):
            baseline_runs (int):
            baseline_set_at (datetime.datetime | None):
     """

    key: str
    label: str
    kind: str
    tags: list[str]
    runs: int
    last_run_id: int
    last_run_at: datetime.datetime
    baseline_run_id: int | None
    baseline_through_run_id: int | None
    baseline_runs: int
    baseline_set_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        key = self.key

        label = self.label

        kind = self.kind

        tags = self.tags



        runs = self.runs

        last_run_id = self.last_run_id

        last_run_at = self.last_run_at.isoformat()

        baseline_run_id: int | None
        baseline_run_id = self.baseline_run_id

        baseline_through_run_id: int | None
        baseline_through_run_id = self.baseline_through_run_id

        baseline_runs = self.baseline_runs

        baseline_set_at: None | str
        if isinstance(self.baseline_set_at, datetime.datetime):
            baseline_set_at = self.baseline_set_at.isoformat()
        else:
            baseline_set_at = self.baseline_set_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "label": label,
            "kind": kind,
            "tags": tags,
            "runs": runs,
            "last_run_id": last_run_id,
            "last_run_at": last_run_at,
            "baseline_run_id": baseline_run_id,
            "baseline_through_run_id": baseline_through_run_id,
            "baseline_runs": baseline_runs,
            "baseline_set_at": baseline_set_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        kind = d.pop("kind")

        tags = cast(list[str], d.pop("tags"))


        runs = d.pop("runs")

        last_run_id = d.pop("last_run_id")

        last_run_at = datetime.datetime.fromisoformat(d.pop("last_run_at"))




        def _parse_baseline_run_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        baseline_run_id = _parse_baseline_run_id(d.pop("baseline_run_id"))


        def _parse_baseline_through_run_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        baseline_through_run_id = _parse_baseline_through_run_id(d.pop("baseline_through_run_id"))


        baseline_runs = d.pop("baseline_runs")

        def _parse_baseline_set_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                baseline_set_at_type_0 = datetime.datetime.fromisoformat(data)



                return baseline_set_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        baseline_set_at = _parse_baseline_set_at(d.pop("baseline_set_at"))


        series_out = cls(
            key=key,
            label=label,
            kind=kind,
            tags=tags,
            runs=runs,
            last_run_id=last_run_id,
            last_run_at=last_run_at,
            baseline_run_id=baseline_run_id,
            baseline_through_run_id=baseline_through_run_id,
            baseline_runs=baseline_runs,
            baseline_set_at=baseline_set_at,
        )


        series_out.additional_properties = d
        return series_out

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

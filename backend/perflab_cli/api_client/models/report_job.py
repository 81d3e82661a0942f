from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ReportJob")



@_attrs_define
class ReportJob:
    """ GET /api/report-jobs/{job}: where a PDF print is.

        Attributes:
            id (str):
            stage (str):
            label (str):
            step (int):
            steps (int):
            pages (int | None):
            elapsed_s (float):
            error (None | str):
            finished (bool):
     """

    id: str
    stage: str
    label: str
    step: int
    steps: int
    pages: int | None
    elapsed_s: float
    error: None | str
    finished: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        stage = self.stage

        label = self.label

        step = self.step

        steps = self.steps

        pages: int | None
        pages = self.pages

        elapsed_s = self.elapsed_s

        error: None | str
        error = self.error

        finished = self.finished


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "stage": stage,
            "label": label,
            "step": step,
            "steps": steps,
            "pages": pages,
            "elapsed_s": elapsed_s,
            "error": error,
            "finished": finished,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        stage = d.pop("stage")

        label = d.pop("label")

        step = d.pop("step")

        steps = d.pop("steps")

        def _parse_pages(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pages = _parse_pages(d.pop("pages"))


        elapsed_s = d.pop("elapsed_s")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        finished = d.pop("finished")

        report_job = cls(
            id=id,
            stage=stage,
            label=label,
            step=step,
            steps=steps,
            pages=pages,
            elapsed_s=elapsed_s,
            error=error,
            finished=finished,
        )


        report_job.additional_properties = d
        return report_job

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

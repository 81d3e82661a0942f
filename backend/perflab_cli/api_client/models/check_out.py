from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.check_out_noise_source import CheckOutNoiseSource
from ..models.check_out_verdict import CheckOutVerdict
from typing import cast

if TYPE_CHECKING:
  from ..models.environment_difference import EnvironmentDifference
  from ..models.step_change import StepChange





T = TypeVar("T", bound="CheckOut")



@_attrs_define
class CheckOut:
    """ 
        Attributes:
            run_id (int):
            run_ids (list[int]):
            verdict (CheckOutVerdict):
            baseline_run_ids (list[int]):
            noise_source (CheckOutNoiseSource):
            noise_runs (int):
            changes (list[StepChange]):
            environment_diff (list[EnvironmentDifference]):
            same_series (bool):
            sentence (str):
     """

    run_id: int
    run_ids: list[int]
    verdict: CheckOutVerdict
    baseline_run_ids: list[int]
    noise_source: CheckOutNoiseSource
    noise_runs: int
    changes: list[StepChange]
    environment_diff: list[EnvironmentDifference]
    same_series: bool
    sentence: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.environment_difference import EnvironmentDifference # noqa: PLC0415
        from ..models.step_change import StepChange # noqa: PLC0415
        run_id = self.run_id

        run_ids = self.run_ids



        verdict = self.verdict.value

        baseline_run_ids = self.baseline_run_ids



        noise_source = self.noise_source.value

        noise_runs = self.noise_runs

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)



        environment_diff = []
        for environment_diff_item_data in self.environment_diff:
            environment_diff_item = environment_diff_item_data.to_dict()
            environment_diff.append(environment_diff_item)



        same_series = self.same_series

        sentence = self.sentence


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "run_id": run_id,
            "run_ids": run_ids,
            "verdict": verdict,
            "baseline_run_ids": baseline_run_ids,
            "noise_source": noise_source,
            "noise_runs": noise_runs,
            "changes": changes,
            "environment_diff": environment_diff,
            "same_series": same_series,
            "sentence": sentence,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.environment_difference import EnvironmentDifference # noqa: PLC0415
        from ..models.step_change import StepChange # noqa: PLC0415
        d = dict(src_dict)
        run_id = d.pop("run_id")

        run_ids = cast(list[int], d.pop("run_ids"))


        verdict = CheckOutVerdict(d.pop("verdict"))




        baseline_run_ids = cast(list[int], d.pop("baseline_run_ids"))


        noise_source = CheckOutNoiseSource(d.pop("noise_source"))




        noise_runs = d.pop("noise_runs")

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in (_changes):
            changes_item = StepChange.from_dict(changes_item_data)



            changes.append(changes_item)


        environment_diff = []
        _environment_diff = d.pop("environment_diff")
        for environment_diff_item_data in (_environment_diff):
            environment_diff_item = EnvironmentDifference.from_dict(environment_diff_item_data)



            environment_diff.append(environment_diff_item)


        same_series = d.pop("same_series")

        sentence = d.pop("sentence")

        check_out = cls(
            run_id=run_id,
            run_ids=run_ids,
            verdict=verdict,
            baseline_run_ids=baseline_run_ids,
            noise_source=noise_source,
            noise_runs=noise_runs,
            changes=changes,
            environment_diff=environment_diff,
            same_series=same_series,
            sentence=sentence,
        )


        check_out.additional_properties = d
        return check_out

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

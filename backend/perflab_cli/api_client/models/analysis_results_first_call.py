from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.analysis_results_first_call_steps_ns import AnalysisResultsFirstCallStepsNs





T = TypeVar("T", bound="AnalysisResultsFirstCall")



@_attrs_define
class AnalysisResultsFirstCall:
    """ 
        Attributes:
            call_no (int):
            rtt_ns (int):
            steps_ns (AnalysisResultsFirstCallStepsNs):
     """

    call_no: int
    rtt_ns: int
    steps_ns: AnalysisResultsFirstCallStepsNs
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.analysis_results_first_call_steps_ns import AnalysisResultsFirstCallStepsNs # noqa: PLC0415
        call_no = self.call_no

        rtt_ns = self.rtt_ns

        steps_ns = self.steps_ns.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "call_no": call_no,
            "rtt_ns": rtt_ns,
            "steps_ns": steps_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_results_first_call_steps_ns import AnalysisResultsFirstCallStepsNs # noqa: PLC0415
        d = dict(src_dict)
        call_no = d.pop("call_no")

        rtt_ns = d.pop("rtt_ns")

        steps_ns = AnalysisResultsFirstCallStepsNs.from_dict(d.pop("steps_ns"))




        analysis_results_first_call = cls(
            call_no=call_no,
            rtt_ns=rtt_ns,
            steps_ns=steps_ns,
        )


        analysis_results_first_call.additional_properties = d
        return analysis_results_first_call

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

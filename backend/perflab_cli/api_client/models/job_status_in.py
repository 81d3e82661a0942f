from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.job_status_in_state import JobStatusInState
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.job_status_in_result_type_0 import JobStatusInResultType0
  from ..models.probe_cost import ProbeCost





T = TypeVar("T", bound="JobStatusIn")



@_attrs_define
class JobStatusIn:
    """ 
        Attributes:
            state (JobStatusInState):
            port (int | None | Unset):
            reason (None | str | Unset):
            probe (None | ProbeCost | Unset):
            result (JobStatusInResultType0 | None | Unset):
     """

    state: JobStatusInState
    port: int | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    probe: None | ProbeCost | Unset = UNSET
    result: JobStatusInResultType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.job_status_in_result_type_0 import JobStatusInResultType0 # noqa: PLC0415
        from ..models.probe_cost import ProbeCost # noqa: PLC0415
        state = self.state.value

        port: int | None | Unset
        if isinstance(self.port, Unset):
            port = UNSET
        else:
            port = self.port

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        probe: dict[str, Any] | None | Unset
        if isinstance(self.probe, Unset):
            probe = UNSET
        elif isinstance(self.probe, ProbeCost):
            probe = self.probe.to_dict()
        else:
            probe = self.probe

        result: dict[str, Any] | None | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        elif isinstance(self.result, JobStatusInResultType0):
            result = self.result.to_dict()
        else:
            result = self.result


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "state": state,
        })
        if port is not UNSET:
            field_dict["port"] = port
        if reason is not UNSET:
            field_dict["reason"] = reason
        if probe is not UNSET:
            field_dict["probe"] = probe
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_status_in_result_type_0 import JobStatusInResultType0 # noqa: PLC0415
        from ..models.probe_cost import ProbeCost # noqa: PLC0415
        d = dict(src_dict)
        state = JobStatusInState(d.pop("state"))




        def _parse_port(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        port = _parse_port(d.pop("port", UNSET))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        def _parse_probe(data: object) -> None | ProbeCost | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_0 = ProbeCost.from_dict(data)



                return probe_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProbeCost | Unset, data)

        probe = _parse_probe(d.pop("probe", UNSET))


        def _parse_result(data: object) -> JobStatusInResultType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = JobStatusInResultType0.from_dict(data)



                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JobStatusInResultType0 | None | Unset, data)

        result = _parse_result(d.pop("result", UNSET))


        job_status_in = cls(
            state=state,
            port=port,
            reason=reason,
            probe=probe,
            result=result,
        )


        job_status_in.additional_properties = d
        return job_status_in

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

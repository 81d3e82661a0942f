from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.report_agent_role import ReportAgentRole
from typing import cast

if TYPE_CHECKING:
  from ..models.report_agent_capabilities import ReportAgentCapabilities
  from ..models.report_agent_environment import ReportAgentEnvironment





T = TypeVar("T", bound="ReportAgent")



@_attrs_define
class ReportAgent:
    """ 
        Attributes:
            role (ReportAgentRole):
            id (int):
            name (str):
            host (str):
            address (str):
            version (str):
            clock_id (int):
            capabilities (ReportAgentCapabilities):
            environment (ReportAgentEnvironment):
            probe_cost_ns (float | None):
     """

    role: ReportAgentRole
    id: int
    name: str
    host: str
    address: str
    version: str
    clock_id: int
    capabilities: ReportAgentCapabilities
    environment: ReportAgentEnvironment
    probe_cost_ns: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.report_agent_capabilities import ReportAgentCapabilities # noqa: PLC0415
        from ..models.report_agent_environment import ReportAgentEnvironment # noqa: PLC0415
        role = self.role.value

        id = self.id

        name = self.name

        host = self.host

        address = self.address

        version = self.version

        clock_id = self.clock_id

        capabilities = self.capabilities.to_dict()

        environment = self.environment.to_dict()

        probe_cost_ns: float | None
        probe_cost_ns = self.probe_cost_ns


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "role": role,
            "id": id,
            "name": name,
            "host": host,
            "address": address,
            "version": version,
            "clock_id": clock_id,
            "capabilities": capabilities,
            "environment": environment,
            "probe_cost_ns": probe_cost_ns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_agent_capabilities import ReportAgentCapabilities # noqa: PLC0415
        from ..models.report_agent_environment import ReportAgentEnvironment # noqa: PLC0415
        d = dict(src_dict)
        role = ReportAgentRole(d.pop("role"))




        id = d.pop("id")

        name = d.pop("name")

        host = d.pop("host")

        address = d.pop("address")

        version = d.pop("version")

        clock_id = d.pop("clock_id")

        capabilities = ReportAgentCapabilities.from_dict(d.pop("capabilities"))




        environment = ReportAgentEnvironment.from_dict(d.pop("environment"))




        def _parse_probe_cost_ns(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        probe_cost_ns = _parse_probe_cost_ns(d.pop("probe_cost_ns"))


        report_agent = cls(
            role=role,
            id=id,
            name=name,
            host=host,
            address=address,
            version=version,
            clock_id=clock_id,
            capabilities=capabilities,
            environment=environment,
            probe_cost_ns=probe_cost_ns,
        )


        report_agent.additional_properties = d
        return report_agent

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.link_status_agents import LinkStatusAgents





T = TypeVar("T", bound="LinkStatus")



@_attrs_define
class LinkStatus:
    """ 
        Attributes:
            emulated (bool):
            reason (None | str):
            applied_profile (None | str):
            agents (LinkStatusAgents):
     """

    emulated: bool
    reason: None | str
    applied_profile: None | str
    agents: LinkStatusAgents
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.link_status_agents import LinkStatusAgents # noqa: PLC0415
        emulated = self.emulated

        reason: None | str
        reason = self.reason

        applied_profile: None | str
        applied_profile = self.applied_profile

        agents = self.agents.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "emulated": emulated,
            "reason": reason,
            "applied_profile": applied_profile,
            "agents": agents,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_status_agents import LinkStatusAgents # noqa: PLC0415
        d = dict(src_dict)
        emulated = d.pop("emulated")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        def _parse_applied_profile(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        applied_profile = _parse_applied_profile(d.pop("applied_profile"))


        agents = LinkStatusAgents.from_dict(d.pop("agents"))




        link_status = cls(
            emulated=emulated,
            reason=reason,
            applied_profile=applied_profile,
            agents=agents,
        )


        link_status.additional_properties = d
        return link_status

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

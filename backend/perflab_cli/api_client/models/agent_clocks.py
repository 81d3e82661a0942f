from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.peer_clock import PeerClock





T = TypeVar("T", bound="AgentClocks")



@_attrs_define
class AgentClocks:
    """ 
        Attributes:
            agent_id (int):
            agent_name (str):
            peers (list[PeerClock]): newest first; empty when the agent has no finished run with a clock fit yet
     """

    agent_id: int
    agent_name: str
    peers: list[PeerClock]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.peer_clock import PeerClock # noqa: PLC0415
        agent_id = self.agent_id

        agent_name = self.agent_name

        peers = []
        for peers_item_data in self.peers:
            peers_item = peers_item_data.to_dict()
            peers.append(peers_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agent_id": agent_id,
            "agent_name": agent_name,
            "peers": peers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.peer_clock import PeerClock # noqa: PLC0415
        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        agent_name = d.pop("agent_name")

        peers = []
        _peers = d.pop("peers")
        for peers_item_data in (_peers):
            peers_item = PeerClock.from_dict(peers_item_data)



            peers.append(peers_item)


        agent_clocks = cls(
            agent_id=agent_id,
            agent_name=agent_name,
            peers=peers,
        )


        agent_clocks.additional_properties = d
        return agent_clocks

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

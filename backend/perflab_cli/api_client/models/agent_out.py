from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.agent_out_status import AgentOutStatus
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.agent_out_capabilities import AgentOutCapabilities





T = TypeVar("T", bound="AgentOut")



@_attrs_define
class AgentOut:
    """ 
        Attributes:
            id (int):
            name (str):
            host (str):
            address (str):
            version (str):
            status (AgentOutStatus):
            last_seen_at (datetime.datetime):
            enrolled_at (datetime.datetime):
            clock_id (int):
            capabilities (AgentOutCapabilities):
            revoked_at (datetime.datetime | None | Unset):
     """

    id: int
    name: str
    host: str
    address: str
    version: str
    status: AgentOutStatus
    last_seen_at: datetime.datetime
    enrolled_at: datetime.datetime
    clock_id: int
    capabilities: AgentOutCapabilities
    revoked_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_out_capabilities import AgentOutCapabilities # noqa: PLC0415
        id = self.id

        name = self.name

        host = self.host

        address = self.address

        version = self.version

        status = self.status.value

        last_seen_at = self.last_seen_at.isoformat()

        enrolled_at = self.enrolled_at.isoformat()

        clock_id = self.clock_id

        capabilities = self.capabilities.to_dict()

        revoked_at: None | str | Unset
        if isinstance(self.revoked_at, Unset):
            revoked_at = UNSET
        elif isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "host": host,
            "address": address,
            "version": version,
            "status": status,
            "last_seen_at": last_seen_at,
            "enrolled_at": enrolled_at,
            "clock_id": clock_id,
            "capabilities": capabilities,
        })
        if revoked_at is not UNSET:
            field_dict["revoked_at"] = revoked_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_out_capabilities import AgentOutCapabilities # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        host = d.pop("host")

        address = d.pop("address")

        version = d.pop("version")

        status = AgentOutStatus(d.pop("status"))




        last_seen_at = datetime.datetime.fromisoformat(d.pop("last_seen_at"))




        enrolled_at = datetime.datetime.fromisoformat(d.pop("enrolled_at"))




        clock_id = d.pop("clock_id")

        capabilities = AgentOutCapabilities.from_dict(d.pop("capabilities"))




        def _parse_revoked_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)



                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at", UNSET))


        agent_out = cls(
            id=id,
            name=name,
            host=host,
            address=address,
            version=version,
            status=status,
            last_seen_at=last_seen_at,
            enrolled_at=enrolled_at,
            clock_id=clock_id,
            capabilities=capabilities,
            revoked_at=revoked_at,
        )


        agent_out.additional_properties = d
        return agent_out

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

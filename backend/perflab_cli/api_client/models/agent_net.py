from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.net_path import NetPath





T = TypeVar("T", bound="AgentNet")



@_attrs_define
class AgentNet:
    """ 
        Attributes:
            advertised (NetPath | None | Unset):
     """

    advertised: NetPath | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.net_path import NetPath # noqa: PLC0415
        advertised: dict[str, Any] | None | Unset
        if isinstance(self.advertised, Unset):
            advertised = UNSET
        elif isinstance(self.advertised, NetPath):
            advertised = self.advertised.to_dict()
        else:
            advertised = self.advertised


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if advertised is not UNSET:
            field_dict["advertised"] = advertised

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.net_path import NetPath # noqa: PLC0415
        d = dict(src_dict)
        def _parse_advertised(data: object) -> NetPath | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                advertised_type_0 = NetPath.from_dict(data)



                return advertised_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NetPath | None | Unset, data)

        advertised = _parse_advertised(d.pop("advertised", UNSET))


        agent_net = cls(
            advertised=advertised,
        )


        agent_net.additional_properties = d
        return agent_net

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

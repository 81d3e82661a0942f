from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.enroll_in_capabilities import EnrollInCapabilities





T = TypeVar("T", bound="EnrollIn")



@_attrs_define
class EnrollIn:
    """ 
        Attributes:
            enrollment_token (str):
            name (str):
            host (str):
            address (str):
            version (str):
            clock_id (int | Unset):  Default: 1.
            capabilities (EnrollInCapabilities | Unset):
            previous_token (None | str | Unset):
     """

    enrollment_token: str
    name: str
    host: str
    address: str
    version: str
    clock_id: int | Unset = 1
    capabilities: EnrollInCapabilities | Unset = UNSET
    previous_token: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.enroll_in_capabilities import EnrollInCapabilities # noqa: PLC0415
        enrollment_token = self.enrollment_token

        name = self.name

        host = self.host

        address = self.address

        version = self.version

        clock_id = self.clock_id

        capabilities: dict[str, Any] | Unset = UNSET
        if not isinstance(self.capabilities, Unset):
            capabilities = self.capabilities.to_dict()

        previous_token: None | str | Unset
        if isinstance(self.previous_token, Unset):
            previous_token = UNSET
        else:
            previous_token = self.previous_token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "enrollment_token": enrollment_token,
            "name": name,
            "host": host,
            "address": address,
            "version": version,
        })
        if clock_id is not UNSET:
            field_dict["clock_id"] = clock_id
        if capabilities is not UNSET:
            field_dict["capabilities"] = capabilities
        if previous_token is not UNSET:
            field_dict["previous_token"] = previous_token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.enroll_in_capabilities import EnrollInCapabilities # noqa: PLC0415
        d = dict(src_dict)
        enrollment_token = d.pop("enrollment_token")

        name = d.pop("name")

        host = d.pop("host")

        address = d.pop("address")

        version = d.pop("version")

        clock_id = d.pop("clock_id", UNSET)

        _capabilities = d.pop("capabilities", UNSET)
        capabilities: EnrollInCapabilities | Unset
        if isinstance(_capabilities,  Unset):
            capabilities = UNSET
        else:
            capabilities = EnrollInCapabilities.from_dict(_capabilities)




        def _parse_previous_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        previous_token = _parse_previous_token(d.pop("previous_token", UNSET))


        enroll_in = cls(
            enrollment_token=enrollment_token,
            name=name,
            host=host,
            address=address,
            version=version,
            clock_id=clock_id,
            capabilities=capabilities,
            previous_token=previous_token,
        )


        enroll_in.additional_properties = d
        return enroll_in

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

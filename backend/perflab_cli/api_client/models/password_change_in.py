from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PasswordChangeIn")



@_attrs_define
class PasswordChangeIn:
    """ 
        Attributes:
            current_password (str):
            new_password (str):
            revoke_api_tokens (bool | Unset): also revoke every API token of yours Default: False.
     """

    current_password: str
    new_password: str
    revoke_api_tokens: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        current_password = self.current_password

        new_password = self.new_password

        revoke_api_tokens = self.revoke_api_tokens


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "current_password": current_password,
            "new_password": new_password,
        })
        if revoke_api_tokens is not UNSET:
            field_dict["revoke_api_tokens"] = revoke_api_tokens

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        current_password = d.pop("current_password")

        new_password = d.pop("new_password")

        revoke_api_tokens = d.pop("revoke_api_tokens", UNSET)

        password_change_in = cls(
            current_password=current_password,
            new_password=new_password,
            revoke_api_tokens=revoke_api_tokens,
        )


        password_change_in.additional_properties = d
        return password_change_in

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.user_out_role import UserOutRole
from typing import cast
import datetime






T = TypeVar("T", bound="UserOut")



@_attrs_define
class UserOut:
    """ 
        Attributes:
            id (int):
            name (str):
            role (UserOutRole):
            created_at (datetime.datetime):
            disabled (bool):
     """

    id: int
    name: str
    role: UserOutRole
    created_at: datetime.datetime
    disabled: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        role = self.role.value

        created_at = self.created_at.isoformat()

        disabled = self.disabled


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "role": role,
            "created_at": created_at,
            "disabled": disabled,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        role = UserOutRole(d.pop("role"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        disabled = d.pop("disabled")

        user_out = cls(
            id=id,
            name=name,
            role=role,
            created_at=created_at,
            disabled=disabled,
        )


        user_out.additional_properties = d
        return user_out

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

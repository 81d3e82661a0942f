from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Anova")



@_attrs_define
class Anova:
    """ 
        Attributes:
            f (float):
            p (float):
            df_between (int):
            df_within (int):
            ss_between (float):
            ss_within (float):
     """

    f: float
    p: float
    df_between: int
    df_within: int
    ss_between: float
    ss_within: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        f = self.f

        p = self.p

        df_between = self.df_between

        df_within = self.df_within

        ss_between = self.ss_between

        ss_within = self.ss_within


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "f": f,
            "p": p,
            "df_between": df_between,
            "df_within": df_within,
            "ss_between": ss_between,
            "ss_within": ss_within,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        f = d.pop("f")

        p = d.pop("p")

        df_between = d.pop("df_between")

        df_within = d.pop("df_within")

        ss_between = d.pop("ss_between")

        ss_within = d.pop("ss_within")

        anova = cls(
            f=f,
            p=p,
            df_between=df_between,
            df_within=df_within,
            ss_between=ss_between,
            ss_within=ss_within,
        )


        anova.additional_properties = d
        return anova

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Regression")



@_attrs_define
class Regression:
    """ 
        Attributes:
            slope (float):
            intercept (float):
            r2 (float):
            p (float):
            n (int):
            sizes (int | Unset):  Default: 0.
            intercept_ci95 (list[float] | None | Unset):
            caveat (None | str | Unset):
     """

    slope: float
    intercept: float
    r2: float
    p: float
    n: int
    sizes: int | Unset = 0
    intercept_ci95: list[float] | None | Unset = UNSET
    caveat: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        slope = self.slope

        intercept = self.intercept

        r2 = self.r2

        p = self.p

        n = self.n

        sizes = self.sizes

        intercept_ci95: list[float] | None | Unset
        if isinstance(self.intercept_ci95, Unset):
            intercept_ci95 = UNSET
        elif isinstance(self.intercept_ci95, list):
            intercept_ci95 = []
            for intercept_ci95_type_0_item_data in self.intercept_ci95:
                intercept_ci95_type_0_item: float
                intercept_ci95_type_0_item = intercept_ci95_type_0_item_data
                intercept_ci95.append(intercept_ci95_type_0_item)


        else:
            intercept_ci95 = self.intercept_ci95

        caveat: None | str | Unset
        if isinstance(self.caveat, Unset):
            caveat = UNSET
        else:
            caveat = self.caveat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "slope": slope,
            "intercept": intercept,
            "r2": r2,
            "p": p,
            "n": n,
        })
        if sizes is not UNSET:
            field_dict["sizes"] = sizes
        if intercept_ci95 is not UNSET:
            field_dict["intercept_ci95"] = intercept_ci95
        if caveat is not UNSET:
            field_dict["caveat"] = caveat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slope = d.pop("slope")

        intercept = d.pop("intercept")

        r2 = d.pop("r2")

        p = d.pop("p")

        n = d.pop("n")

        sizes = d.pop("sizes", UNSET)

        def _parse_intercept_ci95(data: object) -> list[float] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                intercept_ci95_type_0 = []
                _intercept_ci95_type_0 = data
                for intercept_ci95_type_0_item_data in (_intercept_ci95_type_0):
                    def _parse_intercept_ci95_type_0_item(data: object) -> float:
                        return cast(float, data)

                    intercept_ci95_type_0_item = _parse_intercept_ci95_type_0_item(intercept_ci95_type_0_item_data)

                    intercept_ci95_type_0.append(intercept_ci95_type_0_item)

                return intercept_ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None | Unset, data)

        intercept_ci95 = _parse_intercept_ci95(d.pop("intercept_ci95", UNSET))


        def _parse_caveat(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        caveat = _parse_caveat(d.pop("caveat", UNSET))


        regression = cls(
            slope=slope,
            intercept=intercept,
            r2=r2,
            p=p,
            n=n,
            sizes=sizes,
            intercept_ci95=intercept_ci95,
            caveat=caveat,
        )


        regression.additional_properties = d
        return regression

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.anova import Anova
  from ..models.ecs_result_ratio_table_type_0 import EcsResultRatioTableType0
  from ..models.ecs_result_ratios_type_0 import EcsResultRatiosType0
  from ..models.regression import Regression
  from ..models.throughput import Throughput





T = TypeVar("T", bound="EcsResult")



@_attrs_define
class EcsResult:
    """ 
        Attributes:
            throughput (list[Throughput]):
            anova (Anova | None):
            regression (None | Regression):
            ratios (EcsResultRatiosType0 | None):
            ratio_table (EcsResultRatioTableType0 | None | Unset):
            reason (None | str | Unset):
     """

    throughput: list[Throughput]
    anova: Anova | None
    regression: None | Regression
    ratios: EcsResultRatiosType0 | None
    ratio_table: EcsResultRatioTableType0 | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.anova import Anova # noqa: PLC0415
        from ..models.ecs_result_ratio_table_type_0 import EcsResultRatioTableType0 # noqa: PLC0415
        from ..models.ecs_result_ratios_type_0 import EcsResultRatiosType0 # noqa: PLC0415
        from ..models.regression import Regression # noqa: PLC0415
        from ..models.throughput import Throughput # noqa: PLC0415
        throughput = []
        for throughput_item_data in self.throughput:
            throughput_item = throughput_item_data.to_dict()
            throughput.append(throughput_item)



        anova: dict[str, Any] | None
        if isinstance(self.anova, Anova):
            anova = self.anova.to_dict()
        else:
            anova = self.anova

        regression: dict[str, Any] | None
        if isinstance(self.regression, Regression):
            regression = self.regression.to_dict()
        else:
            regression = self.regression

        ratios: dict[str, Any] | None
        if isinstance(self.ratios, EcsResultRatiosType0):
            ratios = self.ratios.to_dict()
        else:
            ratios = self.ratios

        ratio_table: dict[str, Any] | None | Unset
        if isinstance(self.ratio_table, Unset):
            ratio_table = UNSET
        elif isinstance(self.ratio_table, EcsResultRatioTableType0):
            ratio_table = self.ratio_table.to_dict()
        else:
            ratio_table = self.ratio_table

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "throughput": throughput,
            "anova": anova,
            "regression": regression,
            "ratios": ratios,
        })
        if ratio_table is not UNSET:
            field_dict["ratio_table"] = ratio_table
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.anova import Anova # noqa: PLC0415
        from ..models.ecs_result_ratio_table_type_0 import EcsResultRatioTableType0 # noqa: PLC0415
        from ..models.ecs_result_ratios_type_0 import EcsResultRatiosType0 # noqa: PLC0415
        from ..models.regression import Regression # noqa: PLC0415
        from ..models.throughput import Throughput # noqa: PLC0415
        d = dict(src_dict)
        throughput = []
        _throughput = d.pop("throughput")
        for throughput_item_data in (_throughput):
            throughput_item = Throughput.from_dict(throughput_item_data)



            throughput.append(throughput_item)


        def _parse_anova(data: object) -> Anova | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                anova_type_0 = Anova.from_dict(data)



                return anova_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Anova | None, data)

        anova = _parse_anova(d.pop("anova"))


        def _parse_regression(data: object) -> None | Regression:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                regression_type_0 = Regression.from_dict(data)



                return regression_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Regression, data)

        regression = _parse_regression(d.pop("regression"))


        def _parse_ratios(data: object) -> EcsResultRatiosType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ratios_type_0 = EcsResultRatiosType0.from_dict(data)



                return ratios_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EcsResultRatiosType0 | None, data)

        ratios = _parse_ratios(d.pop("ratios"))


        def _parse_ratio_table(data: object) -> EcsResultRatioTableType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ratio_table_type_0 = EcsResultRatioTableType0.from_dict(data)



                return ratio_table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EcsResultRatioTableType0 | None | Unset, data)

        ratio_table = _parse_ratio_table(d.pop("ratio_table", UNSET))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        ecs_result = cls(
            throughput=throughput,
            anova=anova,
            regression=regression,
            ratios=ratios,
            ratio_table=ratio_table,
            reason=reason,
        )


        ecs_result.additional_properties = d
        return ecs_result

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

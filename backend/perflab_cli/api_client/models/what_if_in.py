from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.what_if_in_demands_type_0_item import WhatIfInDemandsType0Item
  from ..models.what_if_in_scales import WhatIfInScales
  from ..models.what_if_in_segments_type_0_item import WhatIfInSegmentsType0Item





T = TypeVar("T", bound="WhatIfIn")



@_attrs_define
class WhatIfIn:
    """ 
        Attributes:
            scales (WhatIfInScales):
            run_id (int | None | Unset):
            point_no (int | Unset):  Default: 0.
            segments (list[WhatIfInSegmentsType0Item] | None | Unset):
            think_ns (float | Unset):  Default: 0.0.
            threads (int | None | Unset):
            demands (list[WhatIfInDemandsType0Item] | None | Unset):
     """

    scales: WhatIfInScales
    run_id: int | None | Unset = UNSET
    point_no: int | Unset = 0
    segments: list[WhatIfInSegmentsType0Item] | None | Unset = UNSET
    think_ns: float | Unset = 0.0
    threads: int | None | Unset = UNSET
    demands: list[WhatIfInDemandsType0Item] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.what_if_in_demands_type_0_item import WhatIfInDemandsType0Item # noqa: PLC0415
        from ..models.what_if_in_scales import WhatIfInScales # noqa: PLC0415
        from ..models.what_if_in_segments_type_0_item import WhatIfInSegmentsType0Item # noqa: PLC0415
        scales = self.scales.to_dict()

        run_id: int | None | Unset
        if isinstance(self.run_id, Unset):
            run_id = UNSET
        else:
            run_id = self.run_id

        point_no = self.point_no

        segments: list[dict[str, Any]] | None | Unset
        if isinstance(self.segments, Unset):
            segments = UNSET
        elif isinstance(self.segments, list):
            segments = []
            for segments_type_0_item_data in self.segments:
                segments_type_0_item = segments_type_0_item_data.to_dict()
                segments.append(segments_type_0_item)


        else:
            segments = self.segments

        think_ns = self.think_ns

        threads: int | None | Unset
        if isinstance(self.threads, Unset):
            threads = UNSET
        else:
            threads = self.threads

        demands: list[dict[str, Any]] | None | Unset
        if isinstance(self.demands, Unset):
            demands = UNSET
        elif isinstance(self.demands, list):
            demands = []
            for demands_type_0_item_data in self.demands:
                demands_type_0_item = demands_type_0_item_data.to_dict()
                demands.append(demands_type_0_item)


        else:
            demands = self.demands


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "scales": scales,
        })
        if run_id is not UNSET:
            field_dict["run_id"] = run_id
        if point_no is not UNSET:
            field_dict["point_no"] = point_no
        if segments is not UNSET:
            field_dict["segments"] = segments
        if think_ns is not UNSET:
            field_dict["think_ns"] = think_ns
        if threads is not UNSET:
            field_dict["threads"] = threads
        if demands is not UNSET:
            field_dict["demands"] = demands

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.what_if_in_demands_type_0_item import WhatIfInDemandsType0Item # noqa: PLC0415
        from ..models.what_if_in_scales import WhatIfInScales # noqa: PLC0415
        from ..models.what_if_in_segments_type_0_item import WhatIfInSegmentsType0Item # noqa: PLC0415
        d = dict(src_dict)
        scales = WhatIfInScales.from_dict(d.pop("scales"))




        def _parse_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        run_id = _parse_run_id(d.pop("run_id", UNSET))


        point_no = d.pop("point_no", UNSET)

        def _parse_segments(data: object) -> list[WhatIfInSegmentsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                segments_type_0 = []
                _segments_type_0 = data
                for segments_type_0_item_data in (_segments_type_0):
                    segments_type_0_item = WhatIfInSegmentsType0Item.from_dict(segments_type_0_item_data)



                    segments_type_0.append(segments_type_0_item)

                return segments_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[WhatIfInSegmentsType0Item] | None | Unset, data)

        segments = _parse_segments(d.pop("segments", UNSET))


        think_ns = d.pop("think_ns", UNSET)

        def _parse_threads(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        threads = _parse_threads(d.pop("threads", UNSET))


        def _parse_demands(data: object) -> list[WhatIfInDemandsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                demands_type_0 = []
                _demands_type_0 = data
                for demands_type_0_item_data in (_demands_type_0):
                    demands_type_0_item = WhatIfInDemandsType0Item.from_dict(demands_type_0_item_data)



                    demands_type_0.append(demands_type_0_item)

                return demands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[WhatIfInDemandsType0Item] | None | Unset, data)

        demands = _parse_demands(d.pop("demands", UNSET))


        what_if_in = cls(
            scales=scales,
            run_id=run_id,
            point_no=point_no,
            segments=segments,
            think_ns=think_ns,
            threads=threads,
            demands=demands,
        )


        what_if_in.additional_properties = d
        return what_if_in

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

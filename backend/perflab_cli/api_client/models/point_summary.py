from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.point_summary_loop import PointSummaryLoop
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.box_plot import BoxPlot
  from ..models.call_counts import CallCounts
  from ..models.ecdf import Ecdf
  from ..models.run_first_calls import RunFirstCalls
  from ..models.stats import Stats





T = TypeVar("T", bound="PointSummary")



@_attrs_define
class PointSummary:
    """ 
        Attributes:
            point_no (int):
            calls (int):
            counts (CallCounts): A point's calls by category, each call in exactly one (analysis/point_summary.py): they add
                up.
            rtt (None | Stats):
            first_calls (None | RunFirstCalls):
            cdf (Ecdf):
            box (BoxPlot | None):
            loop (PointSummaryLoop | Unset):  Default: PointSummaryLoop.CLOSED.
            latency (None | Stats | Unset):
            retransmits (int | Unset):  Default: 0.
            calls_retransmitted (int | Unset):  Default: 0.
     """

    point_no: int
    calls: int
    counts: CallCounts
    rtt: None | Stats
    first_calls: None | RunFirstCalls
    cdf: Ecdf
    box: BoxPlot | None
    loop: PointSummaryLoop | Unset = PointSummaryLoop.CLOSED
    latency: None | Stats | Unset = UNSET
    retransmits: int | Unset = 0
    calls_retransmitted: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.box_plot import BoxPlot # noqa: PLC0415
        from ..models.call_counts import CallCounts # noqa: PLC0415
        from ..models.ecdf import Ecdf # noqa: PLC0415
        from ..models.run_first_calls import RunFirstCalls # noqa: PLC0415
        from ..models.stats import Stats # noqa: PLC0415
        point_no = self.point_no

        calls = self.calls

        counts = self.counts.to_dict()

        rtt: dict[str, Any] | None
        if isinstance(self.rtt, Stats):
            rtt = self.rtt.to_dict()
        else:
            rtt = self.rtt

        first_calls: dict[str, Any] | None
        if isinstance(self.first_calls, RunFirstCalls):
            first_calls = self.first_calls.to_dict()
        else:
            first_calls = self.first_calls

        cdf = self.cdf.to_dict()

        box: dict[str, Any] | None
        if isinstance(self.box, BoxPlot):
            box = self.box.to_dict()
        else:
            box = self.box

        loop: str | Unset = UNSET
        if not isinstance(self.loop, Unset):
            loop = self.loop.value


        latency: dict[str, Any] | None | Unset
        if isinstance(self.latency, Unset):
            latency = UNSET
        elif isinstance(self.latency, Stats):
            latency = self.latency.to_dict()
        else:
            latency = self.latency

        retransmits = self.retransmits

        calls_retransmitted = self.calls_retransmitted


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "calls": calls,
            "counts": counts,
            "rtt": rtt,
            "first_calls": first_calls,
            "cdf": cdf,
            "box": box,
        })
        if loop is not UNSET:
            field_dict["loop"] = loop
        if latency is not UNSET:
            field_dict["latency"] = latency
        if retransmits is not UNSET:
            field_dict["retransmits"] = retransmits
        if calls_retransmitted is not UNSET:
            field_dict["calls_retransmitted"] = calls_retransmitted

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.box_plot import BoxPlot # noqa: PLC0415
        from ..models.call_counts import CallCounts # noqa: PLC0415
        from ..models.ecdf import Ecdf # noqa: PLC0415
        from ..models.run_first_calls import RunFirstCalls # noqa: PLC0415
        from ..models.stats import Stats # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        calls = d.pop("calls")

        counts = CallCounts.from_dict(d.pop("counts"))




        def _parse_rtt(data: object) -> None | Stats:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rtt_type_0 = Stats.from_dict(data)



                return rtt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Stats, data)

        rtt = _parse_rtt(d.pop("rtt"))


        def _parse_first_calls(data: object) -> None | RunFirstCalls:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_calls_type_0 = RunFirstCalls.from_dict(data)



                return first_calls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunFirstCalls, data)

        first_calls = _parse_first_calls(d.pop("first_calls"))


        cdf = Ecdf.from_dict(d.pop("cdf"))




        def _parse_box(data: object) -> BoxPlot | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                box_type_0 = BoxPlot.from_dict(data)



                return box_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BoxPlot | None, data)

        box = _parse_box(d.pop("box"))


        _loop = d.pop("loop", UNSET)
        loop: PointSummaryLoop | Unset
        if isinstance(_loop,  Unset):
            loop = UNSET
        else:
            loop = PointSummaryLoop(_loop)




        def _parse_latency(data: object) -> None | Stats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                latency_type_0 = Stats.from_dict(data)



                return latency_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Stats | Unset, data)

        latency = _parse_latency(d.pop("latency", UNSET))


        retransmits = d.pop("retransmits", UNSET)

        calls_retransmitted = d.pop("calls_retransmitted", UNSET)

        point_summary = cls(
            point_no=point_no,
            calls=calls,
            counts=counts,
            rtt=rtt,
            first_calls=first_calls,
            cdf=cdf,
            box=box,
            loop=loop,
            latency=latency,
            retransmits=retransmits,
            calls_retransmitted=calls_retransmitted,
        )


        point_summary.additional_properties = d
        return point_summary

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

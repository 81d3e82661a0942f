from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tail_point_loop import TailPointLoop
from typing import cast

if TYPE_CHECKING:
  from ..models.spectrum_row import SpectrumRow
  from ..models.tail_attribution import TailAttribution
  from ..models.tail_percentile import TailPercentile





T = TypeVar("T", bound="TailPoint")



@_attrs_define
class TailPoint:
    """ 
        Attributes:
            point_no (int):
            loop (TailPointLoop):
            calls (int):
            percentiles (list[TailPercentile]):
            hdr (str):
            hdr_clipped (int):
            spectrum (list[SpectrumRow]):
            attribution (list[TailAttribution]):
            attribution_reason (None | str):
     """

    point_no: int
    loop: TailPointLoop
    calls: int
    percentiles: list[TailPercentile]
    hdr: str
    hdr_clipped: int
    spectrum: list[SpectrumRow]
    attribution: list[TailAttribution]
    attribution_reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.spectrum_row import SpectrumRow # noqa: PLC0415
        from ..models.tail_attribution import TailAttribution # noqa: PLC0415
        from ..models.tail_percentile import TailPercentile # noqa: PLC0415
        point_no = self.point_no

        loop = self.loop.value

        calls = self.calls

        percentiles = []
        for percentiles_item_data in self.percentiles:
            percentiles_item = percentiles_item_data.to_dict()
            percentiles.append(percentiles_item)



        hdr = self.hdr

        hdr_clipped = self.hdr_clipped

        spectrum = []
        for spectrum_item_data in self.spectrum:
            spectrum_item = spectrum_item_data.to_dict()
            spectrum.append(spectrum_item)



        attribution = []
        for attribution_item_data in self.attribution:
            attribution_item = attribution_item_data.to_dict()
            attribution.append(attribution_item)



        attribution_reason: None | str
        attribution_reason = self.attribution_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "loop": loop,
            "calls": calls,
            "percentiles": percentiles,
            "hdr": hdr,
            "hdr_clipped": hdr_clipped,
            "spectrum": spectrum,
            "attribution": attribution,
            "attribution_reason": attribution_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spectrum_row import SpectrumRow # noqa: PLC0415
        from ..models.tail_attribution import TailAttribution # noqa: PLC0415
        from ..models.tail_percentile import TailPercentile # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        loop = TailPointLoop(d.pop("loop"))




        calls = d.pop("calls")

        percentiles = []
        _percentiles = d.pop("percentiles")
        for percentiles_item_data in (_percentiles):
            percentiles_item = TailPercentile.from_dict(percentiles_item_data)



            percentiles.append(percentiles_item)


        hdr = d.pop("hdr")

        hdr_clipped = d.pop("hdr_clipped")

        spectrum = []
        _spectrum = d.pop("spectrum")
        for spectrum_item_data in (_spectrum):
            spectrum_item = SpectrumRow.from_dict(spectrum_item_data)



            spectrum.append(spectrum_item)


        attribution = []
        _attribution = d.pop("attribution")
        for attribution_item_data in (_attribution):
            attribution_item = TailAttribution.from_dict(attribution_item_data)



            attribution.append(attribution_item)


        def _parse_attribution_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        attribution_reason = _parse_attribution_reason(d.pop("attribution_reason"))


        tail_point = cls(
            point_no=point_no,
            loop=loop,
            calls=calls,
            percentiles=percentiles,
            hdr=hdr,
            hdr_clipped=hdr_clipped,
            spectrum=spectrum,
            attribution=attribution,
            attribution_reason=attribution_reason,
        )


        tail_point.additional_properties = d
        return tail_point

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

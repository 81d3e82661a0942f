from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.packet_count import PacketCount
  from ..models.packet_jump import PacketJump
  from ..models.packets_result_params import PacketsResultParams
  from ..models.packets_result_source import PacketsResultSource
  from ..models.rtt_at_size import RttAtSize





T = TypeVar("T", bound="PacketsResult")



@_attrs_define
class PacketsResult:
    """ 
        Attributes:
            available (bool):
            params (PacketsResultParams):
            source (PacketsResultSource):
            counts (list[PacketCount]):
            jumps (list[PacketJump]):
            rtt_vs_size (list[RttAtSize] | Unset):
     """

    available: bool
    params: PacketsResultParams
    source: PacketsResultSource
    counts: list[PacketCount]
    jumps: list[PacketJump]
    rtt_vs_size: list[RttAtSize] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.packet_count import PacketCount # noqa: PLC0415
        from ..models.packet_jump import PacketJump # noqa: PLC0415
        from ..models.packets_result_params import PacketsResultParams # noqa: PLC0415
        from ..models.packets_result_source import PacketsResultSource # noqa: PLC0415
        from ..models.rtt_at_size import RttAtSize # noqa: PLC0415
        available = self.available

        params = self.params.to_dict()

        source = self.source.to_dict()

        counts = []
        for counts_item_data in self.counts:
            counts_item = counts_item_data.to_dict()
            counts.append(counts_item)



        jumps = []
        for jumps_item_data in self.jumps:
            jumps_item = jumps_item_data.to_dict()
            jumps.append(jumps_item)



        rtt_vs_size: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rtt_vs_size, Unset):
            rtt_vs_size = []
            for rtt_vs_size_item_data in self.rtt_vs_size:
                rtt_vs_size_item = rtt_vs_size_item_data.to_dict()
                rtt_vs_size.append(rtt_vs_size_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "params": params,
            "source": source,
            "counts": counts,
            "jumps": jumps,
        })
        if rtt_vs_size is not UNSET:
            field_dict["rtt_vs_size"] = rtt_vs_size

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.packet_count import PacketCount # noqa: PLC0415
        from ..models.packet_jump import PacketJump # noqa: PLC0415
        from ..models.packets_result_params import PacketsResultParams # noqa: PLC0415
        from ..models.packets_result_source import PacketsResultSource # noqa: PLC0415
        from ..models.rtt_at_size import RttAtSize # noqa: PLC0415
        d = dict(src_dict)
        available = d.pop("available")

        params = PacketsResultParams.from_dict(d.pop("params"))




        source = PacketsResultSource.from_dict(d.pop("source"))




        counts = []
        _counts = d.pop("counts")
        for counts_item_data in (_counts):
            counts_item = PacketCount.from_dict(counts_item_data)



            counts.append(counts_item)


        jumps = []
        _jumps = d.pop("jumps")
        for jumps_item_data in (_jumps):
            jumps_item = PacketJump.from_dict(jumps_item_data)



            jumps.append(jumps_item)


        _rtt_vs_size = d.pop("rtt_vs_size", UNSET)
        rtt_vs_size: list[RttAtSize] | Unset = UNSET
        if _rtt_vs_size is not UNSET:
            rtt_vs_size = []
            for rtt_vs_size_item_data in _rtt_vs_size:
                rtt_vs_size_item = RttAtSize.from_dict(rtt_vs_size_item_data)



                rtt_vs_size.append(rtt_vs_size_item)


        packets_result = cls(
            available=available,
            params=params,
            source=source,
            counts=counts,
            jumps=jumps,
            rtt_vs_size=rtt_vs_size,
        )


        packets_result.additional_properties = d
        return packets_result

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

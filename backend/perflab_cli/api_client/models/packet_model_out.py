from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.packet_model_out_counts_item import PacketModelOutCountsItem
  from ..models.packet_model_out_jumps_item import PacketModelOutJumpsItem





T = TypeVar("T", bound="PacketModelOut")



@_attrs_define
class PacketModelOut:
    """ 
        Attributes:
            counts (list[PacketModelOutCountsItem]):
            jumps (list[PacketModelOutJumpsItem]):
     """

    counts: list[PacketModelOutCountsItem]
    jumps: list[PacketModelOutJumpsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.packet_model_out_counts_item import PacketModelOutCountsItem # noqa: PLC0415
        from ..models.packet_model_out_jumps_item import PacketModelOutJumpsItem # noqa: PLC0415
        counts = []
        for counts_item_data in self.counts:
            counts_item = counts_item_data.to_dict()
            counts.append(counts_item)



        jumps = []
        for jumps_item_data in self.jumps:
            jumps_item = jumps_item_data.to_dict()
            jumps.append(jumps_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "counts": counts,
            "jumps": jumps,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.packet_model_out_counts_item import PacketModelOutCountsItem # noqa: PLC0415
        from ..models.packet_model_out_jumps_item import PacketModelOutJumpsItem # noqa: PLC0415
        d = dict(src_dict)
        counts = []
        _counts = d.pop("counts")
        for counts_item_data in (_counts):
            counts_item = PacketModelOutCountsItem.from_dict(counts_item_data)



            counts.append(counts_item)


        jumps = []
        _jumps = d.pop("jumps")
        for jumps_item_data in (_jumps):
            jumps_item = PacketModelOutJumpsItem.from_dict(jumps_item_data)



            jumps.append(jumps_item)


        packet_model_out = cls(
            counts=counts,
            jumps=jumps,
        )


        packet_model_out.additional_properties = d
        return packet_model_out

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

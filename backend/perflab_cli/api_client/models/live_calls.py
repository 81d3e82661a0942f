from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.live_calls_events_item import LiveCallsEventsItem





T = TypeVar("T", bound="LiveCalls")



@_attrs_define
class LiveCalls:
    """ 
        Attributes:
            run_id (int):
            status (str):
            events (list[LiveCallsEventsItem]):
     """

    run_id: int
    status: str
    events: list[LiveCallsEventsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.live_calls_events_item import LiveCallsEventsItem # noqa: PLC0415
        run_id = self.run_id

        status = self.status

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "run_id": run_id,
            "status": status,
            "events": events,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.live_calls_events_item import LiveCallsEventsItem # noqa: PLC0415
        d = dict(src_dict)
        run_id = d.pop("run_id")

        status = d.pop("status")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = LiveCallsEventsItem.from_dict(events_item_data)



            events.append(events_item)


        live_calls = cls(
            run_id=run_id,
            status=status,
            events=events,
        )


        live_calls.additional_properties = d
        return live_calls

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

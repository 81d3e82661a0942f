from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.link_profile_out_aqm import LinkProfileOutAqm
from ..models.link_profile_out_emulation import LinkProfileOutEmulation
from ..models.link_profile_out_jitter_distribution import LinkProfileOutJitterDistribution
from typing import cast

if TYPE_CHECKING:
  from ..models.link_profile_out_reverse import LinkProfileOutReverse





T = TypeVar("T", bound="LinkProfileOut")



@_attrs_define
class LinkProfileOut:
    """ One link profile (links/profiles.toml plus the user's own) and whether this lab can emulate it. Directional
    values are client -> server; `reverse` holds the server -> client ones that differ.

        Attributes:
            name (str):
            description (str):
            mtu (int):
            rate_mbit (float | None):
            burst_bytes (int | None):
            delay_ms (float):
            jitter_ms (float):
            jitter_distribution (LinkProfileOutJitterDistribution):
            jitter_table (None | str):
            reorder (bool):
            loss_percent (float):
            ge_p_percent (float):
            ge_r_percent (float):
            ge_loss_bad_percent (float):
            ge_loss_good_percent (float):
            duplicate_percent (float):
            corrupt_percent (float):
            queue_bytes (int | None):
            queue_packets (int | None):
            aqm (LinkProfileOutAqm):
            codel_target_ms (float):
            codel_interval_ms (float):
            overhead_bytes (int):
            min_frame_bytes (int):
            reverse (LinkProfileOutReverse):
            emulation (LinkProfileOutEmulation):
            source (str):
            needs (list[str]):
            fidelity (str):
            over_ceiling (bool):
            available (bool):
            unavailable_reason (None | str):
     """

    name: str
    description: str
    mtu: int
    rate_mbit: float | None
    burst_bytes: int | None
    delay_ms: float
    jitter_ms: float
    jitter_distribution: LinkProfileOutJitterDistribution
    jitter_table: None | str
    reorder: bool
    loss_percent: float
    ge_p_percent: float
    ge_r_percent: float
    ge_loss_bad_percent: float
    ge_loss_good_percent: float
    duplicate_percent: float
    corrupt_percent: float
    queue_bytes: int | None
    queue_packets: int | None
    aqm: LinkProfileOutAqm
    codel_target_ms: float
    codel_interval_ms: float
    overhead_bytes: int
    min_frame_bytes: int
    reverse: LinkProfileOutReverse
    emulation: LinkProfileOutEmulation
    source: str
    needs: list[str]
    fidelity: str
    over_ceiling: bool
    available: bool
    unavailable_reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.link_profile_out_reverse import LinkProfileOutReverse # noqa: PLC0415
        name = self.name

        description = self.description

        mtu = self.mtu

        rate_mbit: float | None
        rate_mbit = self.rate_mbit

        burst_bytes: int | None
        burst_bytes = self.burst_bytes

        delay_ms = self.delay_ms

        jitter_ms = self.jitter_ms

        jitter_distribution = self.jitter_distribution.value

        jitter_table: None | str
        jitter_table = self.jitter_table

        reorder = self.reorder

        loss_percent = self.loss_percent

        ge_p_percent = self.ge_p_percent

        ge_r_percent = self.ge_r_percent

        ge_loss_bad_percent = self.ge_loss_bad_percent

        ge_loss_good_percent = self.ge_loss_good_percent

        duplicate_percent = self.duplicate_percent

        corrupt_percent = self.corrupt_percent

        queue_bytes: int | None
        queue_bytes = self.queue_bytes

        queue_packets: int | None
        queue_packets = self.queue_packets

        aqm = self.aqm.value

        codel_target_ms = self.codel_target_ms

        codel_interval_ms = self.codel_interval_ms

        overhead_bytes = self.overhead_bytes

        min_frame_bytes = self.min_frame_bytes

        reverse = self.reverse.to_dict()

        emulation = self.emulation.value

        source = self.source

        needs = self.needs



        fidelity = self.fidelity

        over_ceiling = self.over_ceiling

        available = self.available

        unavailable_reason: None | str
        unavailable_reason = self.unavailable_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "description": description,
            "mtu": mtu,
            "rate_mbit": rate_mbit,
            "burst_bytes": burst_bytes,
            "delay_ms": delay_ms,
            "jitter_ms": jitter_ms,
            "jitter_distribution": jitter_distribution,
            "jitter_table": jitter_table,
            "reorder": reorder,
            "loss_percent": loss_percent,
            "ge_p_percent": ge_p_percent,
            "ge_r_percent": ge_r_percent,
            "ge_loss_bad_percent": ge_loss_bad_percent,
            "ge_loss_good_percent": ge_loss_good_percent,
            "duplicate_percent": duplicate_percent,
            "corrupt_percent": corrupt_percent,
            "queue_bytes": queue_bytes,
            "queue_packets": queue_packets,
            "aqm": aqm,
            "codel_target_ms": codel_target_ms,
            "codel_interval_ms": codel_interval_ms,
            "overhead_bytes": overhead_bytes,
            "min_frame_bytes": min_frame_bytes,
            "reverse": reverse,
            "emulation": emulation,
            "source": source,
            "needs": needs,
            "fidelity": fidelity,
            "over_ceiling": over_ceiling,
            "available": available,
            "unavailable_reason": unavailable_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_profile_out_reverse import LinkProfileOutReverse # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        mtu = d.pop("mtu")

        def _parse_rate_mbit(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rate_mbit = _parse_rate_mbit(d.pop("rate_mbit"))


        def _parse_burst_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        burst_bytes = _parse_burst_bytes(d.pop("burst_bytes"))


        delay_ms = d.pop("delay_ms")

        jitter_ms = d.pop("jitter_ms")

        jitter_distribution = LinkProfileOutJitterDistribution(d.pop("jitter_distribution"))




        def _parse_jitter_table(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        jitter_table = _parse_jitter_table(d.pop("jitter_table"))


        reorder = d.pop("reorder")

        loss_percent = d.pop("loss_percent")

        ge_p_percent = d.pop("ge_p_percent")

        ge_r_percent = d.pop("ge_r_percent")

        ge_loss_bad_percent = d.pop("ge_loss_bad_percent")

        ge_loss_good_percent = d.pop("ge_loss_good_percent")

        duplicate_percent = d.pop("duplicate_percent")

        corrupt_percent = d.pop("corrupt_percent")

        def _parse_queue_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        queue_bytes = _parse_queue_bytes(d.pop("queue_bytes"))


        def _parse_queue_packets(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        queue_packets = _parse_queue_packets(d.pop("queue_packets"))


        aqm = LinkProfileOutAqm(d.pop("aqm"))




        codel_target_ms = d.pop("codel_target_ms")

        codel_interval_ms = d.pop("codel_interval_ms")

        overhead_bytes = d.pop("overhead_bytes")

        min_frame_bytes = d.pop("min_frame_bytes")

        reverse = LinkProfileOutReverse.from_dict(d.pop("reverse"))




        emulation = LinkProfileOutEmulation(d.pop("emulation"))




        source = d.pop("source")

        needs = cast(list[str], d.pop("needs"))


        fidelity = d.pop("fidelity")

        over_ceiling = d.pop("over_ceiling")

        available = d.pop("available")

        def _parse_unavailable_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        unavailable_reason = _parse_unavailable_reason(d.pop("unavailable_reason"))


        link_profile_out = cls(
            name=name,
            description=description,
            mtu=mtu,
            rate_mbit=rate_mbit,
            burst_bytes=burst_bytes,
            delay_ms=delay_ms,
            jitter_ms=jitter_ms,
            jitter_distribution=jitter_distribution,
            jitter_table=jitter_table,
            reorder=reorder,
            loss_percent=loss_percent,
            ge_p_percent=ge_p_percent,
            ge_r_percent=ge_r_percent,
            ge_loss_bad_percent=ge_loss_bad_percent,
            ge_loss_good_percent=ge_loss_good_percent,
            duplicate_percent=duplicate_percent,
            corrupt_percent=corrupt_percent,
            queue_bytes=queue_bytes,
            queue_packets=queue_packets,
            aqm=aqm,
            codel_target_ms=codel_target_ms,
            codel_interval_ms=codel_interval_ms,
            overhead_bytes=overhead_bytes,
            min_frame_bytes=min_frame_bytes,
            reverse=reverse,
            emulation=emulation,
            source=source,
            needs=needs,
            fidelity=fidelity,
            over_ceiling=over_ceiling,
            available=available,
            unavailable_reason=unavailable_reason,
        )


        link_profile_out.additional_properties = d
        return link_profile_out

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

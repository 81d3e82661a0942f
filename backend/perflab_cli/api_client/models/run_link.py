from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_link_emulation_type_0 import RunLinkEmulationType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.net_path import NetPath
  from ..models.run_link_paths_type_0 import RunLinkPathsType0





T = TypeVar("T", bound="RunLink")



@_attrs_define
class RunLink:
    """ What a run records of its link (services/run_links.py, links/lab.py measure); {} for runs before links.
    Measured details (qdiscs, interfaces, wire, requested) pass through.

        Attributes:
            profile (None | str | Unset):
            emulated (bool | None | Unset):
            emulation (None | RunLinkEmulationType0 | Unset):
            mtu (int | None | Unset):
            rate_mbit (float | None | Unset):
            delay_ms (float | None | Unset):
            rtt_us_min (float | None | Unset):
            probes_lost (int | None | Unset):
            paths (None | RunLinkPathsType0 | Unset):
            path (NetPath | None | Unset):
            warnings (list[str] | None | Unset):
     """

    profile: None | str | Unset = UNSET
    emulated: bool | None | Unset = UNSET
    emulation: None | RunLinkEmulationType0 | Unset = UNSET
    mtu: int | None | Unset = UNSET
    rate_mbit: float | None | Unset = UNSET
    delay_ms: float | None | Unset = UNSET
    rtt_us_min: float | None | Unset = UNSET
    probes_lost: int | None | Unset = UNSET
    paths: None | RunLinkPathsType0 | Unset = UNSET
    path: NetPath | None | Unset = UNSET
    warnings: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.net_path import NetPath # noqa: PLC0415
        from ..models.run_link_paths_type_0 import RunLinkPathsType0 # noqa: PLC0415
        profile: None | str | Unset
        if isinstance(self.profile, Unset):
            profile = UNSET
        else:
            profile = self.profile

        emulated: bool | None | Unset
        if isinstance(self.emulated, Unset):
            emulated = UNSET
        else:
            emulated = self.emulated

        emulation: None | str | Unset
        if isinstance(self.emulation, Unset):
            emulation = UNSET
        elif isinstance(self.emulation, RunLinkEmulationType0):
            emulation = self.emulation.value
        else:
            emulation = self.emulation

        mtu: int | None | Unset
        if isinstance(self.mtu, Unset):
            mtu = UNSET
        else:
            mtu = self.mtu

        rate_mbit: float | None | Unset
        if isinstance(self.rate_mbit, Unset):
            rate_mbit = UNSET
        else:
            rate_mbit = self.rate_mbit

        delay_ms: float | None | Unset
        if isinstance(self.delay_ms, Unset):
            delay_ms = UNSET
        else:
            delay_ms = self.delay_ms

        rtt_us_min: float | None | Unset
        if isinstance(self.rtt_us_min, Unset):
            rtt_us_min = UNSET
        else:
            rtt_us_min = self.rtt_us_min

        probes_lost: int | None | Unset
        if isinstance(self.probes_lost, Unset):
            probes_lost = UNSET
        else:
            probes_lost = self.probes_lost

        paths: dict[str, Any] | None | Unset
        if isinstance(self.paths, Unset):
            paths = UNSET
        elif isinstance(self.paths, RunLinkPathsType0):
            paths = self.paths.to_dict()
        else:
            paths = self.paths

        path: dict[str, Any] | None | Unset
        if isinstance(self.path, Unset):
            path = UNSET
        elif isinstance(self.path, NetPath):
            path = self.path.to_dict()
        else:
            path = self.path

        warnings: list[str] | None | Unset
        if isinstance(self.warnings, Unset):
            warnings = UNSET
        elif isinstance(self.warnings, list):
            warnings = self.warnings


        else:
            warnings = self.warnings


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if profile is not UNSET:
            field_dict["profile"] = profile
        if emulated is not UNSET:
            field_dict["emulated"] = emulated
        if emulation is not UNSET:
            field_dict["emulation"] = emulation
        if mtu is not UNSET:
            field_dict["mtu"] = mtu
        if rate_mbit is not UNSET:
            field_dict["rate_mbit"] = rate_mbit
        if delay_ms is not UNSET:
            field_dict["delay_ms"] = delay_ms
        if rtt_us_min is not UNSET:
            field_dict["rtt_us_min"] = rtt_us_min
        if probes_lost is not UNSET:
            field_dict["probes_lost"] = probes_lost
        if paths is not UNSET:
            field_dict["paths"] = paths
        if path is not UNSET:
            field_dict["path"] = path
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.net_path import NetPath # noqa: PLC0415
        from ..models.run_link_paths_type_0 import RunLinkPathsType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_profile(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile = _parse_profile(d.pop("profile", UNSET))


        def _parse_emulated(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        emulated = _parse_emulated(d.pop("emulated", UNSET))


        def _parse_emulation(data: object) -> None | RunLinkEmulationType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                emulation_type_0 = RunLinkEmulationType0(data)



                return emulation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunLinkEmulationType0 | Unset, data)

        emulation = _parse_emulation(d.pop("emulation", UNSET))


        def _parse_mtu(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        mtu = _parse_mtu(d.pop("mtu", UNSET))


        def _parse_rate_mbit(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate_mbit = _parse_rate_mbit(d.pop("rate_mbit", UNSET))


        def _parse_delay_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        delay_ms = _parse_delay_ms(d.pop("delay_ms", UNSET))


        def _parse_rtt_us_min(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rtt_us_min = _parse_rtt_us_min(d.pop("rtt_us_min", UNSET))


        def _parse_probes_lost(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        probes_lost = _parse_probes_lost(d.pop("probes_lost", UNSET))


        def _parse_paths(data: object) -> None | RunLinkPathsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                paths_type_0 = RunLinkPathsType0.from_dict(data)



                return paths_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunLinkPathsType0 | Unset, data)

        paths = _parse_paths(d.pop("paths", UNSET))


        def _parse_path(data: object) -> NetPath | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                path_type_0 = NetPath.from_dict(data)



                return path_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NetPath | None | Unset, data)

        path = _parse_path(d.pop("path", UNSET))


        def _parse_warnings(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                warnings_type_0 = cast(list[str], data)

                return warnings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        warnings = _parse_warnings(d.pop("warnings", UNSET))


        run_link = cls(
            profile=profile,
            emulated=emulated,
            emulation=emulation,
            mtu=mtu,
            rate_mbit=rate_mbit,
            delay_ms=delay_ms,
            rtt_us_min=rtt_us_min,
            probes_lost=probes_lost,
            paths=paths,
            path=path,
            warnings=warnings,
        )


        run_link.additional_properties = d
        return run_link

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

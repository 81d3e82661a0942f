from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.probe_cost import ProbeCost
  from ..models.run_probe_results import RunProbeResults





T = TypeVar("T", bound="RunProbe")



@_attrs_define
class RunProbe:
    """ GET /api/runs/{id}/probe: each side's probe clock (null until that agent reported) and results.

        Attributes:
            client (None | ProbeCost):
            server (None | ProbeCost):
            results (RunProbeResults | Unset):
     """

    client: None | ProbeCost
    server: None | ProbeCost
    results: RunProbeResults | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.probe_cost import ProbeCost # noqa: PLC0415
        from ..models.run_probe_results import RunProbeResults # noqa: PLC0415
        client: dict[str, Any] | None
        if isinstance(self.client, ProbeCost):
            client = self.client.to_dict()
        else:
            client = self.client

        server: dict[str, Any] | None
        if isinstance(self.server, ProbeCost):
            server = self.server.to_dict()
        else:
            server = self.server

        results: dict[str, Any] | Unset = UNSET
        if not isinstance(self.results, Unset):
            results = self.results.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "client": client,
            "server": server,
        })
        if results is not UNSET:
            field_dict["results"] = results

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.probe_cost import ProbeCost # noqa: PLC0415
        from ..models.run_probe_results import RunProbeResults # noqa: PLC0415
        d = dict(src_dict)
        def _parse_client(data: object) -> None | ProbeCost:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                client_type_0 = ProbeCost.from_dict(data)



                return client_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProbeCost, data)

        client = _parse_client(d.pop("client"))


        def _parse_server(data: object) -> None | ProbeCost:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                server_type_0 = ProbeCost.from_dict(data)



                return server_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProbeCost, data)

        server = _parse_server(d.pop("server"))


        _results = d.pop("results", UNSET)
        results: RunProbeResults | Unset
        if isinstance(_results,  Unset):
            results = UNSET
        else:
            results = RunProbeResults.from_dict(_results)




        run_probe = cls(
            client=client,
            server=server,
            results=results,
        )


        run_probe.additional_properties = d
        return run_probe

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

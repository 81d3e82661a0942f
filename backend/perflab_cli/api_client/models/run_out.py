from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_out_status import RunOutStatus
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.agent_ref import AgentRef
  from ..models.rpc_run_params import RpcRunParams
  from ..models.run_headline import RunHeadline
  from ..models.run_link import RunLink
  from ..models.run_out_environment_type_0 import RunOutEnvironmentType0
  from ..models.run_params import RunParams
  from ..models.run_precision import RunPrecision
  from ..models.run_progress import RunProgress





T = TypeVar("T", bound="RunOut")



@_attrs_define
class RunOut:
    """ 
        Attributes:
            id (int):
            kind (str):
            name (str):
            tags (list[str]):
            status (RunOutStatus):
            reason (None | str):
            params (RpcRunParams | RunParams):
            client_agent (AgentRef):
            server_agent (AgentRef):
            created_at (datetime.datetime):
            started_at (datetime.datetime | None):
            finished_at (datetime.datetime | None):
            calls_done (int):
            calls_total (int):
            link (RunLink | Unset): What a run records of its link (services/run_links.py, links/lab.py measure); {} for
                runs before links.
                Measured details (qdiscs, interfaces, wire, requested) pass through.
            precision (None | RunPrecision | Unset):
            launched_by (None | str | Unset):
            notes (str | Unset):  Default: ''.
            series_key (None | str | Unset):
            environment (None | RunOutEnvironmentType0 | Unset):
            progress (None | RunProgress | Unset):
            stored_bytes (int | Unset):  Default: 0.
            pinned (bool | Unset):  Default: False.
            archived_at (datetime.datetime | None | Unset):
            headline (None | RunHeadline | Unset):
     """

    id: int
    kind: str
    name: str
    tags: list[str]
    status: RunOutStatus
    reason: None | str
    params: RpcRunParams | RunParams
    client_agent: AgentRef
    server_agent: AgentRef
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    calls_done: int
    calls_total: int
    link: RunLink | Unset = UNSET
    precision: None | RunPrecision | Unset = UNSET
    launched_by: None | str | Unset = UNSET
    notes: str | Unset = ''
    series_key: None | str | Unset = UNSET
    environment: None | RunOutEnvironmentType0 | Unset = UNSET
    progress: None | RunProgress | Unset = UNSET
    stored_bytes: int | Unset = 0
    pinned: bool | Unset = False
    archived_at: datetime.datetime | None | Unset = UNSET
    headline: None | RunHeadline | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.agent_ref import AgentRef # noqa: PLC0415
        from ..models.rpc_run_params import RpcRunParams # noqa: PLC0415
        from ..models.run_headline import RunHeadline # noqa: PLC0415
        from ..models.run_link import RunLink # noqa: PLC0415
        from ..models.run_out_environment_type_0 import RunOutEnvironmentType0 # noqa: PLC0415
        from ..models.run_params import RunParams # noqa: PLC0415
        from ..models.run_precision import RunPrecision # noqa: PLC0415
        from ..models.run_progress import RunProgress # noqa: PLC0415
        id = self.id

        kind = self.kind

        name = self.name

        tags = self.tags



        status = self.status.value

        reason: None | str
        reason = self.reason

        params: dict[str, Any]
        if isinstance(self.params, RunParams):
            params = self.params.to_dict()
        else:
            params = self.params.to_dict()


        client_agent = self.client_agent.to_dict()

        server_agent = self.server_agent.to_dict()

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        calls_done = self.calls_done

        calls_total = self.calls_total

        link: dict[str, Any] | Unset = UNSET
        if not isinstance(self.link, Unset):
            link = self.link.to_dict()

        precision: dict[str, Any] | None | Unset
        if isinstance(self.precision, Unset):
            precision = UNSET
        elif isinstance(self.precision, RunPrecision):
            precision = self.precision.to_dict()
        else:
            precision = self.precision

        launched_by: None | str | Unset
        if isinstance(self.launched_by, Unset):
            launched_by = UNSET
        else:
            launched_by = self.launched_by

        notes = self.notes

        series_key: None | str | Unset
        if isinstance(self.series_key, Unset):
            series_key = UNSET
        else:
            series_key = self.series_key

        environment: dict[str, Any] | None | Unset
        if isinstance(self.environment, Unset):
            environment = UNSET
        elif isinstance(self.environment, RunOutEnvironmentType0):
            environment = self.environment.to_dict()
        else:
            environment = self.environment

        progress: dict[str, Any] | None | Unset
        if isinstance(self.progress, Unset):
            progress = UNSET
        elif isinstance(self.progress, RunProgress):
            progress = self.progress.to_dict()
        else:
            progress = self.progress

        stored_bytes = self.stored_bytes

        pinned = self.pinned

        archived_at: None | str | Unset
        if isinstance(self.archived_at, Unset):
            archived_at = UNSET
        elif isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        headline: dict[str, Any] | None | Unset
        if isinstance(self.headline, Unset):
            headline = UNSET
        elif isinstance(self.headline, RunHeadline):
            headline = self.headline.to_dict()
        else:
            headline = self.headline


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "kind": kind,
            "name": name,
            "tags": tags,
            "status": status,
            "reason": reason,
            "params": params,
            "client_agent": client_agent,
            "server_agent": server_agent,
            "created_at": created_at,
            "started_at": started_at,
            "finished_at": finished_at,
            "calls_done": calls_done,
            "calls_total": calls_total,
        })
        if link is not UNSET:
            field_dict["link"] = link
        if precision is not UNSET:
            field_dict["precision"] = precision
        if launched_by is not UNSET:
            field_dict["launched_by"] = launched_by
        if notes is not UNSET:
            field_dict["notes"] = notes
        if series_key is not UNSET:
            field_dict["series_key"] = series_key
        if environment is not UNSET:
            field_dict["environment"] = environment
        if progress is not UNSET:
            field_dict["progress"] = progress
        if stored_bytes is not UNSET:
            field_dict["stored_bytes"] = stored_bytes
        if pinned is not UNSET:
            field_dict["pinned"] = pinned
        if archived_at is not UNSET:
            field_dict["archived_at"] = archived_at
        if headline is not UNSET:
            field_dict["headline"] = headline

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_ref import AgentRef # noqa: PLC0415
        from ..models.rpc_run_params import RpcRunParams # noqa: PLC0415
        from ..models.run_headline import RunHeadline # noqa: PLC0415
        from ..models.run_link import RunLink # noqa: PLC0415
        from ..models.run_out_environment_type_0 import RunOutEnvironmentType0 # noqa: PLC0415
        from ..models.run_params import RunParams # noqa: PLC0415
        from ..models.run_precision import RunPrecision # noqa: PLC0415
        from ..models.run_progress import RunProgress # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        kind = d.pop("kind")

        name = d.pop("name")

        tags = cast(list[str], d.pop("tags"))


        status = RunOutStatus(d.pop("status"))




        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        def _parse_params(data: object) -> RpcRunParams | RunParams:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_0 = RunParams.from_dict(data)



                return params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            params_type_1 = RpcRunParams.from_dict(data)



            return params_type_1

        params = _parse_params(d.pop("params"))


        client_agent = AgentRef.from_dict(d.pop("client_agent"))




        server_agent = AgentRef.from_dict(d.pop("server_agent"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)



                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))


        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)



                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))


        calls_done = d.pop("calls_done")

        calls_total = d.pop("calls_total")

        _link = d.pop("link", UNSET)
        link: RunLink | Unset
        if isinstance(_link,  Unset):
            link = UNSET
        else:
            link = RunLink.from_dict(_link)




        def _parse_precision(data: object) -> None | RunPrecision | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                precision_type_0 = RunPrecision.from_dict(data)



                return precision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunPrecision | Unset, data)

        precision = _parse_precision(d.pop("precision", UNSET))


        def _parse_launched_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        launched_by = _parse_launched_by(d.pop("launched_by", UNSET))


        notes = d.pop("notes", UNSET)

        def _parse_series_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        series_key = _parse_series_key(d.pop("series_key", UNSET))


        def _parse_environment(data: object) -> None | RunOutEnvironmentType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                environment_type_0 = RunOutEnvironmentType0.from_dict(data)



                return environment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunOutEnvironmentType0 | Unset, data)

        environment = _parse_environment(d.pop("environment", UNSET))


        def _parse_progress(data: object) -> None | RunProgress | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                progress_type_0 = RunProgress.from_dict(data)



                return progress_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunProgress | Unset, data)

        progress = _parse_progress(d.pop("progress", UNSET))


        stored_bytes = d.pop("stored_bytes", UNSET)

        pinned = d.pop("pinned", UNSET)

        def _parse_archived_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)



                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        archived_at = _parse_archived_at(d.pop("archived_at", UNSET))


        def _parse_headline(data: object) -> None | RunHeadline | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headline_type_0 = RunHeadline.from_dict(data)



                return headline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunHeadline | Unset, data)

        headline = _parse_headline(d.pop("headline", UNSET))


        run_out = cls(
            id=id,
            kind=kind,
            name=name,
            tags=tags,
            status=status,
            reason=reason,
            params=params,
            client_agent=client_agent,
            server_agent=server_agent,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            calls_done=calls_done,
            calls_total=calls_total,
            link=link,
            precision=precision,
            launched_by=launched_by,
            notes=notes,
            series_key=series_key,
            environment=environment,
            progress=progress,
            stored_bytes=stored_bytes,
            pinned=pinned,
            archived_at=archived_at,
            headline=headline,
        )


        run_out.additional_properties = d
        return run_out

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

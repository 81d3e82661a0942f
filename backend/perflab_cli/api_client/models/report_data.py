from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.clock_alignment import ClockAlignment
  from ..models.clock_result import ClockResult
  from ..models.report_agent import ReportAgent
  from ..models.report_data_probe import ReportDataProbe
  from ..models.report_note import ReportNote
  from ..models.run_clock import RunClock
  from ..models.run_export import RunExport
  from ..models.run_link import RunLink
  from ..models.unavailable import Unavailable





T = TypeVar("T", bound="ReportData")



@_attrs_define
class ReportData:
    """ GET /api/runs/{id}/report-data: what the report view needs beyond the run page's own routes.

        Attributes:
            run_id (int):
            agents (list[ReportAgent]):
            clock (ClockAlignment): How the trace and the report put server times on the client's clock
                (services/exports/clock.py).
            probe (ReportDataProbe):
            clock_analysis (ClockResult | None | Unavailable):
            clock_exchange (None | RunClock):
            link (RunLink): What a run records of its link (services/run_links.py, links/lab.py measure); {} for runs before
                links.
                Measured details (qdiscs, interfaces, wire, requested) pass through.
            notes (list[ReportNote]):
            analyses (list[str]):
            tables (list[RunExport]):
     """

    run_id: int
    agents: list[ReportAgent]
    clock: ClockAlignment
    probe: ReportDataProbe
    clock_analysis: ClockResult | None | Unavailable
    clock_exchange: None | RunClock
    link: RunLink
    notes: list[ReportNote]
    analyses: list[str]
    tables: list[RunExport]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_alignment import ClockAlignment # noqa: PLC0415
        from ..models.clock_result import ClockResult # noqa: PLC0415
        from ..models.report_agent import ReportAgent # noqa: PLC0415
        from ..models.report_data_probe import ReportDataProbe # noqa: PLC0415
        from ..models.report_note import ReportNote # noqa: PLC0415
        from ..models.run_clock import RunClock # noqa: PLC0415
        from ..models.run_export import RunExport # noqa: PLC0415
        from ..models.run_link import RunLink # noqa: PLC0415
        from ..models.unavailable import Unavailable # noqa: PLC0415
        run_id = self.run_id

        agents = []
        for agents_item_data in self.agents:
            agents_item = agents_item_data.to_dict()
            agents.append(agents_item)



        clock = self.clock.to_dict()

        probe = self.probe.to_dict()

        clock_analysis: dict[str, Any] | None
        if isinstance(self.clock_analysis, ClockResult):
            clock_analysis = self.clock_analysis.to_dict()
        elif isinstance(self.clock_analysis, Unavailable):
            clock_analysis = self.clock_analysis.to_dict()
        else:
            clock_analysis = self.clock_analysis

        clock_exchange: dict[str, Any] | None
        if isinstance(self.clock_exchange, RunClock):
            clock_exchange = self.clock_exchange.to_dict()
        else:
            clock_exchange = self.clock_exchange

        link = self.link.to_dict()

        notes = []
        for notes_item_data in self.notes:
            notes_item = notes_item_data.to_dict()
            notes.append(notes_item)



        analyses = self.analyses



        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "run_id": run_id,
            "agents": agents,
            "clock": clock,
            "probe": probe,
            "clock_analysis": clock_analysis,
            "clock_exchange": clock_exchange,
            "link": link,
            "notes": notes,
            "analyses": analyses,
            "tables": tables,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock_alignment import ClockAlignment # noqa: PLC0415
        from ..models.clock_result import ClockResult # noqa: PLC0415
        from ..models.report_agent import ReportAgent # noqa: PLC0415
        from ..models.report_data_probe import ReportDataProbe # noqa: PLC0415
        from ..models.report_note import ReportNote # noqa: PLC0415
        from ..models.run_clock import RunClock # noqa: PLC0415
        from ..models.run_export import RunExport # noqa: PLC0415
        from ..models.run_link import RunLink # noqa: PLC0415
        from ..models.unavailable import Unavailable # noqa: PLC0415
        d = dict(src_dict)
        run_id = d.pop("run_id")

        agents = []
        _agents = d.pop("agents")
        for agents_item_data in (_agents):
            agents_item = ReportAgent.from_dict(agents_item_data)



            agents.append(agents_item)


        clock = ClockAlignment.from_dict(d.pop("clock"))




        probe = ReportDataProbe.from_dict(d.pop("probe"))




        def _parse_clock_analysis(data: object) -> ClockResult | None | Unavailable:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_analysis_type_0 = ClockResult.from_dict(data)



                return clock_analysis_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_analysis_type_1 = Unavailable.from_dict(data)



                return clock_analysis_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockResult | None | Unavailable, data)

        clock_analysis = _parse_clock_analysis(d.pop("clock_analysis"))


        def _parse_clock_exchange(data: object) -> None | RunClock:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_exchange_type_0 = RunClock.from_dict(data)



                return clock_exchange_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunClock, data)

        clock_exchange = _parse_clock_exchange(d.pop("clock_exchange"))


        link = RunLink.from_dict(d.pop("link"))




        notes = []
        _notes = d.pop("notes")
        for notes_item_data in (_notes):
            notes_item = ReportNote.from_dict(notes_item_data)



            notes.append(notes_item)


        analyses = cast(list[str], d.pop("analyses"))


        tables = []
        _tables = d.pop("tables")
        for tables_item_data in (_tables):
            tables_item = RunExport.from_dict(tables_item_data)



            tables.append(tables_item)


        report_data = cls(
            run_id=run_id,
            agents=agents,
            clock=clock,
            probe=probe,
            clock_analysis=clock_analysis,
            clock_exchange=clock_exchange,
            link=link,
            notes=notes,
            analyses=analyses,
            tables=tables,
        )


        report_data.additional_properties = d
        return report_data

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

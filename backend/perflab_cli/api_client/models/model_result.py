from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.model_result_think_distribution import ModelResultThinkDistribution
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.base_point import BasePoint
  from ..models.model_result_injection_type_0 import ModelResultInjectionType0
  from ..models.model_result_solvers import ModelResultSolvers
  from ..models.model_row import ModelRow
  from ..models.model_verdict import ModelVerdict
  from ..models.server_pool import ServerPool
  from ..models.simulation_budget import SimulationBudget
  from ..models.table_of_rows import TableOfRows





T = TypeVar("T", bound="ModelResult")



@_attrs_define
class ModelResult:
    """ 
        Attributes:
            available (bool):
            unit (str):
            applies (bool):
            method (str):
            simulated (bool):
            rows (list[ModelRow]):
            table (TableOfRows):
            threshold_percent (float):
            spread_factor (float):
            spread_floor (float):
            tolerance_pct (float):
            flag_rule (str):
            base_points (list[BasePoint]):
            notes (list[str]):
            server_cpu_servers (ServerPool):
            smallest_detectable_pct (float):
            mean_percent_error (float):
            max_abs_percent_error (float):
            mean_abs_percent_error (float):
            mva_mean_abs_percent_error (float):
            exact_mean_abs_percent_error (float):
            single_server_mean_abs_percent_error (float):
            solvers (ModelResultSolvers | Unset):
            points_not_applicable (int | Unset):  Default: 0.
            verdict (ModelVerdict | None | Unset):
            injection (ModelResultInjectionType0 | None | Unset):
            simulation (None | SimulationBudget | Unset):
            think_distribution (ModelResultThinkDistribution | Unset):  Default: ModelResultThinkDistribution.EXPONENTIAL.
     """

    available: bool
    unit: str
    applies: bool
    method: str
    simulated: bool
    rows: list[ModelRow]
    table: TableOfRows
    threshold_percent: float
    spread_factor: float
    spread_floor: float
    tolerance_pct: float
    flag_rule: str
    base_points: list[BasePoint]
    notes: list[str]
    server_cpu_servers: ServerPool
    smallest_detectable_pct: float
    mean_percent_error: float
    max_abs_percent_error: float
    mean_abs_percent_error: float
    mva_mean_abs_percent_error: float
    exact_mean_abs_percent_error: float
    single_server_mean_abs_percent_error: float
    solvers: ModelResultSolvers | Unset = UNSET
    points_not_applicable: int | Unset = 0
    verdict: ModelVerdict | None | Unset = UNSET
    injection: ModelResultInjectionType0 | None | Unset = UNSET
    simulation: None | SimulationBudget | Unset = UNSET
    think_distribution: ModelResultThinkDistribution | Unset = ModelResultThinkDistribution.EXPONENTIAL
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.base_point import BasePoint # noqa: PLC0415
        from ..models.model_result_injection_type_0 import ModelResultInjectionType0 # noqa: PLC0415
        from ..models.model_result_solvers import ModelResultSolvers # noqa: PLC0415
        from ..models.model_row import ModelRow # noqa: PLC0415
        from ..models.model_verdict import ModelVerdict # noqa: PLC0415
        from ..models.server_pool import ServerPool # noqa: PLC0415
        from ..models.simulation_budget import SimulationBudget # noqa: PLC0415
        from ..models.table_of_rows import TableOfRows # noqa: PLC0415
        available = self.available

        unit = self.unit

        applies = self.applies

        method = self.method

        simulated = self.simulated

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)



        table = self.table.to_dict()

        threshold_percent = self.threshold_percent

        spread_factor = self.spread_factor

        spread_floor = self.spread_floor

        tolerance_pct = self.tolerance_pct

        flag_rule = self.flag_rule

        base_points = []
        for base_points_item_data in self.base_points:
            base_points_item = base_points_item_data.to_dict()
            base_points.append(base_points_item)



        notes = self.notes



        server_cpu_servers = self.server_cpu_servers.to_dict()

        smallest_detectable_pct = self.smallest_detectable_pct

        mean_percent_error = self.mean_percent_error

        max_abs_percent_error = self.max_abs_percent_error

        mean_abs_percent_error = self.mean_abs_percent_error

        mva_mean_abs_percent_error = self.mva_mean_abs_percent_error

        exact_mean_abs_percent_error = self.exact_mean_abs_percent_error

        single_server_mean_abs_percent_error = self.single_server_mean_abs_percent_error

        solvers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.solvers, Unset):
            solvers = self.solvers.to_dict()

        points_not_applicable = self.points_not_applicable

        verdict: dict[str, Any] | None | Unset
        if isinstance(self.verdict, Unset):
            verdict = UNSET
        elif isinstance(self.verdict, ModelVerdict):
            verdict = self.verdict.to_dict()
        else:
            verdict = self.verdict

        injection: dict[str, Any] | None | Unset
        if isinstance(self.injection, Unset):
            injection = UNSET
        elif isinstance(self.injection, ModelResultInjectionType0):
            injection = self.injection.to_dict()
        else:
            injection = self.injection

        simulation: dict[str, Any] | None | Unset
        if isinstance(self.simulation, Unset):
            simulation = UNSET
        elif isinstance(self.simulation, SimulationBudget):
            simulation = self.simulation.to_dict()
        else:
            simulation = self.simulation

        think_distribution: str | Unset = UNSET
        if not isinstance(self.think_distribution, Unset):
            think_distribution = self.think_distribution.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "available": available,
            "unit": unit,
            "applies": applies,
            "method": method,
            "simulated": simulated,
            "rows": rows,
            "table": table,
            "threshold_percent": threshold_percent,
            "spread_factor": spread_factor,
            "spread_floor": spread_floor,
            "tolerance_pct": tolerance_pct,
            "flag_rule": flag_rule,
            "base_points": base_points,
            "notes": notes,
            "server_cpu_servers": server_cpu_servers,
            "smallest_detectable_pct": smallest_detectable_pct,
            "mean_percent_error": mean_percent_error,
            "max_abs_percent_error": max_abs_percent_error,
            "mean_abs_percent_error": mean_abs_percent_error,
            "mva_mean_abs_percent_error": mva_mean_abs_percent_error,
            "exact_mean_abs_percent_error": exact_mean_abs_percent_error,
            "single_server_mean_abs_percent_error": single_server_mean_abs_percent_error,
        })
        if solvers is not UNSET:
            field_dict["solvers"] = solvers
        if points_not_applicable is not UNSET:
            field_dict["points_not_applicable"] = points_not_applicable
        if verdict is not UNSET:
            field_dict["verdict"] = verdict
        if injection is not UNSET:
            field_dict["injection"] = injection
        if simulation is not UNSET:
            field_dict["simulation"] = simulation
        if think_distribution is not UNSET:
            field_dict["think_distribution"] = think_distribution

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.base_point import BasePoint # noqa: PLC0415
        from ..models.model_result_injection_type_0 import ModelResultInjectionType0 # noqa: PLC0415
        from ..models.model_result_solvers import ModelResultSolvers # noqa: PLC0415
        from ..models.model_row import ModelRow # noqa: PLC0415
        from ..models.model_verdict import ModelVerdict # noqa: PLC0415
        from ..models.server_pool import ServerPool # noqa: PLC0415
        from ..models.simulation_budget import SimulationBudget # noqa: PLC0415
        from ..models.table_of_rows import TableOfRows # noqa: PLC0415
        d = dict(src_dict)
        available = d.pop("available")

        unit = d.pop("unit")

        applies = d.pop("applies")

        method = d.pop("method")

        simulated = d.pop("simulated")

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = ModelRow.from_dict(rows_item_data)



            rows.append(rows_item)


        table = TableOfRows.from_dict(d.pop("table"))




        threshold_percent = d.pop("threshold_percent")

        spread_factor = d.pop("spread_factor")

        spread_floor = d.pop("spread_floor")

        tolerance_pct = d.pop("tolerance_pct")

        flag_rule = d.pop("flag_rule")

        base_points = []
        _base_points = d.pop("base_points")
        for base_points_item_data in (_base_points):
            base_points_item = BasePoint.from_dict(base_points_item_data)



            base_points.append(base_points_item)


        notes = cast(list[str], d.pop("notes"))


        server_cpu_servers = ServerPool.from_dict(d.pop("server_cpu_servers"))




        smallest_detectable_pct = d.pop("smallest_detectable_pct")

        mean_percent_error = d.pop("mean_percent_error")

        max_abs_percent_error = d.pop("max_abs_percent_error")

        mean_abs_percent_error = d.pop("mean_abs_percent_error")

        mva_mean_abs_percent_error = d.pop("mva_mean_abs_percent_error")

        exact_mean_abs_percent_error = d.pop("exact_mean_abs_percent_error")

        single_server_mean_abs_percent_error = d.pop("single_server_mean_abs_percent_error")

        _solvers = d.pop("solvers", UNSET)
        solvers: ModelResultSolvers | Unset
        if isinstance(_solvers,  Unset):
            solvers = UNSET
        else:
            solvers = ModelResultSolvers.from_dict(_solvers)




        points_not_applicable = d.pop("points_not_applicable", UNSET)

        def _parse_verdict(data: object) -> ModelVerdict | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                verdict_type_0 = ModelVerdict.from_dict(data)



                return verdict_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelVerdict | None | Unset, data)

        verdict = _parse_verdict(d.pop("verdict", UNSET))


        def _parse_injection(data: object) -> ModelResultInjectionType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                injection_type_0 = ModelResultInjectionType0.from_dict(data)



                return injection_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelResultInjectionType0 | None | Unset, data)

        injection = _parse_injection(d.pop("injection", UNSET))


        def _parse_simulation(data: object) -> None | SimulationBudget | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                simulation_type_0 = SimulationBudget.from_dict(data)



                return simulation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SimulationBudget | Unset, data)

        simulation = _parse_simulation(d.pop("simulation", UNSET))


        _think_distribution = d.pop("think_distribution", UNSET)
        think_distribution: ModelResultThinkDistribution | Unset
        if isinstance(_think_distribution,  Unset):
            think_distribution = UNSET
        else:
            think_distribution = ModelResultThinkDistribution(_think_distribution)




        model_result = cls(
            available=available,
            unit=unit,
            applies=applies,
            method=method,
            simulated=simulated,
            rows=rows,
            table=table,
            threshold_percent=threshold_percent,
            spread_factor=spread_factor,
            spread_floor=spread_floor,
            tolerance_pct=tolerance_pct,
            flag_rule=flag_rule,
            base_points=base_points,
            notes=notes,
            server_cpu_servers=server_cpu_servers,
            smallest_detectable_pct=smallest_detectable_pct,
            mean_percent_error=mean_percent_error,
            max_abs_percent_error=max_abs_percent_error,
            mean_abs_percent_error=mean_abs_percent_error,
            mva_mean_abs_percent_error=mva_mean_abs_percent_error,
            exact_mean_abs_percent_error=exact_mean_abs_percent_error,
            single_server_mean_abs_percent_error=single_server_mean_abs_percent_error,
            solvers=solvers,
            points_not_applicable=points_not_applicable,
            verdict=verdict,
            injection=injection,
            simulation=simulation,
            think_distribution=think_distribution,
        )


        model_result.additional_properties = d
        return model_result

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

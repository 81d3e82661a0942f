from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.model_row_solver import ModelRowSolver
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.growth import Growth
  from ..models.model_row_cv_2 import ModelRowCv2
  from ..models.model_row_slow_start_type_0 import ModelRowSlowStartType0
  from ..models.response_bounds import ResponseBounds





T = TypeVar("T", bound="ModelRow")



@_attrs_define
class ModelRow:
    """ 
        Attributes:
            point_no (int):
            label (str):
            threads (int):
            think (float):
            model (float):
            measured (float):
            measured_std (float | None):
            percent_error (float):
            cv (float | None):
            anomaly (bool):
            reasons (list[str]):
            explanation (str):
            measured_ci95 (list[float] | None):
            model_band (list[float] | None):
            input_band (list[float] | None):
            grew (Growth | None):
            slow_start (ModelRowSlowStartType0 | None):
            base_point_no (int):
            base_loaded (bool):
            model_exact (float):
            model_mva (float):
            cv2 (ModelRowCv2):
            detectable_pct (float):
            model_sim (float | None | Unset):
            sim_ci95 (float | None | Unset):
            solver (ModelRowSolver | Unset):  Default: ModelRowSolver.RESIDUAL.
            solver_reason (str | Unset):  Default: ''.
            clamped (bool | Unset):  Default: False.
            bounds (None | ResponseBounds | Unset):
            applies (bool | Unset):  Default: True.
            not_applies_reason (None | str | Unset):
     """

    point_no: int
    label: str
    threads: int
    think: float
    model: float
    measured: float
    measured_std: float | None
    percent_error: float
    cv: float | None
    anomaly: bool
    reasons: list[str]
    explanation: str
    measured_ci95: list[float] | None
    model_band: list[float] | None
    input_band: list[float] | None
    grew: Growth | None
    slow_start: ModelRowSlowStartType0 | None
    base_point_no: int
    base_loaded: bool
    model_exact: float
    model_mva: float
    cv2: ModelRowCv2
    detectable_pct: float
    model_sim: float | None | Unset = UNSET
    sim_ci95: float | None | Unset = UNSET
    solver: ModelRowSolver | Unset = ModelRowSolver.RESIDUAL
    solver_reason: str | Unset = ''
    clamped: bool | Unset = False
    bounds: None | ResponseBounds | Unset = UNSET
    applies: bool | Unset = True
    not_applies_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.growth import Growth # noqa: PLC0415
        from ..models.model_row_cv_2 import ModelRowCv2 # noqa: PLC0415
        from ..models.model_row_slow_start_type_0 import ModelRowSlowStartType0 # noqa: PLC0415
        from ..models.response_bounds import ResponseBounds # noqa: PLC0415
        point_no = self.point_no

        label = self.label

        threads = self.threads

        think = self.think

        model = self.model

        measured = self.measured

        measured_std: float | None
        measured_std = self.measured_std

        percent_error = self.percent_error

        cv: float | None
        cv = self.cv

        anomaly = self.anomaly

        reasons = self.reasons



        explanation = self.explanation

        measured_ci95: list[float] | None
        if isinstance(self.measured_ci95, list):
            measured_ci95 = []
            for measured_ci95_type_0_item_data in self.measured_ci95:
                measured_ci95_type_0_item: float
                measured_ci95_type_0_item = measured_ci95_type_0_item_data
                measured_ci95.append(measured_ci95_type_0_item)


        else:
            measured_ci95 = self.measured_ci95

        model_band: list[float] | None
        if isinstance(self.model_band, list):
            model_band = []
            for model_band_type_0_item_data in self.model_band:
                model_band_type_0_item: float
                model_band_type_0_item = model_band_type_0_item_data
                model_band.append(model_band_type_0_item)


        else:
            model_band = self.model_band

        input_band: list[float] | None
        if isinstance(self.input_band, list):
            input_band = []
            for input_band_type_0_item_data in self.input_band:
                input_band_type_0_item: float
                input_band_type_0_item = input_band_type_0_item_data
                input_band.append(input_band_type_0_item)


        else:
            input_band = self.input_band

        grew: dict[str, Any] | None
        if isinstance(self.grew, Growth):
            grew = self.grew.to_dict()
        else:
            grew = self.grew

        slow_start: dict[str, Any] | None
        if isinstance(self.slow_start, ModelRowSlowStartType0):
            slow_start = self.slow_start.to_dict()
        else:
            slow_start = self.slow_start

        base_point_no = self.base_point_no

        base_loaded = self.base_loaded

        model_exact = self.model_exact

        model_mva = self.model_mva

        cv2 = self.cv2.to_dict()

        detectable_pct = self.detectable_pct

        model_sim: float | None | Unset
        if isinstance(self.model_sim, Unset):
            model_sim = UNSET
        else:
            model_sim = self.model_sim

        sim_ci95: float | None | Unset
        if isinstance(self.sim_ci95, Unset):
            sim_ci95 = UNSET
        else:
            sim_ci95 = self.sim_ci95

        solver: str | Unset = UNSET
        if not isinstance(self.solver, Unset):
            solver = self.solver.value


        solver_reason = self.solver_reason

        clamped = self.clamped

        bounds: dict[str, Any] | None | Unset
        if isinstance(self.bounds, Unset):
            bounds = UNSET
        elif isinstance(self.bounds, ResponseBounds):
            bounds = self.bounds.to_dict()
        else:
            bounds = self.bounds

        applies = self.applies

        not_applies_reason: None | str | Unset
        if isinstance(self.not_applies_reason, Unset):
            not_applies_reason = UNSET
        else:
            not_applies_reason = self.not_applies_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "point_no": point_no,
            "label": label,
            "threads": threads,
            "think": think,
            "model": model,
            "measured": measured,
            "measured_std": measured_std,
            "percent_error": percent_error,
            "cv": cv,
            "anomaly": anomaly,
            "reasons": reasons,
            "explanation": explanation,
            "measured_ci95": measured_ci95,
            "model_band": model_band,
            "input_band": input_band,
            "grew": grew,
            "slow_start": slow_start,
            "base_point_no": base_point_no,
            "base_loaded": base_loaded,
            "model_exact": model_exact,
            "model_mva": model_mva,
            "cv2": cv2,
            "detectable_pct": detectable_pct,
        })
        if model_sim is not UNSET:
            field_dict["model_sim"] = model_sim
        if sim_ci95 is not UNSET:
            field_dict["sim_ci95"] = sim_ci95
        if solver is not UNSET:
            field_dict["solver"] = solver
        if solver_reason is not UNSET:
            field_dict["solver_reason"] = solver_reason
        if clamped is not UNSET:
            field_dict["clamped"] = clamped
        if bounds is not UNSET:
            field_dict["bounds"] = bounds
        if applies is not UNSET:
            field_dict["applies"] = applies
        if not_applies_reason is not UNSET:
            field_dict["not_applies_reason"] = not_applies_reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.growth import Growth # noqa: PLC0415
        from ..models.model_row_cv_2 import ModelRowCv2 # noqa: PLC0415
        from ..models.model_row_slow_start_type_0 import ModelRowSlowStartType0 # noqa: PLC0415
        from ..models.response_bounds import ResponseBounds # noqa: PLC0415
        d = dict(src_dict)
        point_no = d.pop("point_no")

        label = d.pop("label")

        threads = d.pop("threads")

        think = d.pop("think")

        model = d.pop("model")

        measured = d.pop("measured")

        def _parse_measured_std(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        measured_std = _parse_measured_std(d.pop("measured_std"))


        percent_error = d.pop("percent_error")

        def _parse_cv(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        cv = _parse_cv(d.pop("cv"))


        anomaly = d.pop("anomaly")

        reasons = cast(list[str], d.pop("reasons"))


        explanation = d.pop("explanation")

        def _parse_measured_ci95(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                measured_ci95_type_0 = []
                _measured_ci95_type_0 = data
                for measured_ci95_type_0_item_data in (_measured_ci95_type_0):
                    def _parse_measured_ci95_type_0_item(data: object) -> float:
                        return cast(float, data)

                    measured_ci95_type_0_item = _parse_measured_ci95_type_0_item(measured_ci95_type_0_item_data)

                    measured_ci95_type_0.append(measured_ci95_type_0_item)

                return measured_ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        measured_ci95 = _parse_measured_ci95(d.pop("measured_ci95"))


        def _parse_model_band(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                model_band_type_0 = []
                _model_band_type_0 = data
                for model_band_type_0_item_data in (_model_band_type_0):
                    def _parse_model_band_type_0_item(data: object) -> float:
                        return cast(float, data)

                    model_band_type_0_item = _parse_model_band_type_0_item(model_band_type_0_item_data)

                    model_band_type_0.append(model_band_type_0_item)

                return model_band_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        model_band = _parse_model_band(d.pop("model_band"))


        def _parse_input_band(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                input_band_type_0 = []
                _input_band_type_0 = data
                for input_band_type_0_item_data in (_input_band_type_0):
                    def _parse_input_band_type_0_item(data: object) -> float:
                        return cast(float, data)

                    input_band_type_0_item = _parse_input_band_type_0_item(input_band_type_0_item_data)

                    input_band_type_0.append(input_band_type_0_item)

                return input_band_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        input_band = _parse_input_band(d.pop("input_band"))


        def _parse_grew(data: object) -> Growth | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                grew_type_0 = Growth.from_dict(data)



                return grew_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Growth | None, data)

        grew = _parse_grew(d.pop("grew"))


        def _parse_slow_start(data: object) -> ModelRowSlowStartType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                slow_start_type_0 = ModelRowSlowStartType0.from_dict(data)



                return slow_start_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelRowSlowStartType0 | None, data)

        slow_start = _parse_slow_start(d.pop("slow_start"))


        base_point_no = d.pop("base_point_no")

        base_loaded = d.pop("base_loaded")

        model_exact = d.pop("model_exact")

        model_mva = d.pop("model_mva")

        cv2 = ModelRowCv2.from_dict(d.pop("cv2"))




        detectable_pct = d.pop("detectable_pct")

        def _parse_model_sim(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        model_sim = _parse_model_sim(d.pop("model_sim", UNSET))


        def _parse_sim_ci95(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        sim_ci95 = _parse_sim_ci95(d.pop("sim_ci95", UNSET))


        _solver = d.pop("solver", UNSET)
        solver: ModelRowSolver | Unset
        if isinstance(_solver,  Unset):
            solver = UNSET
        else:
            solver = ModelRowSolver(_solver)




        solver_reason = d.pop("solver_reason", UNSET)

        clamped = d.pop("clamped", UNSET)

        def _parse_bounds(data: object) -> None | ResponseBounds | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bounds_type_0 = ResponseBounds.from_dict(data)



                return bounds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResponseBounds | Unset, data)

        bounds = _parse_bounds(d.pop("bounds", UNSET))


        applies = d.pop("applies", UNSET)

        def _parse_not_applies_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        not_applies_reason = _parse_not_applies_reason(d.pop("not_applies_reason", UNSET))


        model_row = cls(
            point_no=point_no,
            label=label,
            threads=threads,
            think=think,
            model=model,
            measured=measured,
            measured_std=measured_std,
            percent_error=percent_error,
            cv=cv,
            anomaly=anomaly,
            reasons=reasons,
            explanation=explanation,
            measured_ci95=measured_ci95,
            model_band=model_band,
            input_band=input_band,
            grew=grew,
            slow_start=slow_start,
            base_point_no=base_point_no,
            base_loaded=base_loaded,
            model_exact=model_exact,
            model_mva=model_mva,
            cv2=cv2,
            detectable_pct=detectable_pct,
            model_sim=model_sim,
            sim_ci95=sim_ci95,
            solver=solver,
            solver_reason=solver_reason,
            clamped=clamped,
            bounds=bounds,
            applies=applies,
            not_applies_reason=not_applies_reason,
        )


        model_row.additional_properties = d
        return model_row

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

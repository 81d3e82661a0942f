from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NoiseFloor")



@_attrs_define
class NoiseFloor:
    """ The idle null RPC (procedure null, 0 bytes, one thread, no think time) between the run's two agents. The
    statistics are over its measured calls (not warm-up, not the first, no error); null with `error` when the probe
    could not measure.

        Attributes:
            calls (int):
            warmup_calls (int):
            count (int):
            procedure (str | Unset):  Default: 'null'.
            request_bytes (int | Unset):  Default: 0.
            threads (int | Unset):  Default: 1.
            protection (str | Unset):  Default: 'none'.
            errors (int | Unset):  Default: 0.
            mean_ns (float | None | Unset):
            median_ns (float | None | Unset):
            p99_ns (float | None | Unset):
            min_ns (float | None | Unset):
            max_ns (float | None | Unset):
            stddev_ns (float | None | Unset):
            ci95_half_ns (float | None | Unset):
            cv (float | None | Unset):
            error (None | str | Unset):
     """

    calls: int
    warmup_calls: int
    count: int
    procedure: str | Unset = 'null'
    request_bytes: int | Unset = 0
    threads: int | Unset = 1
    protection: str | Unset = 'none'
    errors: int | Unset = 0
    mean_ns: float | None | Unset = UNSET
    median_ns: float | None | Unset = UNSET
    p99_ns: float | None | Unset = UNSET
    min_ns: float | None | Unset = UNSET
    max_ns: float | None | Unset = UNSET
    stddev_ns: float | None | Unset = UNSET
    ci95_half_ns: float | None | Unset = UNSET
    cv: float | None | Unset = UNSET
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        calls = self.calls

        warmup_calls = self.warmup_calls

        count = self.count

        procedure = self.procedure

        request_bytes = self.request_bytes

        threads = self.threads

        protection = self.protection

        errors = self.errors

        mean_ns: float | None | Unset
        if isinstance(self.mean_ns, Unset):
            mean_ns = UNSET
        else:
            mean_ns = self.mean_ns

        median_ns: float | None | Unset
        if isinstance(self.median_ns, Unset):
            median_ns = UNSET
        else:
            median_ns = self.median_ns

        p99_ns: float | None | Unset
        if isinstance(self.p99_ns, Unset):
            p99_ns = UNSET
        else:
            p99_ns = self.p99_ns

        min_ns: float | None | Unset
        if isinstance(self.min_ns, Unset):
            min_ns = UNSET
        else:
            min_ns = self.min_ns

        max_ns: float | None | Unset
        if isinstance(self.max_ns, Unset):
            max_ns = UNSET
        else:
            max_ns = self.max_ns

        stddev_ns: float | None | Unset
        if isinstance(self.stddev_ns, Unset):
            stddev_ns = UNSET
        else:
            stddev_ns = self.stddev_ns

        ci95_half_ns: float | None | Unset
        if isinstance(self.ci95_half_ns, Unset):
            ci95_half_ns = UNSET
        else:
            ci95_half_ns = self.ci95_half_ns

        cv: float | None | Unset
        if isinstance(self.cv, Unset):
            cv = UNSET
        else:
            cv = self.cv

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "calls": calls,
            "warmup_calls": warmup_calls,
            "count": count,
        })
        if procedure is not UNSET:
            field_dict["procedure"] = procedure
        if request_bytes is not UNSET:
            field_dict["request_bytes"] = request_bytes
        if threads is not UNSET:
            field_dict["threads"] = threads
        if protection is not UNSET:
            field_dict["protection"] = protection
        if errors is not UNSET:
            field_dict["errors"] = errors
        if mean_ns is not UNSET:
            field_dict["mean_ns"] = mean_ns
        if median_ns is not UNSET:
            field_dict["median_ns"] = median_ns
        if p99_ns is not UNSET:
            field_dict["p99_ns"] = p99_ns
        if min_ns is not UNSET:
            field_dict["min_ns"] = min_ns
        if max_ns is not UNSET:
            field_dict["max_ns"] = max_ns
        if stddev_ns is not UNSET:
            field_dict["stddev_ns"] = stddev_ns
        if ci95_half_ns is not UNSET:
            field_dict["ci95_half_ns"] = ci95_half_ns
        if cv is not UNSET:
            field_dict["cv"] = cv
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        calls = d.pop("calls")

        warmup_calls = d.pop("warmup_calls")

        count = d.pop("count")

        procedure = d.pop("procedure", UNSET)

        request_bytes = d.pop("request_bytes", UNSET)

        threads = d.pop("threads", UNSET)

        protection = d.pop("protection", UNSET)

        errors = d.pop("errors", UNSET)

        def _parse_mean_ns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean_ns = _parse_mean_ns(d.pop("mean_ns", UNSET))


        def _parse_median_ns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        median_ns = _parse_median_ns(d.pop("median_ns", UNSET))


        def _parse_p99_ns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p99_ns = _parse_p99_ns(d.pop("p99_ns", UNSET))


        def _parse_min_ns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        min_ns = _parse_min_ns(d.pop("min_ns", UNSET))


        def _parse_max_ns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_ns = _parse_max_ns(d.pop("max_ns", UNSET))


        def _parse_stddev_ns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        stddev_ns = _parse_stddev_ns(d.pop("stddev_ns", UNSET))


        def _parse_ci95_half_ns(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ci95_half_ns = _parse_ci95_half_ns(d.pop("ci95_half_ns", UNSET))


        def _parse_cv(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        cv = _parse_cv(d.pop("cv", UNSET))


        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        noise_floor = cls(
            calls=calls,
            warmup_calls=warmup_calls,
            count=count,
            procedure=procedure,
            request_bytes=request_bytes,
            threads=threads,
            protection=protection,
            errors=errors,
            mean_ns=mean_ns,
            median_ns=median_ns,
            p99_ns=p99_ns,
            min_ns=min_ns,
            max_ns=max_ns,
            stddev_ns=stddev_ns,
            ci95_half_ns=ci95_half_ns,
            cv=cv,
            error=error,
        )


        noise_floor.additional_properties = d
        return noise_floor

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="AnalysesProgress")



@_attrs_define
class AnalysesProgress:
    """ HTTP 202 of the index while an analysis worker has the run's analyses to compute: the index's fields (no
    kinds yet) and how far the worker is. Ask again (Retry-After) until the answer is the 200 index.

        Attributes:
            run_id (int):
            status (str):
            kinds (list[str]):
            state (Literal['analysing']):
            done (int): analyses stored so far (0 while the run waits its turn)
            total (int): analyses to compute for the run
            error (None | str | Unset):
            seconds (float | None | Unset):
     """

    run_id: int
    status: str
    kinds: list[str]
    state: Literal['analysing']
    done: int
    total: int
    error: None | str | Unset = UNSET
    seconds: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        status = self.status

        kinds = self.kinds



        state = self.state

        done = self.done

        total = self.total

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        seconds: float | None | Unset
        if isinstance(self.seconds, Unset):
            seconds = UNSET
        else:
            seconds = self.seconds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "run_id": run_id,
            "status": status,
            "kinds": kinds,
            "state": state,
            "done": done,
            "total": total,
        })
        if error is not UNSET:
            field_dict["error"] = error
        if seconds is not UNSET:
            field_dict["seconds"] = seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        status = d.pop("status")

        kinds = cast(list[str], d.pop("kinds"))


        state = cast(Literal['analysing'] , d.pop("state"))
        if state != 'analysing':
            raise ValueError(f"state must match const 'analysing', got '{state}'")

        done = d.pop("done")

        total = d.pop("total")

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        def _parse_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        seconds = _parse_seconds(d.pop("seconds", UNSET))


        analyses_progress = cls(
            run_id=run_id,
            status=status,
            kinds=kinds,
            state=state,
            done=done,
            total=total,
            error=error,
            seconds=seconds,
        )


        analyses_progress.additional_properties = d
        return analyses_progress

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

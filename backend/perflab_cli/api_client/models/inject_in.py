from __future__ import annotations

from typing import Any, Self, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, AdditionalProperties, Model, Unset

from ..models.inject_in_at import InjectInAt
from ..models.inject_in_kind import InjectInKind
from ..models.inject_in_step import InjectInStep
from ..types import UNSET, Unset





@_attrs_define
class InjectIn(Model):
    """ A fault the agents plant on purpose (issue 30, item 5: calibration): at every point with more than one
    caller (the 1-thread points are the model's bases, measured healthy). delay: the named step spins delay_us
    more on every `every`-th call; lock: every caller (or executor) holds one lock across the named step, and
    spins delay_us inside it on every `every`-th call; serial: the server serves one call at a time (the named
    server step spins delay_us on every `every`-th call). `at` every puts it at every point, the bases too.
    docs/protocol.md "RPC runs".

        Attributes:
            kind (InjectInKind):
            step (InjectInStep):
            delay_us (int | Unset):  Default: 200.
            every (int | Unset):  Default: 1.
            at (InjectInAt | Unset):  Default: InjectInAt.LOADED.
     """

    kind: InjectInKind
    step: InjectInStep
    delay_us: int | Unset = 200
    every: int | Unset = 1
    at: InjectInAt | Unset = InjectInAt.LOADED

    def _fields(self) -> dict[str, Any]:
        kind = self.kind.value
        step = self.step.value
        delay_us = self.delay_us
        every = self.every
        at: str | Unset = UNSET
        if not isinstance(self.at, Unset):
            at = self.at.value

        return {
            "kind": kind,
            "step": step,
            "delay_us": delay_us,
            "every": every,
            "at": at,
        }

    @classmethod
    def _parse(cls, d: dict[str, Any]) -> Self:
        kind = InjectInKind(d.pop("kind"))



        step = InjectInStep(d.pop("step"))



        delay_us = d.pop("delay_us", UNSET)
        every = d.pop("every", UNSET)
        _at = d.pop("at", UNSET)
        at: InjectInAt | Unset
        if isinstance(_at,  Unset):
            at = UNSET
        else:
            at = InjectInAt(_at)



        return cls(
            kind=kind,
            step=step,
            delay_us=delay_us,
            every=every,
            at=at,
        )

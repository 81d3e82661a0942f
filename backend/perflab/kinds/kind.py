"""What every experiment kind provides (perflab/kinds/<kind>.py defines its KIND; perflab/kinds/__init__.py is the
table)."""

from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel
from sqlalchemy.orm import Session

from perflab.core.config import Settings
from perflab.models import Run
from perflab.services.run_estimate import Link


@dataclass(frozen=True)
class Kind:
    name: str
    create: type[BaseModel]  # the launch body (POST /api/runs and /api/runs/estimate)
    # the run, its points and its server job queued; max_calls is the launching user's role limit
    launch: Callable[[Session, Settings, Any, int | None], Run]
    # a launch body as the estimate reads it, before anything is launched (the link as the profile would shape it)
    estimate_params: Callable[[Any, Link], dict]
    # the kind's own start seconds and its points' estimates (services/run_estimate.py summed adds them up)
    estimate_points: Callable[[dict, Link], tuple[float, list[dict]]]
    # one point's export columns (services/exports/point_params.py) from the run's params merged with the point's
    point_values: Callable[[dict], dict]
    live_calls: bool  # its calls are round trips the run page shows live (a stream records intervals instead)
    rounds: bool  # points repeat in rounds to a confidence target after a noise floor probe (progress, precision)
    modelled: bool  # its sweeps feed the queueing model and the studies comparing transports
    throughput: bool  # it measures one-way throughput (GET /api/runs/{id}/throughput)

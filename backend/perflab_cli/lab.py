"""The lab's API as the CLI uses it, through the client generated from openapi.json (api_client): every call turns a
refused or unreachable request into a LabError that names the route, the status and the lab's own reason."""

import importlib
import json
import pkgutil
import re
import time
from typing import Any, get_args, get_type_hints

import httpx

from perflab_cli import api_client
from perflab_cli.api_client import AuthenticatedClient
from perflab_cli.api_client.api.access import read_me_api_auth_me_get as read_me
from perflab_cli.api_client.api.agents import read_agents_api_agents_get as read_agents
from perflab_cli.api_client.api.exports import (export_csv_api_runs_run_id_export_csv_get as export_csv,
                                                export_hlog_api_runs_run_id_latency_hlog_get as export_hlog,
                                                export_report_api_runs_run_id_report_pdf_get as export_pdf,
                                                export_trace_api_runs_run_id_trace_json_get as export_trace)
from perflab_cli.api_client.api.runs import (create_run_api_runs_post as create_run,
                                             read_run_api_runs_run_id_get as read_run,
                                             read_run_summary_api_runs_run_id_summary_get as read_summary,
                                             read_runs_api_runs_get as read_runs)
from perflab_cli.api_client.api.series import (put_series_baseline_api_series_key_baseline_put as put_baseline,
                                               read_series_api_series_key_get as read_series,
                                               read_series_list_api_series_get as read_series_list,
                                               read_series_runs_api_series_key_runs_get as read_series_runs,
                                               read_series_trend_api_series_key_trend_get as read_trend)
from perflab_cli.api_client.models import BaselineIn, ExportCsvApiRunsRunIdExportCsvGetTable, ReadRunsApiRunsGetKindItem
from perflab_cli.config import LabConfig


def _kind_of(model: type) -> str:
    """A launch body's kind: the generator annotates its `kind` field "Literal['<kind>']" (with "| Unset" where it
    has a default); read as text, since the models' other annotations name types imported only for type checkers."""
    return re.search(r"Literal\['(\w+)'\]", str(model.__annotations__["kind"])).group(1)


# each kind's launch body in the generated client: POST /api/runs takes their union, so a kind added to the API
# (backend/perflab/kinds/) needs no line here
LAUNCH_BODIES = {_kind_of(model): model for model in get_args(get_type_hints(create_run.sync_detailed)["body"])}
RUN_KINDS = [str(kind) for kind in ReadRunsApiRunsGetKindItem]  # what GET /api/runs?kind= admits
EXPORTS = {"csv": export_csv, "pdf": export_pdf, "trace": export_trace, "hdr": export_hlog}


class LabError(Exception):
    """The lab refused or could not be reached: exit 2 (status is the HTTP status, None when unreachable)."""

    def __init__(self, message: str, status: int | None = None, reason: str = ""):
        super().__init__(message)
        self.status, self.reason = status, reason


def _reason(response) -> str:
    try:
        detail = httpx.Response(response.status_code, content=response.content).json().get("detail")
    except (ValueError, AttributeError):
        detail = None
    if isinstance(detail, list):  # FastAPI's validation errors: each with where and what
        return "; ".join(f"{'.'.join(str(p) for p in d.get('loc', [])[1:])}: {d.get('msg')}" for d in detail)
    return str(detail) if detail else response.content.decode(errors="replace")[:200]


def check_route_module():
    """The generated module for GET /api/runs/{run_id}/check, or None when the committed document has none (the
    route is newer than this client): found by its path, whatever tag or name the route was given."""
    for info in pkgutil.walk_packages(api_client.api.__path__, api_client.api.__name__ + "."):
        if info.name.endswith("_api_runs_run_id_check_get"):
            return importlib.import_module(info.name)
    return None


def _choice(enum, field: str, value: str):
    """A word from one of the schema's closed sets, as the generated client wants it; another is refused here with
    the lab's own words (the enum is the lab's list)."""
    try:
        return enum(value)
    except ValueError:
        raise LabError(f"{field} must be one of {', '.join(e.value for e in enum)} (got {value!r})") from None


class Lab:
    def __init__(self, config: LabConfig, timeout_s: float = 120.0):
        self.url = config.url
        self.client = AuthenticatedClient(base_url=config.url, token=config.token, timeout=httpx.Timeout(timeout_s))

    def _call(self, what: str, endpoint, **kwargs) -> Any:
        try:
            response = endpoint.sync_detailed(client=self.client, **kwargs)
        except httpx.HTTPError as e:
            raise LabError(f"cannot reach the lab at {self.url} ({what}): {e}") from e
        if response.status_code == 401:
            raise LabError(f"{self.url} refused the API token ({what}): {_reason(response)}; "
                           "run `perflab login` with a valid token or set PERFLAB_TOKEN", 401)
        if not 200 <= response.status_code < 300:
            reason = _reason(response)
            raise LabError(f"{what}: HTTP {response.status_code}: {reason}", response.status_code, reason)
        return response

    def _dict(self, what: str, endpoint, **kwargs) -> Any:
        """The lab's JSON answer as dicts and lists, as it sent it (the client types what the CLI sends, not what it
        reads: regenerate.as_json)."""
        response = self._call(what, endpoint, **kwargs)
        try:
            return json.loads(response.content)
        except ValueError as e:
            raise LabError(f"{what}: the lab's answer is not JSON: {response.content[:200]!r}") from e

    def me(self) -> dict:
        return self._dict("who am I", read_me)

    def agents(self) -> list[dict]:
        return self._dict("the agents", read_agents)

    def runs(self, kind: str | None = None, tag: str | None = None, limit: int = 20) -> dict:
        kinds = [_choice(ReadRunsApiRunsGetKindItem, "kind", kind)] if kind else []
        return self._dict("the runs", read_runs, kind=kinds, tag=[tag] if tag else [], limit=limit)

    def run(self, run_id: int) -> dict:
        return self._dict(f"run {run_id}", read_run, run_id=run_id)

    def summary(self, run_id: int) -> dict:
        return self._dict(f"run {run_id}'s summary", read_summary, run_id=run_id)

    def series_list(self, limit: int = 50) -> dict:
        return self._dict("the series", read_series_list, limit=limit)

    def series(self, key: str) -> dict:
        return self._dict(f"series {key}", read_series, key=key)

    def series_runs(self, key: str) -> list[dict]:
        return self._dict(f"series {key}'s runs", read_series_runs, key=key)

    def set_baseline(self, key: str, run_id: int, through_run_id: int | None = None) -> dict:
        what = f"run {run_id}" + (f" through run {through_run_id}" if through_run_id else "")
        return self._dict(f"setting {what} as series {key}'s baseline", put_baseline, key=key,
                          body=BaselineIn(run_id=run_id, through_run_id=through_run_id))

    def trend(self, key: str) -> dict:
        return self._dict(f"series {key}'s trend", read_trend, key=key)

    def launch(self, body: dict) -> dict:
        model = LAUNCH_BODIES.get(body.get("kind", "pingpong"))
        if model is None:
            raise LabError(f"unknown run kind {body.get('kind')!r}: one of {', '.join(LAUNCH_BODIES)}")
        try:
            typed = model.from_dict(body)
        except (KeyError, TypeError, ValueError) as e:
            raise LabError(f"the launch body does not fit {model.__name__}: {e!r}") from e
        return self._dict("launching", create_run, body=typed)

    def export(self, run_id: int, what: str, table: str | None = None) -> bytes:
        kwargs = {"table": _choice(ExportCsvApiRunsRunIdExportCsvGetTable, "table", table)} if what == "csv" else {}
        return self._call(f"run {run_id}'s {what} export", EXPORTS[what], run_id=run_id, **kwargs).content

    def check(self, run_ids: list[int], against: str, timeout_s: float = 600.0, poll_s: float = 2.0) -> dict:
        """The first run with the others as its repeats, judged as one group."""
        run_id, repeats = run_ids[0], ",".join(map(str, run_ids[1:])) or None
        module = check_route_module()
        if module is None:
            raise LabError("check not available on this lab: this perflab CLI's client has no "
                           "GET /api/runs/{id}/check (update perflab)")
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                return self._dict(f"checking run {run_id}", module, run_id=run_id, against=against, repeats=repeats)
            except LabError as e:
                if e.status in (404, 405) and e.reason in ("Not Found", "Method Not Allowed"):  # no such route
                    raise LabError(f"check not available on this lab ({self.url}): {e}", e.status) from e
                # 409: a run just finished has no step statistics until the lab's analysis worker has run; any
                # other 409 (no baseline set, a failed run) will not change by waiting
                if e.status != 409 or "step statistics" not in e.reason or time.monotonic() + poll_s > deadline:
                    raise
            time.sleep(poll_s)

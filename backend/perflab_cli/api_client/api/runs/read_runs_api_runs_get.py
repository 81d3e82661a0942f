from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...models.read_runs_api_runs_get_kind_item import ReadRunsApiRunsGetKindItem
from ...models.read_runs_api_runs_get_order import ReadRunsApiRunsGetOrder
from ...models.read_runs_api_runs_get_sort import ReadRunsApiRunsGetSort
from ...models.read_runs_api_runs_get_status_item import ReadRunsApiRunsGetStatusItem
from ...types import UNSET, Unset
from typing import cast




def sync_detailed(*, client: AuthenticatedClient | Client, status: list[ReadRunsApiRunsGetStatusItem] | Unset = UNSET, kind: list[ReadRunsApiRunsGetKindItem] | Unset = UNSET, agent: list[int] | Unset = UNSET, created_from: None | str | Unset = UNSET, created_to: None | str | Unset = UNSET, q: str | Unset = '', sort: ReadRunsApiRunsGetSort | Unset = ReadRunsApiRunsGetSort.CREATED_AT, order: ReadRunsApiRunsGetOrder | Unset = ReadRunsApiRunsGetOrder.DESC, limit: int | Unset = 50, offset: int | Unset = 0, launched_by: list[str] | Unset = UNSET, tag: list[str] | Unset = UNSET, series: None | str | Unset = UNSET, link: list[str] | Unset = UNSET,) -> Response[Any]:
    """Read Runs: GET /api/runs"""
    

    

    params = query_params({
        "status": status,
        "kind": kind,
        "agent": agent,
        "created_from": created_from,
        "created_to": created_to,
        "q": q,
        "sort": sort,
        "order": order,
        "limit": limit,
        "offset": offset,
        "launched_by": launched_by,
        "tag": tag,
        "series": series,
        "link": link,
    })

    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs", "params": params}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

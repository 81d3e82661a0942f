from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, unexpected

from ...models.read_runs_api_runs_get_kind_item import ReadRunsApiRunsGetKindItem
from ...models.read_runs_api_runs_get_order import ReadRunsApiRunsGetOrder
from ...models.read_runs_api_runs_get_sort import ReadRunsApiRunsGetSort
from ...models.read_runs_api_runs_get_status_item import ReadRunsApiRunsGetStatusItem
from ...types import UNSET, Unset
from typing import cast




def sync_detailed(*, client: AuthenticatedClient | Client, status: list[ReadRunsApiRunsGetStatusItem] | Unset = UNSET, kind: list[ReadRunsApiRunsGetKindItem] | Unset = UNSET, agent: list[int] | Unset = UNSET, created_from: None | str | Unset = UNSET, created_to: None | str | Unset = UNSET, q: str | Unset = '', sort: ReadRunsApiRunsGetSort | Unset = ReadRunsApiRunsGetSort.CREATED_AT, order: ReadRunsApiRunsGetOrder | Unset = ReadRunsApiRunsGetOrder.DESC, limit: int | Unset = 50, offset: int | Unset = 0, launched_by: list[str] | Unset = UNSET, tag: list[str] | Unset = UNSET, series: None | str | Unset = UNSET, link: list[str] | Unset = UNSET,) -> Response[Any]:
    """Read Runs: GET /api/runs"""
    

    

    params: dict[str, Any] = {}

    json_status: list[str] | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = []
        for status_item_data in status:
            status_item = status_item_data.value
            json_status.append(status_item)


    params["status"] = json_status

    json_kind: list[str] | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = []
        for kind_item_data in kind:
            kind_item = kind_item_data.value
            json_kind.append(kind_item)


    params["kind"] = json_kind

    json_agent: list[int] | Unset = UNSET
    if not isinstance(agent, Unset):
        json_agent = agent


    params["agent"] = json_agent

    json_created_from: None | str | Unset
    if isinstance(created_from, Unset):
        json_created_from = UNSET
    else:
        json_created_from = created_from
    params["created_from"] = json_created_from

    json_created_to: None | str | Unset
    if isinstance(created_to, Unset):
        json_created_to = UNSET
    else:
        json_created_to = created_to
    params["created_to"] = json_created_to

    params["q"] = q

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    params["limit"] = limit

    params["offset"] = offset

    json_launched_by: list[str] | Unset = UNSET
    if not isinstance(launched_by, Unset):
        json_launched_by = launched_by


    params["launched_by"] = json_launched_by

    json_tag: list[str] | Unset = UNSET
    if not isinstance(tag, Unset):
        json_tag = tag


    params["tag"] = json_tag

    json_series: None | str | Unset
    if isinstance(series, Unset):
        json_series = UNSET
    else:
        json_series = series
    params["series"] = json_series

    json_link: list[str] | Unset = UNSET
    if not isinstance(link, Unset):
        json_link = link


    params["link"] = json_link


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs", "params": params}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

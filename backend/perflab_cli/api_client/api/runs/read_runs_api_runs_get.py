from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.read_runs_api_runs_get_kind_item import ReadRunsApiRunsGetKindItem
from ...models.read_runs_api_runs_get_order import ReadRunsApiRunsGetOrder
from ...models.read_runs_api_runs_get_sort import ReadRunsApiRunsGetSort
from ...models.read_runs_api_runs_get_status_item import ReadRunsApiRunsGetStatusItem
from ...models.run_page import RunPage
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: list[ReadRunsApiRunsGetStatusItem] | Unset = UNSET,
    kind: list[ReadRunsApiRunsGetKindItem] | Unset = UNSET,
    agent: list[int] | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    q: str | Unset = '',
    sort: ReadRunsApiRunsGetSort | Unset = ReadRunsApiRunsGetSort.CREATED_AT,
    order: ReadRunsApiRunsGetOrder | Unset = ReadRunsApiRunsGetOrder.DESC,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    launched_by: list[str] | Unset = UNSET,
    tag: list[str] | Unset = UNSET,
    series: None | str | Unset = UNSET,
    link: list[str] | Unset = UNSET,

) -> dict[str, Any]:
    

    

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


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | RunPage | None:
    if response.status_code == 200:
        response_200 = RunPage.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | RunPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: list[ReadRunsApiRunsGetStatusItem] | Unset = UNSET,
    kind: list[ReadRunsApiRunsGetKindItem] | Unset = UNSET,
    agent: list[int] | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    q: str | Unset = '',
    sort: ReadRunsApiRunsGetSort | Unset = ReadRunsApiRunsGetSort.CREATED_AT,
    order: ReadRunsApiRunsGetOrder | Unset = ReadRunsApiRunsGetOrder.DESC,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    launched_by: list[str] | Unset = UNSET,
    tag: list[str] | Unset = UNSET,
    series: None | str | Unset = UNSET,
    link: list[str] | Unset = UNSET,

) -> Response[HTTPValidationError | RunPage]:
    """ Read Runs

     q: words each found in the name, a tag or the notes (or #id).

    Args:
        status (list[ReadRunsApiRunsGetStatusItem] | Unset):
        kind (list[ReadRunsApiRunsGetKindItem] | Unset):
        agent (list[int] | Unset):
        created_from (None | str | Unset): an ISO-8601 date or date-time
        created_to (None | str | Unset): an ISO-8601 date or date-time
        q (str | Unset):  Default: ''.
        sort (ReadRunsApiRunsGetSort | Unset):  Default: ReadRunsApiRunsGetSort.CREATED_AT.
        order (ReadRunsApiRunsGetOrder | Unset):  Default: ReadRunsApiRunsGetOrder.DESC.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        launched_by (list[str] | Unset): user names who launched the runs
        tag (list[str] | Unset): runs carrying every one of these tags
        series (None | str | Unset): runs of this series key: 32 hex digits
        link (list[str] | Unset): runs measured on one of these link profiles

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | RunPage]
     """


    kwargs = _get_kwargs(
        status=status,
kind=kind,
agent=agent,
created_from=created_from,
created_to=created_to,
q=q,
sort=sort,
order=order,
limit=limit,
offset=offset,
launched_by=launched_by,
tag=tag,
series=series,
link=link,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    status: list[ReadRunsApiRunsGetStatusItem] | Unset = UNSET,
    kind: list[ReadRunsApiRunsGetKindItem] | Unset = UNSET,
    agent: list[int] | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    q: str | Unset = '',
    sort: ReadRunsApiRunsGetSort | Unset = ReadRunsApiRunsGetSort.CREATED_AT,
    order: ReadRunsApiRunsGetOrder | Unset = ReadRunsApiRunsGetOrder.DESC,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    launched_by: list[str] | Unset = UNSET,
    tag: list[str] | Unset = UNSET,
    series: None | str | Unset = UNSET,
    link: list[str] | Unset = UNSET,

) -> HTTPValidationError | RunPage | None:
    """ Read Runs

     q: words each found in the name, a tag or the notes (or #id).

    Args:
        status (list[ReadRunsApiRunsGetStatusItem] | Unset):
        kind (list[ReadRunsApiRunsGetKindItem] | Unset):
        agent (list[int] | Unset):
        created_from (None | str | Unset): an ISO-8601 date or date-time
        created_to (None | str | Unset): an ISO-8601 date or date-time
        q (str | Unset):  Default: ''.
        sort (ReadRunsApiRunsGetSort | Unset):  Default: ReadRunsApiRunsGetSort.CREATED_AT.
        order (ReadRunsApiRunsGetOrder | Unset):  Default: ReadRunsApiRunsGetOrder.DESC.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        launched_by (list[str] | Unset): user names who launched the runs
        tag (list[str] | Unset): runs carrying every one of these tags
        series (None | str | Unset): runs of this series key: 32 hex digits
        link (list[str] | Unset): runs measured on one of these link profiles

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | RunPage
     """


    return sync_detailed(
        client=client,
status=status,
kind=kind,
agent=agent,
created_from=created_from,
created_to=created_to,
q=q,
sort=sort,
order=order,
limit=limit,
offset=offset,
launched_by=launched_by,
tag=tag,
series=series,
link=link,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: list[ReadRunsApiRunsGetStatusItem] | Unset = UNSET,
    kind: list[ReadRunsApiRunsGetKindItem] | Unset = UNSET,
    agent: list[int] | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    q: str | Unset = '',
    sort: ReadRunsApiRunsGetSort | Unset = ReadRunsApiRunsGetSort.CREATED_AT,
    order: ReadRunsApiRunsGetOrder | Unset = ReadRunsApiRunsGetOrder.DESC,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    launched_by: list[str] | Unset = UNSET,
    tag: list[str] | Unset = UNSET,
    series: None | str | Unset = UNSET,
    link: list[str] | Unset = UNSET,

) -> Response[HTTPValidationError | RunPage]:
    """ Read Runs

     q: words each found in the name, a tag or the notes (or #id).

    Args:
        status (list[ReadRunsApiRunsGetStatusItem] | Unset):
        kind (list[ReadRunsApiRunsGetKindItem] | Unset):
        agent (list[int] | Unset):
        created_from (None | str | Unset): an ISO-8601 date or date-time
        created_to (None | str | Unset): an ISO-8601 date or date-time
        q (str | Unset):  Default: ''.
        sort (ReadRunsApiRunsGetSort | Unset):  Default: ReadRunsApiRunsGetSort.CREATED_AT.
        order (ReadRunsApiRunsGetOrder | Unset):  Default: ReadRunsApiRunsGetOrder.DESC.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        launched_by (list[str] | Unset): user names who launched the runs
        tag (list[str] | Unset): runs carrying every one of these tags
        series (None | str | Unset): runs of this series key: 32 hex digits
        link (list[str] | Unset): runs measured on one of these link profiles

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | RunPage]
     """


    kwargs = _get_kwargs(
        status=status,
kind=kind,
agent=agent,
created_from=created_from,
created_to=created_to,
q=q,
sort=sort,
order=order,
limit=limit,
offset=offset,
launched_by=launched_by,
tag=tag,
series=series,
link=link,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: list[ReadRunsApiRunsGetStatusItem] | Unset = UNSET,
    kind: list[ReadRunsApiRunsGetKindItem] | Unset = UNSET,
    agent: list[int] | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    q: str | Unset = '',
    sort: ReadRunsApiRunsGetSort | Unset = ReadRunsApiRunsGetSort.CREATED_AT,
    order: ReadRunsApiRunsGetOrder | Unset = ReadRunsApiRunsGetOrder.DESC,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    launched_by: list[str] | Unset = UNSET,
    tag: list[str] | Unset = UNSET,
    series: None | str | Unset = UNSET,
    link: list[str] | Unset = UNSET,

) -> HTTPValidationError | RunPage | None:
    """ Read Runs

     q: words each found in the name, a tag or the notes (or #id).

    Args:
        status (list[ReadRunsApiRunsGetStatusItem] | Unset):
        kind (list[ReadRunsApiRunsGetKindItem] | Unset):
        agent (list[int] | Unset):
        created_from (None | str | Unset): an ISO-8601 date or date-time
        created_to (None | str | Unset): an ISO-8601 date or date-time
        q (str | Unset):  Default: ''.
        sort (ReadRunsApiRunsGetSort | Unset):  Default: ReadRunsApiRunsGetSort.CREATED_AT.
        order (ReadRunsApiRunsGetOrder | Unset):  Default: ReadRunsApiRunsGetOrder.DESC.
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        launched_by (list[str] | Unset): user names who launched the runs
        tag (list[str] | Unset): runs carrying every one of these tags
        series (None | str | Unset): runs of this series key: 32 hex digits
        link (list[str] | Unset): runs measured on one of these link profiles

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | RunPage
     """


    return (await asyncio_detailed(
        client=client,
status=status,
kind=kind,
agent=agent,
created_from=created_from,
created_to=created_to,
q=q,
sort=sort,
order=order,
limit=limit,
offset=offset,
launched_by=launched_by,
tag=tag,
series=series,
link=link,

    )).parsed

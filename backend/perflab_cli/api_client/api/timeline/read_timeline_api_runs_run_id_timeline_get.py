from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.read_timeline_api_runs_run_id_timeline_get_format import ReadTimelineApiRunsRunIdTimelineGetFormat
from ...models.timeline_out import TimelineOut
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    from_call: int | Unset = 0,
    to_call: int | None | Unset = UNSET,
    max_calls: int | Unset = 20000,
    format_: ReadTimelineApiRunsRunIdTimelineGetFormat | Unset = ReadTimelineApiRunsRunIdTimelineGetFormat.JSON,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["from_call"] = from_call

    json_to_call: int | None | Unset
    if isinstance(to_call, Unset):
        json_to_call = UNSET
    else:
        json_to_call = to_call
    params["to_call"] = json_to_call

    params["max_calls"] = max_calls

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/timeline".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | TimelineOut | None:
    if response.status_code == 200:
        response_200 = TimelineOut.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | TimelineOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    from_call: int | Unset = 0,
    to_call: int | None | Unset = UNSET,
    max_calls: int | Unset = 20000,
    format_: ReadTimelineApiRunsRunIdTimelineGetFormat | Unset = ReadTimelineApiRunsRunIdTimelineGetFormat.JSON,

) -> Response[HTTPValidationError | TimelineOut]:
    """ Read Timeline

    Args:
        run_id (int): a run's id, 1-2147483647
        from_call (int | Unset):  Default: 0.
        to_call (int | None | Unset):
        max_calls (int | Unset):  Default: 20000.
        format_ (ReadTimelineApiRunsRunIdTimelineGetFormat | Unset): json (TimelineOut), or
            binary: the same columns as little-endian typed arrays (services/timeline.py describes the
            layout) Default: ReadTimelineApiRunsRunIdTimelineGetFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | TimelineOut]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
from_call=from_call,
to_call=to_call,
max_calls=max_calls,
format_=format_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    from_call: int | Unset = 0,
    to_call: int | None | Unset = UNSET,
    max_calls: int | Unset = 20000,
    format_: ReadTimelineApiRunsRunIdTimelineGetFormat | Unset = ReadTimelineApiRunsRunIdTimelineGetFormat.JSON,

) -> HTTPValidationError | TimelineOut | None:
    """ Read Timeline

    Args:
        run_id (int): a run's id, 1-2147483647
        from_call (int | Unset):  Default: 0.
        to_call (int | None | Unset):
        max_calls (int | Unset):  Default: 20000.
        format_ (ReadTimelineApiRunsRunIdTimelineGetFormat | Unset): json (TimelineOut), or
            binary: the same columns as little-endian typed arrays (services/timeline.py describes the
            layout) Default: ReadTimelineApiRunsRunIdTimelineGetFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | TimelineOut
     """


    return sync_detailed(
        run_id=run_id,
client=client,
from_call=from_call,
to_call=to_call,
max_calls=max_calls,
format_=format_,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    from_call: int | Unset = 0,
    to_call: int | None | Unset = UNSET,
    max_calls: int | Unset = 20000,
    format_: ReadTimelineApiRunsRunIdTimelineGetFormat | Unset = ReadTimelineApiRunsRunIdTimelineGetFormat.JSON,

) -> Response[HTTPValidationError | TimelineOut]:
    """ Read Timeline

    Args:
        run_id (int): a run's id, 1-2147483647
        from_call (int | Unset):  Default: 0.
        to_call (int | None | Unset):
        max_calls (int | Unset):  Default: 20000.
        format_ (ReadTimelineApiRunsRunIdTimelineGetFormat | Unset): json (TimelineOut), or
            binary: the same columns as little-endian typed arrays (services/timeline.py describes the
            layout) Default: ReadTimelineApiRunsRunIdTimelineGetFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | TimelineOut]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
from_call=from_call,
to_call=to_call,
max_calls=max_calls,
format_=format_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    from_call: int | Unset = 0,
    to_call: int | None | Unset = UNSET,
    max_calls: int | Unset = 20000,
    format_: ReadTimelineApiRunsRunIdTimelineGetFormat | Unset = ReadTimelineApiRunsRunIdTimelineGetFormat.JSON,

) -> HTTPValidationError | TimelineOut | None:
    """ Read Timeline

    Args:
        run_id (int): a run's id, 1-2147483647
        from_call (int | Unset):  Default: 0.
        to_call (int | None | Unset):
        max_calls (int | Unset):  Default: 20000.
        format_ (ReadTimelineApiRunsRunIdTimelineGetFormat | Unset): json (TimelineOut), or
            binary: the same columns as little-endian typed arrays (services/timeline.py describes the
            layout) Default: ReadTimelineApiRunsRunIdTimelineGetFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | TimelineOut
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
from_call=from_call,
to_call=to_call,
max_calls=max_calls,
format_=format_,

    )).parsed

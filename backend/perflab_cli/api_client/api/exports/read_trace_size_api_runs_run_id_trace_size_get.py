from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.trace_size import TraceSize
from typing import cast



def _get_kwargs(
    run_id: int,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/trace-size".format(run_id=quote(str(run_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | TraceSize | None:
    if response.status_code == 200:
        response_200 = TraceSize.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | TraceSize]:
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

) -> Response[HTTPValidationError | TraceSize]:
    """ Read Trace Size

     What trace.json will weigh, said before the download: its events and about how many bytes, plain and
    gzip.

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | TraceSize]
     """


    kwargs = _get_kwargs(
        run_id=run_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> HTTPValidationError | TraceSize | None:
    """ Read Trace Size

     What trace.json will weigh, said before the download: its events and about how many bytes, plain and
    gzip.

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | TraceSize
     """


    return sync_detailed(
        run_id=run_id,
client=client,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> Response[HTTPValidationError | TraceSize]:
    """ Read Trace Size

     What trace.json will weigh, said before the download: its events and about how many bytes, plain and
    gzip.

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | TraceSize]
     """


    kwargs = _get_kwargs(
        run_id=run_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> HTTPValidationError | TraceSize | None:
    """ Read Trace Size

     What trace.json will weigh, said before the download: its events and about how many bytes, plain and
    gzip.

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | TraceSize
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,

    )).parsed

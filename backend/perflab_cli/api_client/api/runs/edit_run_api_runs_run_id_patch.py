from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.run_edit import RunEdit
from ...models.run_out import RunOut
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    body: RunEdit,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/runs/{run_id}".format(run_id=quote(str(run_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | RunOut | None:
    if response.status_code == 200:
        response_200 = RunOut.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | RunOut]:
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
    body: RunEdit,

) -> Response[HTTPValidationError | RunOut]:
    """ Edit Run

     Tags, notes and pinned; new tags move the run to the series of those tags.

    Args:
        run_id (int): a run's id, 1-2147483647
        body (RunEdit): PATCH /api/runs/{id}: what is left out stays; tags replace the run's tags
            (and may move it to another
            series). Each tag 1-64 characters, at most 20; notes at most 10,000; no control characters
            (notes may hold
            newlines and tabs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | RunOut]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: RunEdit,

) -> HTTPValidationError | RunOut | None:
    """ Edit Run

     Tags, notes and pinned; new tags move the run to the series of those tags.

    Args:
        run_id (int): a run's id, 1-2147483647
        body (RunEdit): PATCH /api/runs/{id}: what is left out stays; tags replace the run's tags
            (and may move it to another
            series). Each tag 1-64 characters, at most 20; notes at most 10,000; no control characters
            (notes may hold
            newlines and tabs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | RunOut
     """


    return sync_detailed(
        run_id=run_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: RunEdit,

) -> Response[HTTPValidationError | RunOut]:
    """ Edit Run

     Tags, notes and pinned; new tags move the run to the series of those tags.

    Args:
        run_id (int): a run's id, 1-2147483647
        body (RunEdit): PATCH /api/runs/{id}: what is left out stays; tags replace the run's tags
            (and may move it to another
            series). Each tag 1-64 characters, at most 20; notes at most 10,000; no control characters
            (notes may hold
            newlines and tabs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | RunOut]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: RunEdit,

) -> HTTPValidationError | RunOut | None:
    """ Edit Run

     Tags, notes and pinned; new tags move the run to the series of those tags.

    Args:
        run_id (int): a run's id, 1-2147483647
        body (RunEdit): PATCH /api/runs/{id}: what is left out stays; tags replace the run's tags
            (and may move it to another
            series). Each tag 1-64 characters, at most 20; notes at most 10,000; no control characters
            (notes may hold
            newlines and tabs).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | RunOut
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
body=body,

    )).parsed

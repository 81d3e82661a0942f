from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.call_series import CallSeries
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    max_points: int | Unset = 20000,
    point: int | None | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["max_points"] = max_points

    json_point: int | None | Unset
    if isinstance(point, Unset):
        json_point = UNSET
    else:
        json_point = point
    params["point"] = json_point


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/calls".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CallSeries | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = CallSeries.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CallSeries | HTTPValidationError]:
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
    max_points: int | Unset = 20000,
    point: int | None | Unset = UNSET,

) -> Response[CallSeries | HTTPValidationError]:
    """ Read Run Calls

    Args:
        run_id (int): a run's id, 1-2147483647
        max_points (int | Unset):  Default: 20000.
        point (int | None | Unset): only this point's calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallSeries | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
max_points=max_points,
point=point,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    max_points: int | Unset = 20000,
    point: int | None | Unset = UNSET,

) -> CallSeries | HTTPValidationError | None:
    """ Read Run Calls

    Args:
        run_id (int): a run's id, 1-2147483647
        max_points (int | Unset):  Default: 20000.
        point (int | None | Unset): only this point's calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallSeries | HTTPValidationError
     """


    return sync_detailed(
        run_id=run_id,
client=client,
max_points=max_points,
point=point,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    max_points: int | Unset = 20000,
    point: int | None | Unset = UNSET,

) -> Response[CallSeries | HTTPValidationError]:
    """ Read Run Calls

    Args:
        run_id (int): a run's id, 1-2147483647
        max_points (int | Unset):  Default: 20000.
        point (int | None | Unset): only this point's calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CallSeries | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
max_points=max_points,
point=point,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    max_points: int | Unset = 20000,
    point: int | None | Unset = UNSET,

) -> CallSeries | HTTPValidationError | None:
    """ Read Run Calls

    Args:
        run_id (int): a run's id, 1-2147483647
        max_points (int | Unset):  Default: 20000.
        point (int | None | Unset): only this point's calls

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CallSeries | HTTPValidationError
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
max_points=max_points,
point=point,

    )).parsed

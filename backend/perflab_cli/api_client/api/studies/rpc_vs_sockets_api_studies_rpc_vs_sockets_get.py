from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.rpc_vs_sockets import RpcVsSockets
from typing import cast



def _get_kwargs(
    *,
    runs: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["runs"] = runs


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/studies/rpc-vs-sockets",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | RpcVsSockets | None:
    if response.status_code == 200:
        response_200 = RpcVsSockets.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | RpcVsSockets]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    runs: str,

) -> Response[HTTPValidationError | RpcVsSockets]:
    """ Rpc Vs Sockets

    Args:
        runs (str): run ids, comma-separated

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | RpcVsSockets]
     """


    kwargs = _get_kwargs(
        runs=runs,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    runs: str,

) -> HTTPValidationError | RpcVsSockets | None:
    """ Rpc Vs Sockets

    Args:
        runs (str): run ids, comma-separated

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | RpcVsSockets
     """


    return sync_detailed(
        client=client,
runs=runs,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    runs: str,

) -> Response[HTTPValidationError | RpcVsSockets]:
    """ Rpc Vs Sockets

    Args:
        runs (str): run ids, comma-separated

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | RpcVsSockets]
     """


    kwargs = _get_kwargs(
        runs=runs,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    runs: str,

) -> HTTPValidationError | RpcVsSockets | None:
    """ Rpc Vs Sockets

    Args:
        runs (str): run ids, comma-separated

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | RpcVsSockets
     """


    return (await asyncio_detailed(
        client=client,
runs=runs,

    )).parsed

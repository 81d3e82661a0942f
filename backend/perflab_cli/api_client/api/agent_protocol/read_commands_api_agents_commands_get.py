from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.read_commands_api_agents_commands_get_response_read_commands_api_agents_commands_get import ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    wait_s: float | Unset = 20.0,
    authorization: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(authorization, Unset):
        headers["authorization"] = authorization



    

    params: dict[str, Any] = {}

    params["wait_s"] = wait_s


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/agents/commands",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet | None:
    if response.status_code == 200:
        response_200 = ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    wait_s: float | Unset = 20.0,
    authorization: None | str | Unset = UNSET,

) -> Response[HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet]:
    """ Read Commands

     Long-poll: answers as soon as there is a command for this agent, or with none after wait_s.

    Args:
        wait_s (float | Unset):  Default: 20.0.
        authorization (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet]
     """


    kwargs = _get_kwargs(
        wait_s=wait_s,
authorization=authorization,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    wait_s: float | Unset = 20.0,
    authorization: None | str | Unset = UNSET,

) -> HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet | None:
    """ Read Commands

     Long-poll: answers as soon as there is a command for this agent, or with none after wait_s.

    Args:
        wait_s (float | Unset):  Default: 20.0.
        authorization (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet
     """


    return sync_detailed(
        client=client,
wait_s=wait_s,
authorization=authorization,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    wait_s: float | Unset = 20.0,
    authorization: None | str | Unset = UNSET,

) -> Response[HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet]:
    """ Read Commands

     Long-poll: answers as soon as there is a command for this agent, or with none after wait_s.

    Args:
        wait_s (float | Unset):  Default: 20.0.
        authorization (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet]
     """


    kwargs = _get_kwargs(
        wait_s=wait_s,
authorization=authorization,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    wait_s: float | Unset = 20.0,
    authorization: None | str | Unset = UNSET,

) -> HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet | None:
    """ Read Commands

     Long-poll: answers as soon as there is a command for this agent, or with none after wait_s.

    Args:
        wait_s (float | Unset):  Default: 20.0.
        authorization (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | ReadCommandsApiAgentsCommandsGetResponseReadCommandsApiAgentsCommandsGet
     """


    return (await asyncio_detailed(
        client=client,
wait_s=wait_s,
authorization=authorization,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.agent_out import AgentOut
from ...models.http_validation_error import HTTPValidationError
from typing import cast



def _get_kwargs(
    agent_id: int,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/agents/{agent_id}/revoke".format(agent_id=quote(str(agent_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AgentOut | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = AgentOut.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AgentOut | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> Response[AgentOut | HTTPValidationError]:
    """ Revoke Agent

     Its token gets 401 from now on (it stops); its active runs fail; what it uploaded stays.

    Args:
        agent_id (int): an agent's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentOut | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> AgentOut | HTTPValidationError | None:
    """ Revoke Agent

     Its token gets 401 from now on (it stops); its active runs fail; what it uploaded stays.

    Args:
        agent_id (int): an agent's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentOut | HTTPValidationError
     """


    return sync_detailed(
        agent_id=agent_id,
client=client,

    ).parsed

async def asyncio_detailed(
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> Response[AgentOut | HTTPValidationError]:
    """ Revoke Agent

     Its token gets 401 from now on (it stops); its active runs fail; what it uploaded stays.

    Args:
        agent_id (int): an agent's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgentOut | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        agent_id=agent_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    agent_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> AgentOut | HTTPValidationError | None:
    """ Revoke Agent

     Its token gets 401 from now on (it stops); its active runs fail; what it uploaded stays.

    Args:
        agent_id (int): an agent's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgentOut | HTTPValidationError
     """


    return (await asyncio_detailed(
        agent_id=agent_id,
client=client,

    )).parsed

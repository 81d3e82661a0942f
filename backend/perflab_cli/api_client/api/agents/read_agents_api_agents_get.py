from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, unexpected

from ...models.agent_out import AgentOut
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/agents",
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> list[AgentOut] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in (_response_200):
            response_200_item = AgentOut.from_dict(response_200_item_data)



            response_200.append(response_200_item)

        return response_200

    return unexpected(client, response)


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[list[AgentOut]]:
    """Read Agents: GET /api/agents"""
    kwargs = _get_kwargs(
        
    )
    return build_response(client, client.get_httpx_client().request(**kwargs), _parse_response)

from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, unexpected




def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/auth/me",
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | None:
    if response.status_code == 200:
        return None

    return unexpected(client, response)


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any]:
    """Read Me: GET /api/auth/me"""
    kwargs = _get_kwargs(
        
    )
    return build_response(client, client.get_httpx_client().request(**kwargs), _parse_response)

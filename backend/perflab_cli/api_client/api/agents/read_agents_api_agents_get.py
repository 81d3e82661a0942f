from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected





def sync_detailed(*, client: AuthenticatedClient | Client,) -> Response[Any]:
    """Read Agents: GET /api/agents"""
    

    


    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/agents"}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected





def sync_detailed(key: str, *, client: AuthenticatedClient | Client,) -> Response[Any]:
    """Read Series: GET /api/series/{key}"""
    

    


    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/series/{key}".format(key=quote(str(key), safe=""),)}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

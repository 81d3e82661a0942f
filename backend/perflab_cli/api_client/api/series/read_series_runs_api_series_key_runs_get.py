from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...types import UNSET, Unset




def sync_detailed(key: str, *, client: AuthenticatedClient | Client, limit: int | Unset = 500, offset: int | Unset = 0,) -> Response[Any]:
    """Read Series Runs: GET /api/series/{key}/runs"""
    

    

    params = query_params({
        "limit": limit,
        "offset": offset,
    })

    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/series/{key}/runs".format(key=quote(str(key), safe=""),), "params": params}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

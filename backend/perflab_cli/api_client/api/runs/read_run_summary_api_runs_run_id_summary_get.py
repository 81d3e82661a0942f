from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected





def sync_detailed(run_id: int, *, client: AuthenticatedClient | Client,) -> Response[Any]:
    """Read Run Summary: GET /api/runs/{run_id}/summary"""
    

    


    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs/{run_id}/summary".format(run_id=quote(str(run_id), safe=""),)}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected




def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    return unexpected(client, response)


def sync_detailed(run_id: int, *, client: AuthenticatedClient | Client,) -> Response[str]:
    """Export Hlog: GET /api/runs/{run_id}/latency.hlog"""
    

    


    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs/{run_id}/latency.hlog".format(run_id=quote(str(run_id), safe=""),)}
    return build_response(client, client.get_httpx_client().request(**_kwargs), _parse_response)

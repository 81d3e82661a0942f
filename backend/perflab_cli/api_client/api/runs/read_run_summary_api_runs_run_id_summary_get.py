from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, unexpected




def _get_kwargs(
    run_id: int,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/summary".format(run_id=quote(str(run_id), safe=""),),
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | None:
    if response.status_code == 200:
        return None

    return unexpected(client, response)


def sync_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any]:
    """Read Run Summary: GET /api/runs/{run_id}/summary"""
    kwargs = _get_kwargs(
        run_id=run_id,

    )
    return build_response(client, client.get_httpx_client().request(**kwargs), _parse_response)

from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...types import UNSET, Unset
from typing import cast




def sync_detailed(run_id: int, *, client: AuthenticatedClient | Client, against: str | Unset = 'baseline', repeats: None | str | Unset = UNSET,) -> Response[Any]:
    """Check Run: GET /api/runs/{run_id}/check"""
    

    

    params = query_params({
        "against": against,
        "repeats": repeats,
    })

    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs/{run_id}/check".format(run_id=quote(str(run_id), safe=""),), "params": params}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

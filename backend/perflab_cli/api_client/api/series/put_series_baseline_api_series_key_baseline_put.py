from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...models.baseline_in import BaselineIn
from typing import cast




def sync_detailed(key: str, *, client: AuthenticatedClient | Client, body: BaselineIn,) -> Response[Any]:
    """Put Series Baseline: PUT /api/series/{key}/baseline"""
    headers: dict[str, Any] = {}


    


    _kwargs: dict[str, Any] = {"method": "put", "url": "/api/series/{key}/baseline".format(key=quote(str(key), safe=""),)}
    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"
    _kwargs["headers"] = headers
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

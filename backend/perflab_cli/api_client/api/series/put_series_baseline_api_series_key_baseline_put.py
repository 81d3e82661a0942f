from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, unexpected

from ...models.baseline_in import BaselineIn
from typing import cast



def _get_kwargs(
    key: str,
    *,
    body: BaselineIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/series/{key}/baseline".format(key=quote(str(key), safe=""),),
    }

    _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | None:
    if response.status_code == 200:
        return None

    return unexpected(client, response)


def sync_detailed(
    key: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaselineIn,

) -> Response[Any]:
    """Put Series Baseline: PUT /api/series/{key}/baseline"""
    kwargs = _get_kwargs(
        key=key,
body=body,

    )
    return build_response(client, client.get_httpx_client().request(**kwargs), _parse_response)

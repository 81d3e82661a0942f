from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, unexpected

from ...models.http_validation_error import HTTPValidationError
from ...models.trend_out import TrendOut
from typing import cast



def _get_kwargs(
    key: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/series/{key}/trend".format(key=quote(str(key), safe=""),),
    }


    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | TrendOut | None:
    if response.status_code == 200:
        response_200 = TrendOut.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    return unexpected(client, response)


def sync_detailed(
    key: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[HTTPValidationError | TrendOut]:
    """Read Series Trend: GET /api/series/{key}/trend"""
    kwargs = _get_kwargs(
        key=key,

    )
    return build_response(client, client.get_httpx_client().request(**kwargs), _parse_response)

from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...models.flows_create import FlowsCreate
from ...models.pingpong_run_create import PingpongRunCreate
from ...models.rpc_run_create import RpcRunCreate
from ...models.stream_create import StreamCreate
from typing import cast




def sync_detailed(*, client: AuthenticatedClient | Client, body: FlowsCreate | PingpongRunCreate | RpcRunCreate | StreamCreate,) -> Response[Any]:
    """Create Run: POST /api/runs"""
    headers: dict[str, Any] = {}


    


    _kwargs: dict[str, Any] = {"method": "post", "url": "/api/runs"}
    
    if isinstance(body, PingpongRunCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, RpcRunCreate):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, StreamCreate):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()



    headers["Content-Type"] = "application/json"
    _kwargs["headers"] = headers
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

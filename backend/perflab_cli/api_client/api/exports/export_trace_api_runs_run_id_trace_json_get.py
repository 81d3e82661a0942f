from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...models.export_trace_api_runs_run_id_trace_json_get_compress import ExportTraceApiRunsRunIdTraceJsonGetCompress
from ...types import UNSET, Unset




def sync_detailed(run_id: int, *, client: AuthenticatedClient | Client, compress: ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset = ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE,) -> Response[Any]:
    """Export Trace: GET /api/runs/{run_id}/trace.json"""
    

    

    params = query_params({
        "compress": compress,
    })

    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs/{run_id}/trace.json".format(run_id=quote(str(run_id), safe=""),), "params": params}
    return build_response(client, client.get_httpx_client().request(**_kwargs), None)

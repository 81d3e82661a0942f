from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...models.export_csv_api_runs_run_id_export_csv_get_table import ExportCsvApiRunsRunIdExportCsvGetTable



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    return unexpected(client, response)


def sync_detailed(run_id: int, *, client: AuthenticatedClient | Client, table: ExportCsvApiRunsRunIdExportCsvGetTable,) -> Response[str]:
    """Export Csv: GET /api/runs/{run_id}/export.csv"""
    

    

    params = query_params({
        "table": table,
    })

    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs/{run_id}/export.csv".format(run_id=quote(str(run_id), safe=""),), "params": params}
    return build_response(client, client.get_httpx_client().request(**_kwargs), _parse_response)

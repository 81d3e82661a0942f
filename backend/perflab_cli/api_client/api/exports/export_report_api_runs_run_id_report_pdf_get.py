from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET, build_response, query_params, unexpected

from ...models.export_report_api_runs_run_id_report_pdf_get_paper import ExportReportApiRunsRunIdReportPdfGetPaper
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> File | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



        return response_200

    return unexpected(client, response)


def sync_detailed(run_id: int, *, client: AuthenticatedClient | Client, paper: ExportReportApiRunsRunIdReportPdfGetPaper | Unset = ExportReportApiRunsRunIdReportPdfGetPaper.A4, job: None | str | Unset = UNSET,) -> Response[File]:
    """Export Report: GET /api/runs/{run_id}/report.pdf"""
    

    

    params = query_params({
        "paper": paper,
        "job": job,
    })

    _kwargs: dict[str, Any] = {"method": "get", "url": "/api/runs/{run_id}/report.pdf".format(run_id=quote(str(run_id), safe=""),), "params": params}
    return build_response(client, client.get_httpx_client().request(**_kwargs), _parse_response)

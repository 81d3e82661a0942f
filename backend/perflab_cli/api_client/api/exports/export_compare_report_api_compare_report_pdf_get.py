from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.export_compare_report_api_compare_report_pdf_get_paper import ExportCompareReportApiCompareReportPdfGetPaper
from ...models.http_validation_error import HTTPValidationError
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast



def _get_kwargs(
    *,
    a: int,
    b: int,
    paper: ExportCompareReportApiCompareReportPdfGetPaper | Unset = ExportCompareReportApiCompareReportPdfGetPaper.A4,
    job: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["a"] = a

    params["b"] = b

    json_paper: str | Unset = UNSET
    if not isinstance(paper, Unset):
        json_paper = paper.value

    params["paper"] = json_paper

    json_job: None | str | Unset
    if isinstance(job, Unset):
        json_job = UNSET
    else:
        json_job = job
    params["job"] = json_job


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/compare/report.pdf",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> File | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[File | HTTPValidationError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    a: int,
    b: int,
    paper: ExportCompareReportApiCompareReportPdfGetPaper | Unset = ExportCompareReportApiCompareReportPdfGetPaper.A4,
    job: None | str | Unset = UNSET,

) -> Response[File | HTTPValidationError]:
    """ Export Compare Report

    Args:
        a (int): a run's id, 1-2147483647
        b (int): a run's id, 1-2147483647
        paper (ExportCompareReportApiCompareReportPdfGetPaper | Unset):  Default:
            ExportCompareReportApiCompareReportPdfGetPaper.A4.
        job (None | str | Unset): a token of the caller's: GET /api/report-jobs/{job} tells the
            print's stage while this request runs

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        a=a,
b=b,
paper=paper,
job=job,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    a: int,
    b: int,
    paper: ExportCompareReportApiCompareReportPdfGetPaper | Unset = ExportCompareReportApiCompareReportPdfGetPaper.A4,
    job: None | str | Unset = UNSET,

) -> File | HTTPValidationError | None:
    """ Export Compare Report

    Args:
        a (int): a run's id, 1-2147483647
        b (int): a run's id, 1-2147483647
        paper (ExportCompareReportApiCompareReportPdfGetPaper | Unset):  Default:
            ExportCompareReportApiCompareReportPdfGetPaper.A4.
        job (None | str | Unset): a token of the caller's: GET /api/report-jobs/{job} tells the
            print's stage while this request runs

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | HTTPValidationError
     """


    return sync_detailed(
        client=client,
a=a,
b=b,
paper=paper,
job=job,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    a: int,
    b: int,
    paper: ExportCompareReportApiCompareReportPdfGetPaper | Unset = ExportCompareReportApiCompareReportPdfGetPaper.A4,
    job: None | str | Unset = UNSET,

) -> Response[File | HTTPValidationError]:
    """ Export Compare Report

    Args:
        a (int): a run's id, 1-2147483647
        b (int): a run's id, 1-2147483647
        paper (ExportCompareReportApiCompareReportPdfGetPaper | Unset):  Default:
            ExportCompareReportApiCompareReportPdfGetPaper.A4.
        job (None | str | Unset): a token of the caller's: GET /api/report-jobs/{job} tells the
            print's stage while this request runs

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        a=a,
b=b,
paper=paper,
job=job,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    a: int,
    b: int,
    paper: ExportCompareReportApiCompareReportPdfGetPaper | Unset = ExportCompareReportApiCompareReportPdfGetPaper.A4,
    job: None | str | Unset = UNSET,

) -> File | HTTPValidationError | None:
    """ Export Compare Report

    Args:
        a (int): a run's id, 1-2147483647
        b (int): a run's id, 1-2147483647
        paper (ExportCompareReportApiCompareReportPdfGetPaper | Unset):  Default:
            ExportCompareReportApiCompareReportPdfGetPaper.A4.
        job (None | str | Unset): a token of the caller's: GET /api/report-jobs/{job} tells the
            print's stage while this request runs

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | HTTPValidationError
     """


    return (await asyncio_detailed(
        client=client,
a=a,
b=b,
paper=paper,
job=job,

    )).parsed

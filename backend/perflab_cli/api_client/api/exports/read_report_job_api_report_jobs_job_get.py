from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.report_job import ReportJob
from typing import cast



def _get_kwargs(
    job: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/report-jobs/{job}".format(job=quote(str(job), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | ReportJob | None:
    if response.status_code == 200:
        response_200 = ReportJob.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | ReportJob]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    job: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[HTTPValidationError | ReportJob]:
    """ Read Report Job

     Where a PDF print named `job` (report.pdf?job=) is: stage, step of steps, seconds so far, pages once
    laid out.

    Args:
        job (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | ReportJob]
     """


    kwargs = _get_kwargs(
        job=job,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    job: str,
    *,
    client: AuthenticatedClient | Client,

) -> HTTPValidationError | ReportJob | None:
    """ Read Report Job

     Where a PDF print named `job` (report.pdf?job=) is: stage, step of steps, seconds so far, pages once
    laid out.

    Args:
        job (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | ReportJob
     """


    return sync_detailed(
        job=job,
client=client,

    ).parsed

async def asyncio_detailed(
    job: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[HTTPValidationError | ReportJob]:
    """ Read Report Job

     Where a PDF print named `job` (report.pdf?job=) is: stage, step of steps, seconds so far, pages once
    laid out.

    Args:
        job (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | ReportJob]
     """


    kwargs = _get_kwargs(
        job=job,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    job: str,
    *,
    client: AuthenticatedClient | Client,

) -> HTTPValidationError | ReportJob | None:
    """ Read Report Job

     Where a PDF print named `job` (report.pdf?job=) is: stage, step of steps, seconds so far, pages once
    laid out.

    Args:
        job (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | ReportJob
     """


    return (await asyncio_detailed(
        job=job,
client=client,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.export_trace_api_runs_run_id_trace_json_get_compress import ExportTraceApiRunsRunIdTraceJsonGetCompress
from ...models.http_validation_error import HTTPValidationError
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    compress: ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset = ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_compress: str | Unset = UNSET
    if not isinstance(compress, Unset):
        json_compress = compress.value

    params["compress"] = json_compress


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/trace.json".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> File | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.json())
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
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    compress: ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset = ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE,

) -> Response[File | HTTPValidationError]:
    """ Export Trace

    Args:
        run_id (int): a run's id, 1-2147483647
        compress (ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset): gzip: a .json.gz, about 8x
            smaller; Perfetto UI opens it as it is Default:
            ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
compress=compress,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    compress: ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset = ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE,

) -> File | HTTPValidationError | None:
    """ Export Trace

    Args:
        run_id (int): a run's id, 1-2147483647
        compress (ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset): gzip: a .json.gz, about 8x
            smaller; Perfetto UI opens it as it is Default:
            ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | HTTPValidationError
     """


    return sync_detailed(
        run_id=run_id,
client=client,
compress=compress,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    compress: ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset = ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE,

) -> Response[File | HTTPValidationError]:
    """ Export Trace

    Args:
        run_id (int): a run's id, 1-2147483647
        compress (ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset): gzip: a .json.gz, about 8x
            smaller; Perfetto UI opens it as it is Default:
            ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
compress=compress,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    compress: ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset = ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE,

) -> File | HTTPValidationError | None:
    """ Export Trace

    Args:
        run_id (int): a run's id, 1-2147483647
        compress (ExportTraceApiRunsRunIdTraceJsonGetCompress | Unset): gzip: a .json.gz, about 8x
            smaller; Perfetto UI opens it as it is Default:
            ExportTraceApiRunsRunIdTraceJsonGetCompress.NONE.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | HTTPValidationError
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
compress=compress,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.export_csv_api_runs_run_id_export_csv_get_table import ExportCsvApiRunsRunIdExportCsvGetTable
from ...models.http_validation_error import HTTPValidationError
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    table: ExportCsvApiRunsRunIdExportCsvGetTable,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_table = table.value
    params["table"] = json_table


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/export.csv".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | str]:
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
    table: ExportCsvApiRunsRunIdExportCsvGetTable,

) -> Response[HTTPValidationError | str]:
    """ Export Csv

    Args:
        run_id (int): a run's id, 1-2147483647
        table (ExportCsvApiRunsRunIdExportCsvGetTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | str]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
table=table,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    table: ExportCsvApiRunsRunIdExportCsvGetTable,

) -> HTTPValidationError | str | None:
    """ Export Csv

    Args:
        run_id (int): a run's id, 1-2147483647
        table (ExportCsvApiRunsRunIdExportCsvGetTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | str
     """


    return sync_detailed(
        run_id=run_id,
client=client,
table=table,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    table: ExportCsvApiRunsRunIdExportCsvGetTable,

) -> Response[HTTPValidationError | str]:
    """ Export Csv

    Args:
        run_id (int): a run's id, 1-2147483647
        table (ExportCsvApiRunsRunIdExportCsvGetTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | str]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
table=table,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    table: ExportCsvApiRunsRunIdExportCsvGetTable,

) -> HTTPValidationError | str | None:
    """ Export Csv

    Args:
        run_id (int): a run's id, 1-2147483647
        table (ExportCsvApiRunsRunIdExportCsvGetTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | str
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
table=table,

    )).parsed

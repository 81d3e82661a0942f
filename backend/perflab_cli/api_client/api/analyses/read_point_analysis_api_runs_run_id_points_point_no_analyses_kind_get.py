from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.analysis_pending import AnalysisPending
from ...models.http_validation_error import HTTPValidationError
from ...models.read_point_analysis_api_runs_run_id_points_point_no_analyses_kind_get_kind import ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind
from ...models.read_point_analysis_api_runs_run_id_points_point_no_analyses_kind_get_response_read_point_analysis_api_runs_run_id_points_point_no_analyses_kind_get import ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet
from typing import cast



def _get_kwargs(
    run_id: int,
    point_no: int,
    kind: ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/points/{point_no}/analyses/{kind}".format(run_id=quote(str(run_id), safe=""),point_no=quote(str(point_no), safe=""),kind=quote(str(kind), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet | None:
    if response.status_code == 200:
        response_200 = ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = AnalysisPending.from_dict(response.json())



        return response_202

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: int,
    point_no: int,
    kind: ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind,
    *,
    client: AuthenticatedClient | Client,

) -> Response[AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet]:
    """ Read Point Analysis

     The part of a result that describes one point (results without per-point parts are returned whole).

    Args:
        run_id (int): a run's id, 1-2147483647
        point_no (int): a point's number in its run, 0-32767
        kind (ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
point_no=point_no,
kind=kind,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    point_no: int,
    kind: ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind,
    *,
    client: AuthenticatedClient | Client,

) -> AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet | None:
    """ Read Point Analysis

     The part of a result that describes one point (results without per-point parts are returned whole).

    Args:
        run_id (int): a run's id, 1-2147483647
        point_no (int): a point's number in its run, 0-32767
        kind (ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet
     """


    return sync_detailed(
        run_id=run_id,
point_no=point_no,
kind=kind,
client=client,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    point_no: int,
    kind: ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind,
    *,
    client: AuthenticatedClient | Client,

) -> Response[AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet]:
    """ Read Point Analysis

     The part of a result that describes one point (results without per-point parts are returned whole).

    Args:
        run_id (int): a run's id, 1-2147483647
        point_no (int): a point's number in its run, 0-32767
        kind (ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
point_no=point_no,
kind=kind,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    point_no: int,
    kind: ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind,
    *,
    client: AuthenticatedClient | Client,

) -> AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet | None:
    """ Read Point Analysis

     The part of a result that describes one point (results without per-point parts are returned whole).

    Args:
        run_id (int): a run's id, 1-2147483647
        point_no (int): a point's number in its run, 0-32767
        kind (ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetKind):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisPending | HTTPValidationError | ReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGetResponseReadPointAnalysisApiRunsRunIdPointsPointNoAnalysesKindGet
     """


    return (await asyncio_detailed(
        run_id=run_id,
point_no=point_no,
kind=kind,
client=client,

    )).parsed

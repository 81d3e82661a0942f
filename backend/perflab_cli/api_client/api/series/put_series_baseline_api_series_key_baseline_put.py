from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.baseline_in import BaselineIn
from ...models.http_validation_error import HTTPValidationError
from ...models.series_out import SeriesOut
from typing import cast



def _get_kwargs(
    key: str,
    *,
    body: BaselineIn,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/series/{key}/baseline".format(key=quote(str(key), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | SeriesOut | None:
    if response.status_code == 200:
        response_200 = SeriesOut.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | SeriesOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    key: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaselineIn,

) -> Response[HTTPValidationError | SeriesOut]:
    """ Put Series Baseline

     What later runs are checked against: a done run of this series, or its done runs from run_id through
    through_run_id, whose between-run spread is then the noise (409 for a run of another series or not
    done).

    Args:
        key (str): a series key: 32 hex digits
        body (BaselineIn): One run, or the series' done runs from run_id through through_run_id:
            their spread is then the noise every
            check is judged by (a range of 20 unchanged runs is what a nightly job wants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | SeriesOut]
     """


    kwargs = _get_kwargs(
        key=key,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    key: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaselineIn,

) -> HTTPValidationError | SeriesOut | None:
    """ Put Series Baseline

     What later runs are checked against: a done run of this series, or its done runs from run_id through
    through_run_id, whose between-run spread is then the noise (409 for a run of another series or not
    done).

    Args:
        key (str): a series key: 32 hex digits
        body (BaselineIn): One run, or the series' done runs from run_id through through_run_id:
            their spread is then the noise every
            check is judged by (a range of 20 unchanged runs is what a nightly job wants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | SeriesOut
     """


    return sync_detailed(
        key=key,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    key: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaselineIn,

) -> Response[HTTPValidationError | SeriesOut]:
    """ Put Series Baseline

     What later runs are checked against: a done run of this series, or its done runs from run_id through
    through_run_id, whose between-run spread is then the noise (409 for a run of another series or not
    done).

    Args:
        key (str): a series key: 32 hex digits
        body (BaselineIn): One run, or the series' done runs from run_id through through_run_id:
            their spread is then the noise every
            check is judged by (a range of 20 unchanged runs is what a nightly job wants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | SeriesOut]
     """


    kwargs = _get_kwargs(
        key=key,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    key: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaselineIn,

) -> HTTPValidationError | SeriesOut | None:
    """ Put Series Baseline

     What later runs are checked against: a done run of this series, or its done runs from run_id through
    through_run_id, whose between-run spread is then the noise (409 for a run of another series or not
    done).

    Args:
        key (str): a series key: 32 hex digits
        body (BaselineIn): One run, or the series' done runs from run_id through through_run_id:
            their spread is then the noise every
            check is judged by (a range of 20 unchanged runs is what a nightly job wants).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | SeriesOut
     """


    return (await asyncio_detailed(
        key=key,
client=client,
body=body,

    )).parsed

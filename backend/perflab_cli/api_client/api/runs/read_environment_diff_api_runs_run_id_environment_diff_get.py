from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.environment_diff_out import EnvironmentDiffOut
from ...models.http_validation_error import HTTPValidationError
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    against: int,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["against"] = against


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/environment-diff".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvironmentDiffOut | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = EnvironmentDiffOut.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvironmentDiffOut | HTTPValidationError]:
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
    against: int,

) -> Response[EnvironmentDiffOut | HTTPValidationError]:
    """ Read Environment Diff

     Where the two runs' environments differ (analysis/environment.py environment_diff, the check's own),
    field by field; a is the other run's value, b this run's.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (int): the run to compare with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvironmentDiffOut | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
against=against,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    against: int,

) -> EnvironmentDiffOut | HTTPValidationError | None:
    """ Read Environment Diff

     Where the two runs' environments differ (analysis/environment.py environment_diff, the check's own),
    field by field; a is the other run's value, b this run's.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (int): the run to compare with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvironmentDiffOut | HTTPValidationError
     """


    return sync_detailed(
        run_id=run_id,
client=client,
against=against,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    against: int,

) -> Response[EnvironmentDiffOut | HTTPValidationError]:
    """ Read Environment Diff

     Where the two runs' environments differ (analysis/environment.py environment_diff, the check's own),
    field by field; a is the other run's value, b this run's.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (int): the run to compare with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvironmentDiffOut | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
against=against,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    against: int,

) -> EnvironmentDiffOut | HTTPValidationError | None:
    """ Read Environment Diff

     Where the two runs' environments differ (analysis/environment.py environment_diff, the check's own),
    field by field; a is the other run's value, b this run's.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (int): the run to compare with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvironmentDiffOut | HTTPValidationError
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
against=against,

    )).parsed

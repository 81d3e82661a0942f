from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.http_validation_error import HTTPValidationError
from ...models.job_status_in import JobStatusIn
from ...models.ok import Ok
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    job_id: int,
    *,
    body: JobStatusIn,
    authorization: None | str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(authorization, Unset):
        headers["authorization"] = authorization



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/agents/jobs/{job_id}/status".format(job_id=quote(str(job_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HTTPValidationError | Ok | None:
    if response.status_code == 200:
        response_200 = Ok.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[HTTPValidationError | Ok]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    job_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: JobStatusIn,
    authorization: None | str | Unset = UNSET,

) -> Response[HTTPValidationError | Ok]:
    """ Create Job Status

    Args:
        job_id (int): a job's id, 1-2147483647
        authorization (None | str | Unset):
        body (JobStatusIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | Ok]
     """


    kwargs = _get_kwargs(
        job_id=job_id,
body=body,
authorization=authorization,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    job_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: JobStatusIn,
    authorization: None | str | Unset = UNSET,

) -> HTTPValidationError | Ok | None:
    """ Create Job Status

    Args:
        job_id (int): a job's id, 1-2147483647
        authorization (None | str | Unset):
        body (JobStatusIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | Ok
     """


    return sync_detailed(
        job_id=job_id,
client=client,
body=body,
authorization=authorization,

    ).parsed

async def asyncio_detailed(
    job_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: JobStatusIn,
    authorization: None | str | Unset = UNSET,

) -> Response[HTTPValidationError | Ok]:
    """ Create Job Status

    Args:
        job_id (int): a job's id, 1-2147483647
        authorization (None | str | Unset):
        body (JobStatusIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HTTPValidationError | Ok]
     """


    kwargs = _get_kwargs(
        job_id=job_id,
body=body,
authorization=authorization,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    job_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: JobStatusIn,
    authorization: None | str | Unset = UNSET,

) -> HTTPValidationError | Ok | None:
    """ Create Job Status

    Args:
        job_id (int): a job's id, 1-2147483647
        authorization (None | str | Unset):
        body (JobStatusIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HTTPValidationError | Ok
     """


    return (await asyncio_detailed(
        job_id=job_id,
client=client,
body=body,
authorization=authorization,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.analysis_pending import AnalysisPending
from ...models.http_validation_error import HTTPValidationError
from ...models.packets_result import PacketsResult
from ...models.unavailable import Unavailable
from typing import cast



def _get_kwargs(
    run_id: int,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/analyses/packets".format(run_id=quote(str(run_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AnalysisPending | HTTPValidationError | PacketsResult | Unavailable | None:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> PacketsResult | Unavailable:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = PacketsResult.from_dict(data)



                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = Unavailable.from_dict(data)



            return response_200_type_1

        response_200 = _parse_response_200(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AnalysisPending | HTTPValidationError | PacketsResult | Unavailable]:
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

) -> Response[AnalysisPending | HTTPValidationError | PacketsResult | Unavailable]:
    """ Read Packets

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisPending | HTTPValidationError | PacketsResult | Unavailable]
     """


    kwargs = _get_kwargs(
        run_id=run_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> AnalysisPending | HTTPValidationError | PacketsResult | Unavailable | None:
    """ Read Packets

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisPending | HTTPValidationError | PacketsResult | Unavailable
     """


    return sync_detailed(
        run_id=run_id,
client=client,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> Response[AnalysisPending | HTTPValidationError | PacketsResult | Unavailable]:
    """ Read Packets

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisPending | HTTPValidationError | PacketsResult | Unavailable]
     """


    kwargs = _get_kwargs(
        run_id=run_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,

) -> AnalysisPending | HTTPValidationError | PacketsResult | Unavailable | None:
    """ Read Packets

    Args:
        run_id (int): a run's id, 1-2147483647

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisPending | HTTPValidationError | PacketsResult | Unavailable
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.check_out import CheckOut
from ...models.http_validation_error import HTTPValidationError
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    against: str | Unset = 'baseline',
    repeats: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["against"] = against

    json_repeats: None | str | Unset
    if isinstance(repeats, Unset):
        json_repeats = UNSET
    else:
        json_repeats = repeats
    params["repeats"] = json_repeats


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/check".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CheckOut | HTTPValidationError | None:
    if response.status_code == 200:
        response_200 = CheckOut.from_dict(response.json())



        return response_200

    if response.status_code == 422:
        response_422 = HTTPValidationError.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CheckOut | HTTPValidationError]:
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
    against: str | Unset = 'baseline',
    repeats: None | str | Unset = UNSET,

) -> Response[CheckOut | HTTPValidationError]:
    """ Check Run

     The run (with its repeats) against a baseline, per point and step, with the series' noise as the
    threshold.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (str | Unset): baseline (the series' baseline run or range) or a run id Default:
            'baseline'.
        repeats (None | str | Unset): run ids of the same series, comma-separated: judged with
            this run as one group (a launch repeated)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckOut | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
against=against,
repeats=repeats,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    against: str | Unset = 'baseline',
    repeats: None | str | Unset = UNSET,

) -> CheckOut | HTTPValidationError | None:
    """ Check Run

     The run (with its repeats) against a baseline, per point and step, with the series' noise as the
    threshold.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (str | Unset): baseline (the series' baseline run or range) or a run id Default:
            'baseline'.
        repeats (None | str | Unset): run ids of the same series, comma-separated: judged with
            this run as one group (a launch repeated)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckOut | HTTPValidationError
     """


    return sync_detailed(
        run_id=run_id,
client=client,
against=against,
repeats=repeats,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    against: str | Unset = 'baseline',
    repeats: None | str | Unset = UNSET,

) -> Response[CheckOut | HTTPValidationError]:
    """ Check Run

     The run (with its repeats) against a baseline, per point and step, with the series' noise as the
    threshold.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (str | Unset): baseline (the series' baseline run or range) or a run id Default:
            'baseline'.
        repeats (None | str | Unset): run ids of the same series, comma-separated: judged with
            this run as one group (a launch repeated)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckOut | HTTPValidationError]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
against=against,
repeats=repeats,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient | Client,
    against: str | Unset = 'baseline',
    repeats: None | str | Unset = UNSET,

) -> CheckOut | HTTPValidationError | None:
    """ Check Run

     The run (with its repeats) against a baseline, per point and step, with the series' noise as the
    threshold.

    Args:
        run_id (int): a run's id, 1-2147483647
        against (str | Unset): baseline (the series' baseline run or range) or a run id Default:
            'baseline'.
        repeats (None | str | Unset): run ids of the same series, comma-separated: judged with
            this run as one group (a launch repeated)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckOut | HTTPValidationError
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
against=against,
repeats=repeats,

    )).parsed

""" Contains some shared types for properties """

from collections.abc import Mapping, MutableMapping
from http import HTTPStatus
from typing import BinaryIO, Callable, Generic, TypeVar, Literal, IO

import httpx

from attrs import define


class Unset:
    def __bool__(self) -> Literal[False]:
        return False


UNSET: Unset = Unset()

# The types that `httpx.Client(files=)` can accept, copied from that library.
FileContent = IO[bytes] | bytes | str
FileTypes = (
    # (filename, file (or bytes), content_type)
    tuple[str | None, FileContent, str | None]
    # (filename, file (or bytes), content_type, headers)
    | tuple[str | None, FileContent, str | None, Mapping[str, str]]
)
RequestFiles = list[tuple[str, FileTypes]]

@define
class File:
    """ Contains information for file uploads """

    payload: BinaryIO
    file_name: str | None = None
    mime_type: str | None = None

    def to_tuple(self) -> FileTypes:
        """ Return a tuple representation that httpx will accept for multipart/form-data """
        return self.file_name, self.payload, self.mime_type


T = TypeVar("T")


@define
class Response(Generic[T]):
    """ A response from an endpoint """

    status_code: HTTPStatus
    content: bytes
    headers: MutableMapping[str, str]
    parsed: T | None


def build_response(client, response: httpx.Response, parse: Callable[..., T | None] | None) -> Response[T]:
    """ An endpoint's response, parsed by its module's own parser (none: an answer the caller reads itself) """
    if parse is None:
        parsed = None if response.is_success else unexpected(client, response)
    else:
        parsed = parse(client=client, response=response)
    return Response(status_code=HTTPStatus(response.status_code), content=response.content,
                    headers=response.headers, parsed=parsed)


def unexpected(client, response: httpx.Response) -> None:
    """ What an endpoint's parser gives for a status its operation does not document """
    from .errors import UnexpectedStatus

    if client.raise_on_unexpected_status:
        raise UnexpectedStatus(response.status_code, response.content)
    return None


__all__ = ["UNSET", "File", "FileTypes", "RequestFiles", "Response", "Unset"]

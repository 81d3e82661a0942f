""" Contains some shared types for properties """

from collections.abc import Mapping, MutableMapping
from enum import Enum
from http import HTTPStatus
from typing import Any, BinaryIO, Callable, Generic, TypeVar, Literal, IO, Self

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


def query_params(params: dict[str, Any]) -> dict[str, Any]:
    """ An operation's query parameters as httpx sends them: the unset and the None left out, an enum by its value """
    def plain(value: Any) -> Any:
        return value.value if isinstance(value, Enum) else value

    return {name: [plain(item) for item in value] if isinstance(value, list) else plain(value)
            for name, value in params.items() if value is not UNSET and value is not None}


class Model:
    """ What every model does alike: a model's _fields are its properties as JSON, its _parse makes it of them
    (and takes them out of the dict it is given) """

    def _fields(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def _parse(cls, d: dict[str, Any]) -> Self:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """ The model as JSON: its additional properties, then its own (the unset left out) """
        own = {name: value for name, value in self._fields().items() if value is not UNSET}
        return {**getattr(self, "additional_properties", {}), **own}

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        """ The model from JSON: what its schema does not name becomes its additional properties (dropped by a
        model whose schema admits none) """
        d = dict(src_dict)
        model = cls._parse(d)
        if isinstance(model, AdditionalProperties):
            model.additional_properties = d
        return model


class AdditionalProperties:
    """ The properties a model's schema does not name, read like a dict (the model declares additional_properties) """

    additional_properties: dict[str, Any]

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties


__all__ = ["UNSET", "File", "FileTypes", "RequestFiles", "Response", "Unset"]

import ssl
from typing import Any, Self

from attrs import define, field
import httpx


@define
class Client:
    """The lab's address and how to reach it: the keyword arguments build one httpx.Client on first use.

    Attributes:
        raise_on_unexpected_status: raise errors.UnexpectedStatus for a status the OpenAPI document does not name
    """
    raise_on_unexpected_status: bool = field(default=False, kw_only=True)
    _base_url: str = field(alias="base_url")
    _cookies: dict[str, str] = field(factory=dict, kw_only=True, alias="cookies")
    _headers: dict[str, str] = field(factory=dict, kw_only=True, alias="headers")
    _timeout: httpx.Timeout | None = field(default=None, kw_only=True, alias="timeout")
    _verify_ssl: str | bool | ssl.SSLContext = field(default=True, kw_only=True, alias="verify_ssl")
    _follow_redirects: bool = field(default=False, kw_only=True, alias="follow_redirects")
    _httpx_args: dict[str, Any] = field(factory=dict, kw_only=True, alias="httpx_args")
    _client: httpx.Client | None = field(default=None, init=False)

    def set_httpx_client(self, client: httpx.Client) -> Self:
        """Use this httpx.Client (its own cookies, headers and timeout, not this object's)"""
        self._client = client
        return self

    def request_headers(self) -> dict[str, str]:
        """The headers every request carries"""
        return self._headers

    def get_httpx_client(self) -> httpx.Client:
        """The httpx.Client, built on first use"""
        if self._client is None:
            self._client = httpx.Client(
                base_url=self._base_url,
                cookies=self._cookies,
                headers=self.request_headers(),
                timeout=self._timeout,
                verify=self._verify_ssl,
                follow_redirects=self._follow_redirects,
                **self._httpx_args,
            )
        return self._client

    def __enter__(self) -> Self:
        """Enter a context manager for the httpx.Client—you cannot enter twice (see httpx docs)"""
        self.get_httpx_client().__enter__()
        return self

    def __exit__(self, *args: Any, **kwargs: Any) -> None:
        """Exit a context manager for the httpx.Client (see httpx docs)"""
        self.get_httpx_client().__exit__(*args, **kwargs)


@define
class AuthenticatedClient(Client):
    """A Client that sends its token with every request

    Attributes:
        token: The token to use for authentication
        prefix: The prefix to use for the Authorization header
        auth_header_name: The name of the Authorization header
    """
    token: str
    prefix: str = "Bearer"
    auth_header_name: str = "Authorization"

    def request_headers(self) -> dict[str, str]:
        return {**self._headers, self.auth_header_name: f"{self.prefix} {self.token}" if self.prefix else self.token}

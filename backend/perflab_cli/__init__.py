"""The `perflab` command-line client (docs/cli.md): talks to a lab only through api_client, generated from
frontend/src/api/openapi.json by openapi-python-client."""

"""OpenAPI declarations of the routes that answer with a file or a stream rather than a JSON model."""


def file_response(media_type: str, what: str) -> dict:
    """`responses=` of a route whose 200 is a file of `media_type` (the schema says so; clients download it)."""
    schema = {"type": "string"} if media_type.startswith("text/") else {"type": "string", "format": "binary"}
    return {"200": {"description": what, "content": {media_type: {"schema": schema}}}}

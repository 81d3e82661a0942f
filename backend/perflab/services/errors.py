"""Service errors the API turns into HTTP answers."""


class FieldError(ValueError):
    """Bad input that only the service can judge (unknown agent, cross-field range): 422 naming the field."""

    status_code = 422

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


class NotFound(LookupError):
    pass


class Conflict(RuntimeError):
    pass

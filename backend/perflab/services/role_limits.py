"""What a user's role lets them launch: the size of a run, checked before anything is stored or shaped."""

from perflab.core.config import Settings
from perflab.services.errors import FieldError


def role_max_calls(user, settings: Settings) -> int | None:
    """Operators launch runs of at most operator_max_run_calls calls; admins up to the wire format's cap."""
    return settings.operator_max_run_calls if user.role == "operator" else None


def check_calls_limit(calls_total: int, max_calls: int | None) -> None:
    """Raised before anything is stored or shaped: a refused launch leaves no run and no changed link."""
    if max_calls is not None and calls_total > max_calls:
        raise FieldError("calls", f"an operator may launch at most {max_calls} calls in a run "
                         f"(PERFLAB_OPERATOR_MAX_RUN_CALLS; this one has {calls_total} over its points); "
                         "ask an admin to launch it")

"""Validation helpers whose messages name the field, the allowed range and the bad value."""

from typing import Annotated

from pydantic import AfterValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from perflab.core import text_limits as limits


def in_range(field: str, lo: int, hi: int, unit: str = ""):
    suffix = f" {unit}" if unit else ""

    def check(value: int) -> int:
        if not lo <= value <= hi:
            raise PydanticCustomError(
                "out_of_range", "{field} must be between {lo} and {hi}{suffix} (got {value})",
                {"field": field, "lo": lo, "hi": hi, "suffix": suffix, "value": value},
            )
        return value

    return AfterValidator(check)


def RangedInt(field: str, lo: int, hi: int, unit: str = ""):  # noqa: N802 - reads like a type
    """An int in lo-hi: the schema states the range (clients read their limits from it), the error names it."""
    extra = {"minimum": lo, "maximum": hi} | ({"x-unit": unit} if unit else {})
    return Annotated[int, Field(json_schema_extra=extra), in_range(field, lo, hi, unit)]


def SizedStr(field: str, lo: int, hi: int):  # noqa: N802 - reads like a type
    """A string of lo-hi characters: the schema states the range, the error names the field and the range."""
    def check(value: str) -> str:
        if not lo <= len(value) <= hi:
            raise PydanticCustomError("length", "{field} must be {lo}-{hi} characters (got {n})",
                                      {"field": field, "lo": lo, "hi": hi, "n": len(value)})
        return value

    return Annotated[str, Field(json_schema_extra={"minLength": lo, "maxLength": hi}), AfterValidator(check)]


def Choice(field: str, allowed: tuple[str, ...], description: str | None = None):  # noqa: N802 - reads like a type
    """One of a closed set of words (a query's sort, order, kind...): the schema lists them as an enum (clients and
    fuzzers know them), the 422 names the field, the words and the bad value."""
    def check(value: str) -> str:
        if value not in allowed:
            raise PydanticCustomError("choice", "{field} must be one of {allowed} (got {got})",
                                      {"field": field, "allowed": ", ".join(allowed), "got": repr(value)})
        return value

    schema = {"type": "string", "enum": list(allowed)} | ({"description": description} if description else {})
    return Annotated[str, AfterValidator(check), WithJsonSchema(schema)]


# the texts most bodies carry, with their limits from core/text_limits.py
RunName = SizedStr("name", 0, limits.RUN_NAME_MAX)
Tags = Annotated[list[SizedStr("tags", 1, limits.TAG_MAX)], Field(max_length=limits.TAGS_MAX)]
ProfileName = SizedStr("link_profile", 1, limits.PROFILE_NAME_MAX)
Notes = SizedStr("notes", 0, limits.NOTES_MAX)

PG_INT_MAX = 2_147_483_647  # ids are PostgreSQL integers: a larger one is bad input, never a database error
AgentIdIn = Annotated[int, Field(ge=1, le=PG_INT_MAX, description=f"an agent's id, 1-{PG_INT_MAX}")]

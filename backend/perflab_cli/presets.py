"""The Launch page's presets as launch bodies (presets.json, written from frontend/src/pages/launch/presets.ts by
`make api-types`: one source for the UI and the CLI) and `--set key=value` edits over them."""

import copy
import json
from pathlib import Path

PRESETS_FILE = Path(__file__).with_name("presets.json")


class PresetError(ValueError):
    """An unknown preset or a --set the CLI cannot read: a usage error (exit 2)."""


def presets() -> list[dict]:
    return json.loads(PRESETS_FILE.read_text())


def preset_body(name: str) -> dict:
    found = {p["id"]: p for p in presets()}
    if name not in found:
        raise PresetError(f"no preset {name!r}; the presets: {', '.join(found)} (`perflab presets` lists them)")
    return copy.deepcopy(found[name]["body"])


def parse_value(text: str):
    """JSON when it reads as JSON (numbers, lists, objects, true/false/null), else the text itself: `transport=tcp`,
    `calls=200`, `request_bytes=[0,64]`, `inject={"kind":"delay","step":"c.marshal"}`."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def apply_sets(body: dict, sets: list[str]) -> dict:
    """Each `key=value` over the body; a dotted key edits inside an object (`inject.delay_us=500`)."""
    for item in sets:
        key, eq, raw = item.partition("=")
        if not eq or not key:
            raise PresetError(f"--set {item!r}: expected key=value, e.g. --set calls=200")
        *parents, leaf = key.split(".")
        where = body
        for p in parents:
            if not isinstance(where.get(p), dict):
                where[p] = {}
            where = where[p]
        where[leaf] = parse_value(raw)
    return body

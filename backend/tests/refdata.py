"""The papers' tables, copied from the design notes' shared/reference into tests/reference (see copied_from)."""

import json
from pathlib import Path

REF = Path(__file__).parent / "reference"


def load(name: str) -> dict:
    return json.loads((REF / f"{name}.json").read_text())

"""api/text_inputs.py: a control character in any text a request carries is a 422 naming the field, never a 500
(issue 36: `GET /api/runs?q=%00` reached PostgreSQL, which cannot store a NUL), on routes of every kind; tabs and
line breaks pass."""

import random
import unicodedata

import pytest

from perflab.api.text_inputs import FORBIDDEN

from conftest import RUN_SEED as SEED

rng = random.Random(SEED)
# NUL always, and two other forbidden characters drawn each run (seed in the test ids)
DRAWN = ["\x00"] + rng.sample([chr(c) for c in [*range(1, 9), 11, 12, *range(14, 32), *range(127, 160)]], 2)


def _said(response, loc: list):
    assert response.status_code == 422, response.text
    detail = response.json()["detail"][0]
    assert detail["loc"] == loc and detail["type"] == "control_character", detail
    assert "U+00" in detail["msg"] and "tab, line feed and carriage return" in detail["msg"]
    return detail


@pytest.mark.parametrize("bad", DRAWN, ids=lambda c: f"U+{ord(c):04X}-seed{SEED}")
def test_a_control_character_in_a_query_is_a_422_naming_the_parameter(client, bad):
    for path, param in (("/api/runs", "q"), ("/api/runs", "kind"), ("/api/runs", "tag"), ("/api/series", "x")):
        _said(client.get(path, params={param: f"ab{bad}c"}), ["query", param])


@pytest.mark.parametrize("bad", DRAWN, ids=lambda c: f"U+{ord(c):04X}-seed{SEED}")
def test_a_control_character_in_a_json_body_is_a_422_naming_the_field(client, bad):
    detail = _said(client.post("/api/users", json={"name": f"eve{bad}", "password": "a-long-password-1",
                                                   "role": "viewer"}), ["body", "name"])
    assert detail["msg"].startswith("name holds the control character")
    _said(client.post("/api/runs", json={"kind": "pingpong", "name": "ok", "tags": ["fine", f"x{bad}"],
                                         "client_agent_id": 1, "server_agent_id": 2}), ["body", "tags", 1])
    _said(client.post("/api/auth/login", json={"username": "admin", "password": f"p{bad}"}), ["body", "password"])
    # a key is text too
    _said(client.post("/api/runs", json={f"na{bad}me": "x"}), ["body", f"na{bad}me"])


def test_text_without_control_characters_passes_line_breaks_too(client):
    assert client.get("/api/runs", params={"q": "tab\tand newline\n ok é ü 中"}).status_code == 200
    made = client.post("/api/users", json={"name": "eve", "password": "a-long-password-1", "role": "viewer"})
    assert made.status_code == 201, made.text
    # malformed JSON still gets FastAPI's own answer, not this rule's
    bad_json = client.post("/api/users", content=b'{"name": ', headers={"content-type": "application/json"})
    assert bad_json.status_code == 422 and bad_json.json()["detail"][0]["type"] == "json_invalid"


def test_the_rule_is_every_control_character_but_tab_lf_cr():
    refused = {c for c in range(0, 0x3000) if FORBIDDEN.search(chr(c))}
    assert refused == {c for c in range(0, 0x3000) if unicodedata.category(chr(c)) == "Cc"} - {9, 10, 13}

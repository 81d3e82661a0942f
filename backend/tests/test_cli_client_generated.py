"""The `perflab` CLI's client (perflab_cli/api_client) is what the pinned openapi-python-client makes of the committed
OpenAPI document, as the UI's types are (tests/test_api_contract.py checks that document against the app)."""

import filecmp
import shutil
from pathlib import Path

import pytest

from perflab_cli import regenerate


def _differences(cmp: filecmp.dircmp, where: Path) -> list[str]:
    found = [str(where / n) for n in cmp.left_only + cmp.right_only + cmp.diff_files + cmp.funny_files]
    for name, sub in cmp.subdirs.items():
        found += _differences(sub, where / name)
    return found


@pytest.mark.skipif(shutil.which("openapi-python-client") is None
                    and not (Path(regenerate.sys.executable).parent / "openapi-python-client").exists(),
                    reason="openapi-python-client not installed (pip install -e 'backend[test]')")
@pytest.mark.slow
def test_the_committed_client_is_generated_from_the_committed_document(tmp_path):
    fresh = regenerate.generate(tmp_path)
    # files of another modification time are compared by content: the fresh ones are all newer
    cmp = filecmp.dircmp(regenerate.TARGET, fresh, ignore=["__pycache__"])
    stale = _differences(cmp, Path("perflab_cli/api_client"))
    assert not stale, f"perflab_cli/api_client is stale ({stale[:5]}): run `make api-types` and commit it"


def test_the_generator_sees_each_model_once():
    """Two FirstCall models share a title; the generator would drop one of them."""
    doc = regenerate.document_for_generator(regenerate.json.loads(regenerate.OPENAPI.read_text()))
    titles = [s.get("title") for s in doc["components"]["schemas"].values() if s.get("title")]
    assert len(titles) == len(set(titles))


def test_the_client_has_the_cli_routes_and_types_what_the_cli_sends():
    """Every route the CLI names is in the lab's document (a renamed one fails here, not in a user's terminal); the
    answers are left as JSON, the launch bodies typed."""
    doc = regenerate.document_for_generator(regenerate.json.loads(regenerate.OPENAPI.read_text()))
    assert {(method, path) for path, ops in doc["paths"].items() for method in ops} == regenerate.CLI_ROUTES
    answers = [r for ops in doc["paths"].values() for op in ops.values() for r in op["responses"].values()]
    assert all(r.get("content", {}).get("application/json", {"schema": {}})["schema"] == {} for r in answers)
    schemas = doc["components"]["schemas"]
    assert "PingpongRunCreate" in schemas and "BaselineIn" in schemas and "RunOut" not in schemas

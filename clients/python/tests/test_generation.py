"""The generated code follows the spec: a field added to the spec reaches the Python models and
methods by regenerating, with no hand edit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml  # type: ignore[import-untyped]
from conftest import REPO

GENERATE = Path(__file__).resolve().parents[1] / "codegen" / "generate.py"


def generate(spec: Path, only: str, out: Path) -> str:
    subprocess.run([sys.executable, str(GENERATE), "--spec", str(spec), "--only", only, "--out", str(out)], check=True, capture_output=True)
    return out.read_text()


def test_a_field_added_to_the_spec_reaches_the_models_and_the_methods(tmp_path: Path) -> None:
    document = yaml.safe_load((REPO / "generated" / "openapi.yaml").read_text())
    schemas = document["components"]["schemas"]
    schemas["Swap"]["properties"]["settlementNote"] = {"type": "string", "description": "A note the provider added."}
    schemas["CreateSwapRequest"]["properties"]["clientReference"] = {"type": "string", "maxLength": 40}
    document["paths"]["/api/v1/transactions"]["get"]["parameters"].append({"name": "status", "in": "query", "schema": {"type": "string"}})
    changed = tmp_path / "openapi.yaml"
    changed.write_text(yaml.safe_dump(document, sort_keys=False))

    models = generate(changed, "models", tmp_path / "models.py")
    assert 'settlement_note: Annotated[str | None, Field(alias="settlementNote")] = None' in models
    assert "client_reference" in models
    operations = generate(changed, "operations", tmp_path / "operations.py")
    assert "client_reference: str | None = None," in operations
    assert "status: str | None = None," in operations
    # And the committed code, from the spec as it is, has none of them.
    committed = (GENERATE.parents[1] / "src" / "wallet_api" / "_generated").joinpath("operations.py").read_text()
    assert "client_reference" not in committed

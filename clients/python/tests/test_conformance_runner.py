"""The conformance runner's own checks can fail: a case whose expectation is wrong is reported
as failed, with what the client gave; a right one passes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

RUNNER = Path(__file__).resolve().parents[1] / "conformance" / "runner.py"
MARKETS = {"usdtngn": {"at": 1767225600, "ticker": {"buy": "1", "sell": "1", "last": "1"}}}


def answer(status: int, body: Any) -> dict[str, Any]:
    return {"status": status, "headers": [["content-type", "application/json"]], "body": {"json": body}}


def run(tmp_path: Path, cases: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    file = tmp_path / "cases.json"
    file.write_text(json.dumps({"description": "runner self-check", "cases": cases}))
    out = tmp_path / "result.json"
    subprocess.run([sys.executable, str(RUNNER), "--cases", str(file), "--out", str(out)], check=True, capture_output=True, timeout=120)
    result = json.loads(out.read_text())
    assert result["client"] == "python"
    return {r["case"]: r for r in result["results"]}


def test_wrong_expectations_fail_and_right_ones_pass(tmp_path: Path) -> None:
    success = answer(200, {"status": "success", "message": "OK", "data": MARKETS})
    call = {"operationId": "listMarkets", "params": {}}
    results = run(
        tmp_path,
        [
            {
                "id": "right",
                "type": "exchange",
                "covers": "x",
                "call": call,
                "answers": [success],
                "expect": {
                    "data": MARKETS,
                    "requests": 1,
                    "request": {"method": "GET", "pathWithQuery": "/api/v1/wallets/markets", "bodyJson": None, "signed": True},
                },
            },
            {
                "id": "other-data",
                "type": "exchange",
                "covers": "x",
                "call": call,
                "answers": [success],
                "expect": {"data": {"usdtngn": {}}, "requests": 1},
            },
            {
                "id": "other-kind",
                "type": "exchange",
                "covers": "x",
                "call": call,
                "answers": [success],
                "expect": {"error": {"kind": "api"}, "requests": 1},
            },
            {
                "id": "other-count",
                "type": "exchange",
                "covers": "x",
                "call": call,
                "answers": [success],
                "expect": {"data": MARKETS, "requests": 2},
            },
            {
                "id": "other-target",
                "type": "exchange",
                "covers": "x",
                "call": call,
                "answers": [success],
                "expect": {"data": MARKETS, "requests": 1, "request": {"method": "GET", "pathWithQuery": "/api/v1/elsewhere"}},
            },
            {
                "id": "other-signature",
                "type": "signing",
                "covers": "x",
                "input": {
                    "method": "GET",
                    "pathWithQuery": "/",
                    "body": {"utf8": ""},
                    "timestamp": "2026-01-01T00:00:00.000Z",
                    "apiKey": "k",
                    "secret": "s",
                },
                "expect": {"canonicalString": "2026-01-01T00:00:00.000Z\nGET\n/\n", "signature": "0" * 64},
            },
            {
                "id": "skipped",
                "type": "exchange",
                "covers": "x",
                "unsupported": {"python": "a reason of some length"},
                "call": call,
                "answers": [success],
                "expect": {"requests": 1},
            },
        ],
    )
    assert results["right"]["outcome"] == "pass"
    for case in ("other-data", "other-kind", "other-count", "other-target", "other-signature"):
        assert results[case]["outcome"] == "fail", case
    assert results["other-kind"]["saw"].startswith("sync: data")
    assert "skipped" not in results


def test_mask_vectors_and_repeated_calls_fail_when_they_should(tmp_path: Path) -> None:
    success = answer(200, {"status": "success", "message": "OK", "data": MARKETS})
    repeated = {"operationId": "listMarkets", "params": {}, "repeat": 3}
    carried = {"apiKey": "runner-key-1234", "fields": {"accountNumber": "0123456789"}}
    text = '{"message":"account 123456789 of key runner-key-1234","id":"TRX-100158"}'
    results = run(
        tmp_path,
        [
            {
                "id": "mask-right",
                "type": "mask",
                "covers": "x",
                "carried": carried,
                "text": text,
                "expect": {"absent": ["123456789", "RUNNER-KEY-1234"], "kept": ["TRX-100158"]},
            },
            # Nothing carried the "account", so the number stays and the vector is wrong.
            {"id": "mask-nothing-carried", "type": "mask", "covers": "x", "carried": {}, "text": text, "expect": {"absent": ["123456789"]}},
            {
                "id": "mask-kept-vanishes",
                "type": "mask",
                "covers": "x",
                "carried": carried,
                "text": text,
                "expect": {"kept": ["123456789"]},
            },
            {
                "id": "repeat-right",
                "type": "exchange",
                "covers": "x",
                "call": repeated,
                "answers": [success],
                "expect": {"data": MARKETS, "requests": 3, "distinctHeaders": ["x-timestamp", "x-signature"]},
            },
            {
                "id": "repeat-miscounted",
                "type": "exchange",
                "covers": "x",
                "call": repeated,
                "answers": [success],
                "expect": {"data": MARKETS, "requests": 1},
            },
            # The api key is the same on every request: a header that must differ and does not.
            {
                "id": "repeat-same-key",
                "type": "exchange",
                "covers": "x",
                "call": repeated,
                "answers": [success],
                "expect": {"data": MARKETS, "requests": 3, "distinctHeaders": ["x-api-key"]},
            },
        ],
    )
    assert results["mask-right"]["outcome"] == "pass", results["mask-right"]
    assert results["repeat-right"]["outcome"] == "pass", results["repeat-right"]
    assert results["mask-nothing-carried"] == {"case": "mask-nothing-carried", "outcome": "fail", "saw": "absent[0] remained"}
    assert results["mask-kept-vanishes"]["saw"] == "kept[0] vanished"
    assert results["repeat-miscounted"]["outcome"] == "fail"
    assert results["repeat-same-key"]["saw"] == "sync: x-api-key repeated across the 3 requests"

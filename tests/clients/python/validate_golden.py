"""Every golden answer (tests/golden, golden-tables, golden-prizes, golden-deals) against the OpenAPI
document (openapi/openapi.json), with openapi-core: a client that trusts the
document must be able to read every answer the service gives.

    tests/.venv/bin/python tests/clients/python/validate_golden.py
"""

import json
import pathlib
import sys

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse

ROOT = pathlib.Path(__file__).resolve().parents[3]


def main() -> int:
    openapi = OpenAPI.from_file_path(str(ROOT / "openapi" / "openapi.json"))
    answers = [(a, "/v1/settle") for a in sorted((ROOT / "tests" / "golden").glob("*.response.json"))]
    answers += [(a, "/v1/tables") for a in sorted((ROOT / "tests" / "golden-tables").glob("*.response.json"))]
    answers += [(a, "/v1/prizes") for a in sorted((ROOT / "tests" / "golden-prizes").glob("*.response.json"))]
    answers += [(a, "/v1/deals") for a in sorted((ROOT / "tests" / "golden-deals").glob("*.response.json"))]
    if not answers:
        print("no golden answers found", file=sys.stderr)
        return 1
    failed = 0
    for answer, path in answers:
        request_file = answer.with_name(answer.name.replace(".response.json", ".request.json"))
        request = MockRequest(
            "http://127.0.0.1:8080",
            "post",
            path,
            data=request_file.read_bytes(),
            content_type="application/json",
        )
        response = MockResponse(
            answer.read_bytes(), status_code=200, content_type="application/json"
        )
        try:
            openapi.validate_request(request)
            openapi.validate_response(request, response)
        except Exception as e:  # every kind of validation error is a failure to report
            failed += 1
            detail = getattr(e, "schema_errors", None) or getattr(e, "__cause__", None) or e
            print(f"FAIL {answer.name}: {type(e).__name__}: {detail}")
    print(f"{len(answers) - failed} passed, {failed} failed")
    return 1 if failed else 0


# The house's closed sets (RULES.md §8.3, §8.5, §10.5.3): schema, and where
# a request holds the value. Every value the document lists must be sent by
# some golden request, so the answers above cover each of them.
CLOSED_SETS = {
    "RakeRounding": lambda r: [(r.get("rake") or {}).get("rounding")],
    "RakeSpread": lambda r: [(r.get("rake") or {}).get("spread")],
    "CashOutFeeRounding": lambda r: [c.get("feeRounding") for c in r.get("cashOuts") or []],
}


def unused_values(document) -> list:
    """`Schema.value` for each listed value no golden request sends."""
    sent = {name: set() for name in CLOSED_SETS}
    for request in (ROOT / "tests" / "golden").glob("*.request.json"):
        body = json.loads(request.read_text())
        for name, values in CLOSED_SETS.items():
            sent[name].update(values(body))
    schemas = document["components"]["schemas"]
    return [
        f"{name}.{value}"
        for name in CLOSED_SETS
        for value in schemas[name]["enum"]
        if value not in sent[name]
    ]


if __name__ == "__main__":
    document = json.loads((ROOT / "openapi" / "openapi.json").read_text())  # readable first
    missing = unused_values(document)
    if missing:
        print(f"FAIL no golden request sends {', '.join(missing)}")
        sys.exit(1)
    sys.exit(main())

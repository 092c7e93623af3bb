"""Writes the Python client's generated code from the bundled spec (generated/openapi.yaml).

Two files, both committed and compared byte for byte by `npm run check:generated`:

- ``src/wallet_api/_generated/models.py``: every schema of components/schemas as a pydantic v2
  model, written by datamodel-code-generator (pinned in requirements-dev.txt);
- ``src/wallet_api/_generated/operations.py``: per operation, its arguments model (path and
  query parameters), its ``Operation`` record, and one method on each of the four operation
  classes (sync, async, and their raw-response twins), written by this script.

Both are formatted by the pinned ruff with fixed settings (``--isolated``), so the bytes do not
depend on the directory they are written to or on any configuration around it.

Usage: python codegen/generate.py [--spec PATH] [--only models|operations --out FILE | --out-dir DIR]
"""

from __future__ import annotations

import argparse
import keyword
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # no stubs in the lock; only safe_load is used

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent / "src" / "wallet_api" / "_generated"
DEFAULT_SPEC = HERE.parent.parent.parent / "generated" / "openapi.yaml"
LINE_LENGTH = "100"

# The options of datamodel-code-generator: pydantic v2 models, snake_case attributes with the
# wire names as aliases (populated by either), constraints as Field() so mypy --strict reads
# them, single-use wrapper schemas folded into their fields.
MODEL_OPTIONS = [
    "--input-file-type", "openapi",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--disable-timestamp",
    "--target-python-version", "3.11",
    "--no-formatters",
    "--field-constraints",
    "--use-annotated",
    "--snake-case-field",
    "--remove-special-field-name-prefix",
    "--allow-population-by-field-name",
    "--collapse-root-models",
    "--use-standard-collections",
    "--use-union-operator",
    "--use-double-quotes",
    "--use-schema-description",
    "--use-field-description",
    # Fields the spec does not list are kept on the models, not dropped: a provider's new
    # field reaches the caller (model_extra, model_dump). Request models allow them too, but
    # the generated methods only ever pass the spec's fields.
    "--extra-fields", "allow",
]  # fmt: skip

# Names of per-call options every method takes; no operation field may be named the same.
CALL_OPTIONS = ("timeout", "retry")


def ruff_format(path: Path) -> None:
    """Formats with the pinned ruff and fixed settings, whatever configuration is around."""
    common = ["--isolated", "--line-length", LINE_LENGTH, "--target-version", "py311"]
    ruff = [sys.executable, "-m", "ruff"]
    # Import order and unused imports first (isort's rules), then the formatter.
    subprocess.run([*ruff, "check", *common, "--select", "I,F401", "--fix", "--quiet", str(path)], check=True)
    subprocess.run([*ruff, "format", *common, "--quiet", str(path)], check=True)


def render_models(spec_path: Path, out: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        # Run where no pyproject.toml could add options of its own.
        subprocess.run(
            [sys.executable, "-m", "datamodel_code_generator", "--input", str(spec_path), *MODEL_OPTIONS, "--output", str(out)],
            check=True,
            cwd=scratch,
        )
    # The header names the input by its base name only, so the bytes do not depend on where it was read.
    ruff_format(out)


def snake(name: str) -> str:
    """createSwap -> create_swap; receiverAddress -> receiver_address; from -> from_."""
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    return s + "_" if keyword.iskeyword(s) else s


def pascal(name: str) -> str:
    return name[0].upper() + name[1:]


class Spec:
    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            target: Any = self.document
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part]
            node = target
        return node

    @staticmethod
    def ref_name(node: dict[str, Any]) -> str | None:
        ref = node.get("$ref")
        return ref.rsplit("/", 1)[1] if isinstance(ref, str) and ref.startswith("#/components/schemas/") else None


def scalar_annotation(schema: dict[str, Any], required: bool, plain: bool = False) -> str:
    """The Python annotation of a parameter's scalar schema, its constraints as Field()."""
    kind = schema.get("type")
    base = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}.get(kind)  # type: ignore[arg-type]
    if base is None:
        raise SystemExit(f"codegen: parameter schema of type {kind!r} is not supported; extend scalar_annotation")
    constraints = []
    for key, arg in (
        ("minimum", "ge"),
        ("maximum", "le"),
        ("exclusiveMinimum", "gt"),
        ("exclusiveMaximum", "lt"),
        ("minLength", "min_length"),
        ("maxLength", "max_length"),
    ):
        if key in schema:
            constraints.append(f"{arg}={schema[key]!r}")
    if "pattern" in schema:
        constraints.append(f"pattern={schema['pattern']!r}")
    annotation = base if required else f"{base} | None"
    if constraints and not plain:
        annotation = f"Annotated[{annotation}, Field({', '.join(constraints)})]"
    return annotation


def data_types(spec: Spec, schema: dict[str, Any]) -> tuple[str, str, bool]:
    """(validated type, returned type, unwrap root) of an envelope's `data` schema."""
    name = Spec.ref_name(schema)
    if name is not None:
        target = spec.resolve(schema)
        if target.get("type") == "object" and "properties" in target:
            return f"models.{name}", f"models.{name}", False
        if target.get("type") == "object" and isinstance(target.get("additionalProperties"), dict):
            _, value, _ = data_types(spec, target["additionalProperties"])
            return f"models.{name}", f"dict[str, {value}]", True
        if "type" not in target and "properties" not in target:
            # A shape the provider has not published: any JSON value.
            return f"models.{name}", "Any", True
        raise SystemExit(f"codegen: data schema {name} has a shape this generator does not map")
    if schema.get("type") == "array":
        item, returned, unwrap = data_types(spec, schema["items"])
        if unwrap:
            raise SystemExit("codegen: arrays of root models are not mapped")
        return f"list[{item}]", f"list[{returned}]", False
    raise SystemExit(f"codegen: inline data schema {schema!r} is not mapped")


def operation_entries(spec: Spec) -> list[dict[str, Any]]:
    entries = []
    for path, item in spec.document["paths"].items():
        for method in ("get", "put", "post", "patch", "delete"):
            op = item.get(method)
            if op is None:
                continue
            fields: list[dict[str, Any]] = []
            for param in [spec.resolve(p) for p in [*item.get("parameters", []), *op.get("parameters", [])]]:
                if param["in"] not in ("path", "query"):
                    raise SystemExit(f"codegen: {param['in']} parameters are not supported")
                required = bool(param.get("required", False)) or param["in"] == "path"
                fields.append(
                    {
                        "wire": param["name"],
                        "py": snake(param["name"]),
                        "in": param["in"],
                        "required": required,
                        "annotation": scalar_annotation(spec.resolve(param["schema"]), required),
                        "plain": scalar_annotation(spec.resolve(param["schema"]), required, plain=True),
                        "description": param.get("description", "").strip(),
                    }
                )
            body_model = None
            body = op.get("requestBody")
            if body is not None:
                schema = body["content"]["application/json"]["schema"]
                body_model = Spec.ref_name(schema)
                if body_model is None:
                    raise SystemExit(f"codegen: {op['operationId']}'s body must be a component schema")
                target = spec.resolve(schema)
                required_names = set(target.get("required", []))
                for wire, prop in target["properties"].items():
                    fields.append(
                        {
                            "wire": wire,
                            "py": snake(wire),
                            "in": "body",
                            "required": wire in required_names,
                            "annotation": None,  # typed from the body model, below
                            "description": spec.resolve(prop).get("description", "").strip(),
                            "model": body_model,
                        }
                    )
            names = [f["py"] for f in fields]
            if len(set(names)) != len(names) or set(names) & set(CALL_OPTIONS):
                raise SystemExit(f"codegen: {op['operationId']} has two fields of one name, or one named like a call option")
            envelope = spec.resolve(op["responses"]["200"]["content"]["application/json"]["schema"])
            validated, returned, unwrap = data_types(spec, envelope["properties"]["data"])
            entries.append(
                {
                    "id": op["operationId"],
                    "name": snake(op["operationId"]),
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", "").strip(),
                    "description": op.get("description", "").strip(),
                    "fields": fields,
                    "body_model": body_model,
                    "validated": validated,
                    "returned": returned,
                    "unwrap": unwrap,
                }
            )
    return entries


def body_field_annotation(models: Any, model: str, wire: str, required: bool) -> str:
    """The annotation of a body field, read from the generated model so the two agree."""
    cls = getattr(models, model)
    for name, info in cls.model_fields.items():
        if (info.alias or name) == wire:
            annotation = info.annotation
            text = {str: "str", int: "int", float: "float", bool: "bool"}.get(annotation)
            if text is None:
                args = getattr(annotation, "__args__", ())
                inner = [a for a in args if a is not type(None)]
                if len(inner) == 1 and inner[0] in (str, int, float, bool):
                    text = inner[0].__name__
            if text is None:
                raise SystemExit(f"codegen: body field {model}.{wire} has a type this generator does not map")
            return text if required else f"{text} | None"
    raise SystemExit(f"codegen: {model} has no field {wire}")


def docstring(entry: dict[str, Any]) -> str:
    lines = [f"{entry['summary']}: ``{entry['method']} {entry['path']}``.", ""]
    lines += entry["description"].splitlines()
    args = [f for f in entry["fields"] if f["description"]]
    if args:
        lines += ["", "Args:"]
        for f in args:
            lines.append(f"    {f['py']}: {' '.join(f['description'].split())}")
    text = "\n".join(line.rstrip() for line in lines).strip().replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    return f'"""{text}\n"""'


def render_operations(spec_path: Path, models_path: Path, out: Path) -> None:
    spec = Spec(yaml.safe_load(spec_path.read_text(encoding="utf-8")))
    entries = operation_entries(spec)
    # The body fields' annotations come from the models just written: one source of truth.
    import importlib.util

    module_spec = importlib.util.spec_from_file_location("_wallet_api_models_for_codegen", models_path)
    assert module_spec is not None and module_spec.loader is not None
    models = importlib.util.module_from_spec(module_spec)
    sys.modules[module_spec.name] = models
    module_spec.loader.exec_module(models)

    o: list[str] = [
        '"""The operations of the Wallet, Payout and Swap API, one method per operationId.',
        "",
        "Generated by clients/python/codegen/generate.py from generated/openapi.yaml: do not edit.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Annotated, Any",
        "",
        "import httpx",
        "from pydantic import BaseModel, ConfigDict, Field",
        "",
        "from .._core import AsyncCaller, CallArguments, Operation, RawResponse, SyncCaller",
        "from .._options import RetryOptions",
        "from . import models",
        "",
        "",
        "class _Arguments(BaseModel):",
        '    """Path and query arguments, checked before anything is sent: wrong types are refused, not coerced."""',
        "",
        '    model_config = ConfigDict(strict=True, extra="forbid")',
        "",
    ]
    for e in entries:
        params = [f for f in e["fields"] if f["in"] != "body"]
        o += ["", f"class _{pascal(e['id'])}Arguments(_Arguments):"]
        if not params:
            o.append("    pass")
        for f in params:
            default = "" if f["required"] else " = None"
            o.append(f"    {f['py']}: {f['annotation']}{default}")
        o.append("")
    o.append("")
    o.append("OPERATIONS: dict[str, Operation[Any]] = {}")
    for e in entries:
        path_fields = tuple((f["py"], f["wire"]) for f in e["fields"] if f["in"] == "path")
        query_fields = tuple((f["py"], f["wire"]) for f in e["fields"] if f["in"] == "query")
        body_fields = tuple((f["py"], f["wire"]) for f in e["fields"] if f["in"] == "body")
        o += [
            "",
            f"{e['name'].upper()}: Operation[{e['returned']}] = Operation(",
            f"    operation_id={e['id']!r},",
            f"    method={e['method']!r},",
            f"    path={e['path']!r},",
            f"    arguments=_{pascal(e['id'])}Arguments,",
            f"    path_fields={path_fields!r},",
            f"    query_fields={query_fields!r},",
            f"    body_model={'models.' + e['body_model'] if e['body_model'] else None},",
            f"    body_fields={body_fields!r},",
            f"    data_type={e['validated']},",
            f"    unwrap_root={e['unwrap']!r},",
            ")",
            f"OPERATIONS[{e['id']!r}] = {e['name'].upper()}",
        ]

    def signature(e: dict[str, Any]) -> list[str]:
        args = ["self", "*"]
        ordered = [f for f in e["fields"] if f["required"]] + [f for f in e["fields"] if not f["required"]]
        for f in ordered:
            if f["in"] == "body":
                annotation = body_field_annotation(models, f["model"], f["wire"], f["required"])
            else:
                annotation = f["plain"]
            args.append(f"{f['py']}: {annotation}" + ("" if f["required"] else " = None"))
        args.append("timeout: float | httpx.Timeout | None = None")
        if e["method"] == "GET":
            args.append("retry: RetryOptions | None = None")
        return args

    def call_args(e: dict[str, Any]) -> str:
        retry = "retry" if e["method"] == "GET" else "None"
        return f"{e['name'].upper()}, arguments, timeout, {retry}"

    def gathered(e: dict[str, Any]) -> list[str]:
        """The arguments gathered, then dropped from the method's locals: a traceback that records
        locals (Sentry's default) would print each, a password among them; ``CallArguments``
        prints their names only."""
        names = [f["py"] for f in e["fields"]]
        values = ", ".join(f"{name!r}: {name}" for name in names)
        lines = [f"arguments = CallArguments({{{values}}})"]
        if names:
            lines += ["# Out of this frame's locals: a traceback that records them would print a password.", f"del {', '.join(names)}"]
        return lines

    classes = [
        ("SyncOperations", "SyncCaller", "", "{ret}", "return self._caller.call({args})"),
        ("AsyncOperations", "AsyncCaller", "async ", "{ret}", "return await self._caller.call({args})"),
        ("SyncRawOperations", "SyncCaller", "", "RawResponse[{ret}]", "return self._caller.call_raw({args})"),
        ("AsyncRawOperations", "AsyncCaller", "async ", "RawResponse[{ret}]", "return await self._caller.call_raw({args})"),
    ]
    for cls, caller, prefix, ret, body in classes:
        raw = "Raw" in cls
        what = "the answer as received: status, headers, envelope, and `parse()` for the data" if raw else "the envelope's `data`, typed"
        o += [
            "",
            "",
            f"class {cls}:",
            f'    """One method per operation, returning {what}."""',
            "",
            f"    _caller: {caller}",
        ]
        for e in entries:
            o += [
                "",
                f"    {prefix}def {e['name']}(",
                *(f"        {a}," for a in signature(e)),
                f"    ) -> {ret.format(ret=e['returned'])}:",
                *("        " + line if line else "" for line in docstring(e).splitlines()),
                *(f"        {line}" for line in gathered(e)),
                f"        {body.format(args=call_args(e))}",
            ]
    out.write_text("\n".join(o) + "\n", encoding="utf-8")
    ruff_format(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC)
    parser.add_argument("--only", choices=("models", "operations"))
    parser.add_argument("--out", type=Path, help="with --only: the file to write instead of the package's")
    parser.add_argument(
        "--out-dir",
        type=Path,
        help="both files, written to this directory instead of the package (one run for a staleness check)",
    )
    args = parser.parse_args()
    if args.out is not None and args.only is None:
        parser.error("--out needs --only")
    if args.out_dir is not None and args.only is not None:
        parser.error("--out-dir writes both files: give it without --only")
    spec_path = args.spec.resolve()
    if args.only is None:
        target = (args.out_dir or PACKAGE).resolve()
        target.mkdir(parents=True, exist_ok=True)
        render_models(spec_path, target / "models.py")
        render_operations(spec_path, target / "models.py", target / "operations.py")
        return
    out = (args.out or PACKAGE / f"{args.only}.py").resolve()
    if args.only == "models":
        render_models(spec_path, out)
    else:
        # The operations read the body models; written fresh beside the output, never the committed copy.
        with tempfile.TemporaryDirectory() as scratch:
            models_path = Path(scratch) / "models.py"
            render_models(spec_path, models_path)
            render_operations(spec_path, models_path, out)


if __name__ == "__main__":
    main()

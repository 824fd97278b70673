#!/usr/bin/env python3
"""Fails when the house loses its shape (DESIGN.md, issue 56).

- No .rs file under crates/ is longer than MAX_LINES (600): a longer one
  holds more than one thing.
- The contract's settle route is one folder a feature of a hand:
  `settle/<feature>.rs` lists the files of `settle/<feature>/`, which
  hold that feature's request and answer types (`dto.rs`), its checks
  (`check.rs`), its step (`answer.rs`) and its explanation
  (`explain.rs`), and what is named for a concept of the feature alone
  (`pots/rank.rs`). Beside the folders `settle/` holds only the pipeline's
  own files (SETTLE_SHARED). A folder or file named for a layer
  (`settle/dto/`, `settle/explain/`, `validate/`, `settle/step.rs`) is a
  feature's file outside its folder, and so is a feature's file at
  `settle/`'s top.
- Every other route of the contract (`tables/`, `deal/`, ...) is the same
  shape without the concepts: `<route>.rs` and the role files only.

Function length and arguments are clippy's (clippy.toml, the workspace's
[lints]); this reads files and names only. The standard library only.

Usage: structure.py [ROOT]   (ROOT: the workspace, default: here)
"""

import re
import sys
from pathlib import Path

MAX_LINES = 600

CONTRACT = "crates/contract/src"

# A feature's files, by role: the same names in every folder of a route.
ROLES = {"dto.rs", "check.rs", "answer.rs", "explain.rs"}

# Names of layers: a folder or file so named holds one role of every
# feature, which then lives in several places.
LAYERS = {"dto", "check", "answer", "explain", "validate", "step", "steps"}

# The settle pipeline's own files beside the feature folders: the body and
# the answer, the checked request, the settled hand, the explanation's step
# and the names its steps use; the per-pot equity over the run-outs, which
# the cash-outs and the all-in expectation share.
SETTLE_SHARED = {
    "dto.rs", "validated.rs", "hand.rs", "explain_step.rs", "names.rs", "runouts.rs",
}

# The crate's own modules beside its routes, none a route's or a feature's.
CRATE_SHARED = {
    "lib.rs", "deck.rs", "fraction.rs", "next_hand.rs", "prize_table.rs",
    "problems.rs", "request_names.rs", "schema_enums.rs", "unanswered.rs",
    "variants.rs",
}

MOD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)


def declared(face):
    """The modules a face file declares (`mod x;`), tests' left out."""
    text = face.read_text()
    return {m.group(1) for m in MOD.finditer(text)
            if not re.search(r"#\[cfg\(test\)\]\s*$", text[:m.start()])}


def long_files(root):
    """Every .rs file under crates/ over MAX_LINES."""
    faults = []
    for path in sorted((root / "crates").rglob("*.rs")):
        if "target" in path.relative_to(root).parts:
            continue
        n = len(path.read_text().splitlines())
        if n > MAX_LINES:
            faults.append(f"{path.relative_to(root)}: {n} lines, over {MAX_LINES}: split it by what it holds")
    return faults


def folder(root, face, allowed, what):
    """A unit's folder: its face lists exactly its files, no folder inside
    it, and only `allowed` names (None: any name but a layer's)."""
    faults = []
    here = face.with_suffix("")
    rel = lambda p: str(p.relative_to(root))
    files = {p.name for p in here.iterdir() if p.is_file() and p.suffix == ".rs"}
    for sub in sorted(p for p in here.iterdir() if p.is_dir()):
        faults.append(f"{rel(sub)}/: a folder inside {what} {here.name}: its files belong in {rel(here)}/")
    for name in sorted(files):
        if allowed is not None and name not in allowed:
            faults.append(f"{rel(here / name)}: not a role of {what} ({', '.join(sorted(allowed))})")
        elif name[:-3] in LAYERS and name not in ROLES:
            faults.append(f"{rel(here / name)}: a layer's name; name it for its role or concept")
    mods = declared(face)
    for name in sorted({f[:-3] for f in files} - mods):
        faults.append(f"{rel(here / (name + '.rs'))}: not listed in {rel(face)}")
    return faults


def contract_shape(root):
    """The settle route by feature, every route one folder of roles."""
    faults = []
    src = root / CONTRACT
    if not src.is_dir():
        return [f"{CONTRACT}: not found"]
    rel = lambda p: str(p.relative_to(root))
    for entry in sorted(src.iterdir()):
        stem = entry.stem if entry.is_file() else entry.name
        if stem in LAYERS:
            faults.append(f"{rel(entry)}: a layer at the crate's top; each check, type and step lives with its feature")
    for entry in sorted(p for p in src.iterdir() if p.is_dir()):
        face = src / (entry.name + ".rs")
        if not face.exists():
            faults.append(f"{rel(entry)}/: a folder without its face {rel(face)}")
        elif entry.name != "settle":
            faults += folder(root, face, ROLES, "the route")
    for entry in sorted(p for p in src.iterdir() if p.is_file() and p.suffix == ".rs"):
        if entry.name not in CRATE_SHARED and not entry.with_suffix("").is_dir():
            faults.append(f"{rel(entry)}: neither a route with its folder nor one of the crate's shared modules (CRATE_SHARED)")
    settle = src / "settle"
    if not settle.is_dir():
        return faults + [f"{rel(settle)}/: not found"]
    for entry in sorted(settle.iterdir()):
        if entry.is_dir():
            face = settle / (entry.name + ".rs")
            if entry.name in LAYERS:
                faults.append(f"{rel(entry)}/: a layer, not a feature: move each file into its feature's folder")
            elif not face.exists():
                faults.append(f"{rel(entry)}/: a feature folder without its face {rel(face)}")
            else:
                faults += folder(root, face, None, "the settle feature")
        elif entry.suffix == ".rs":
            if entry.name in SETTLE_SHARED or entry.with_suffix("").is_dir():
                continue
            faults.append(f"{rel(entry)}: a feature's file outside its folder: move it into settle/<feature>/")
    return faults


def check(root):
    return long_files(root) + contract_shape(root)


def self_test():
    """The check finds each fault in a made-up workspace, so a check that
    finds nothing has looked."""
    import tempfile

    face = "pub(super) mod answer;\npub(super) mod dto;\n"
    files = {
        "crates/contract/src/lib.rs": "pub mod settle;\npub mod tables;\n",
        "crates/contract/src/settle.rs": "mod cash_out;\nmod dto;\nmod rank;\n",
        "crates/contract/src/settle/dto.rs": "",
        "crates/contract/src/settle/rank.rs": "",
        "crates/contract/src/settle/cash_out.rs": face,
        "crates/contract/src/settle/cash_out/answer.rs": "",
        "crates/contract/src/settle/cash_out/dto.rs": "",
        "crates/contract/src/settle/cash_out/extra.rs": "",
        "crates/contract/src/settle/explain/award.rs": "",
        "crates/contract/src/validate/mod.rs": "",
        "crates/contract/src/tables.rs": face + "mod glue;\n",
        "crates/contract/src/tables/answer.rs": "",
        "crates/contract/src/tables/dto.rs": "",
        "crates/contract/src/tables/glue.rs": "",
        "crates/core/src/big.rs": "\n" * (MAX_LINES + 1),
    }
    with tempfile.TemporaryDirectory() as tmp:
        for path, text in files.items():
            (Path(tmp) / path).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / path).write_text(text)
        faults = check(Path(tmp))
    expected = [
        "crates/core/src/big.rs: 601 lines",
        "crates/contract/src/validate: a layer at the crate's top",
        "crates/contract/src/validate/: a folder without its face",
        "crates/contract/src/tables/glue.rs: not a role of the route",
        "crates/contract/src/settle/explain/: a layer, not a feature",
        "crates/contract/src/settle/cash_out/extra.rs: not listed in",
        "crates/contract/src/settle/rank.rs: a feature's file outside its folder",
    ]
    found = all(any(f.startswith(e) for f in faults) for e in expected)
    return found and len(faults) == len(expected)


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    if not self_test():
        print("structure.py: the self-test did not find the faults it was shown", file=sys.stderr)
        return 2
    faults = check(root)
    for fault in faults:
        print(fault, file=sys.stderr)
    if faults:
        return 1
    print(f"structure: no file over {MAX_LINES} lines; the settle route is one folder a feature")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails when the files of a crate import each other in a circle.

Each library crate's files are read (`crates/*/src`, from `lib.rs` down):
every `use` tree, every `crate::`/`super::`/`self::` path, and every path
through a child module a file declares, is resolved to the file that
defines what it names (through the `use` of each module it passes, so a
name a face re-exports leads to the file that defines it). An arrow runs
from the file that names to the file named, and to each face the name is
taken through (the file whose `use` hands it on); a circle is a set of two
files or more that reach each other (Tarjan's strongly connected
components). What a file takes from its own ancestors (a crate root's
types, say) runs back up and closes no circle, but a name taken through
an ancestor's `use` does: a module that re-exports its children's items
(`pub use dto::*`) and is imported back through it by them, or by a module
it imports, is a circle (issue 56), so children name the module that
defines a name. Modules only tests build (`#[cfg(test)]`) are left out,
as tests may take from anywhere.

Our own small code (about 350 lines, the standard library only): the
tools that draw Rust module graphs (cargo-modules and the like) need a
nightly or a full rust-analyzer build, far too heavy for `make lint`, and
a crate's own files are all this rule needs to read.

Also the server's layers (issue 43): settings and build facts at the
bottom, the edge above them, the routes above the edge, the command line
on top; nothing below imports from above (LAYERS).

Usage: import_circles.py [ROOT]   (ROOT: the workspace, default: here)
"""

import re
import sys
from pathlib import Path

# Server layers, bottom first: a file of a layer may import only from its
# own layer and those below. A file on no layer is not held to one.
LAYERS = {
    "showdown-server": [
        ("settings", ["settings"]),
        ("edge", ["edge"]),
        ("routes", ["routes"]),
        ("command line", ["cli"]),
    ]
}

WORD = r"[A-Za-z_][A-Za-z0-9_]*"

# A module only tests build (`#[cfg(test)] mod tests`): tests may take
# from any layer, so their modules are no part of the house.
TEST_ONLY = re.compile(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?\Z")


def strip(text):
    """The code without comments, strings and chars (kept as blanks)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 20]) and not re.match(r"\w", text[i - 1:i] or " "):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            out.append('""')
            i = n if end < 0 else end + 1 + len(m.group(1))
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:i + 12]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand(tree, prefix=()):
    """Every path of a `use` tree (`a::{b, c::{d, e}}`), as tuples."""
    tree = tree.strip()
    depth, parts, start = 0, [], 0
    for k, ch in enumerate(tree):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(tree[start:k])
            start = k + 1
    parts.append(tree[start:])
    if len(parts) > 1:
        return [p for part in parts for p in expand(part, prefix)]
    brace = tree.find("{")
    if brace >= 0:
        head = [s for s in tree[:brace].split("::") if s.strip()]
        return expand(tree[brace + 1:tree.rfind("}")], prefix + tuple(s.strip() for s in head))
    tree = re.sub(r"\s+as\s+" + WORD + "$", "", tree).strip()
    if not tree:
        return [prefix] if prefix else []
    return [prefix + tuple(s.strip() for s in tree.split("::") if s.strip())]


def uses(code, public=False):
    """Every path of every `use` in `code` (of every `pub use`, any
    `pub(...)` too, with `public`: what the module hands on)."""
    head = r"\bpub(?:\([^)]*\))?\s+use\s+" if public else r"\buse\s+"
    return [p for m in re.finditer(head + r"([^;]*);", code) for p in expand(m.group(1))]


def inline(code, module):
    """The code of a file as (module, code) chunks: the file's own first,
    then each inline module (`mod tests { ... }`) apart, nested ones too."""
    own, chunks, i = [], [], 0
    for m in re.finditer(r"\bmod\s+(" + WORD + r")\s*\{", code):
        if m.start() < i:
            continue
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        own.append(code[i:m.start()])
        if not TEST_ONLY.search(code[:m.start()]):
            chunks += inline(code[m.end():j - 1], module + (m.group(1),))
        i = j
    own.append(code[i:])
    return [(module, "".join(own))] + chunks


class Crate:
    def __init__(self, name, src):
        self.name = name
        self.modules = {}  # module path (tuple) -> file
        self.files = {}  # file -> (module path, code)
        self.chunks = {}  # file -> [(module path, code)], inline modules apart
        self.read(src / "lib.rs", ())

    def read(self, path, module):
        code = strip(path.read_text())
        self.files[path] = (module, code)
        self.modules[module] = path
        self.chunks[path] = inline(code, module)
        for m, _ in self.chunks[path][1:]:
            self.modules.setdefault(m, path)
        here = path.parent if path.name in ("lib.rs", "mod.rs") else path.with_suffix("")
        for m in re.finditer(r"\bmod\s+(" + WORD + r")\s*;", code):
            name = m.group(1)
            if TEST_ONLY.search(code[:m.start()]):
                continue
            for child in (here / (name + ".rs"), here / name / "mod.rs"):
                if child.exists():
                    self.read(child, module + (name,))
                    break

    def children(self, module):
        return {m[-1] for m in self.modules if len(m) == len(module) + 1 and m[:-1] == module}

    def resolve(self, module, path, depth=0, faces=None):
        """The file that defines what a path names from `module` (through
        any `use` of the module it passes), or None (another crate). Each
        file whose `use` hands the name on (a face) is added to `faces`."""
        if not path or depth > 8:
            return None
        if path[0] == "crate":
            base, rest = (), list(path[1:])
        elif path[0] in ("super", "self"):
            base, rest = module, list(path)
            while rest and rest[0] in ("super", "self"):
                base = base[:-1] if rest[0] == "super" else base
                rest = rest[1:]
        elif path[0] in self.children(module):
            base, rest = module, list(path)
        else:
            return None
        while rest and base + (rest[0],) in self.modules:
            base = base + (rest.pop(0),)
        if rest:
            item = rest[0]
            via = self.through(base, item, depth, faces)
            if via is not None:
                return via
        return self.modules.get(base)

    def through(self, module, item, depth, faces=None):
        """Where a name a module takes by `use` (not its own) comes from;
        the module's file joins `faces` when the name is the crate's own."""
        f = self.modules.get(module)
        if f is None or self.defines(f, item):
            return None
        found = None
        for p in self.uses.get(f, []):
            if p[-1] == item:
                found = self.resolve(self.files[f][0], p, depth + 1, faces)
                break
        else:
            for p in self.uses.get(f, []):
                if p[-1] != "*":
                    continue
                target = self.resolve(self.files[f][0], p[:-1], depth + 1)
                # A glob hands on what its target defines or re-exports
                # (`pub use`), never what the target merely imports.
                if target is not None and (self.defines(target, item) or any(
                        q[-1] in (item, "*") for q in self.reexports.get(target, []))):
                    found = self.resolve(self.files[f][0], p[:-1] + (item,), depth + 1, faces)
                    found = found or target
                    break
        if found is not None and faces is not None:
            faces.append(f)
        return found

    def defines(self, f, item):
        code = self.files[f][1]
        kinds = r"(?:fn|struct|enum|union|const|static|type|trait|mod|macro_rules\s*!)"
        return re.search(r"\b" + kinds + r"\s+" + re.escape(item) + r"\b", code) is not None

    def arrows(self):
        out = {f: set() for f in self.files}
        self.why = {}
        self.uses, self.reexports = {}, {}
        for f, (_, code) in self.files.items():
            self.uses[f] = uses(self.chunks[f][0][1])
            self.reexports[f] = uses(self.chunks[f][0][1], public=True)
        for f in self.files:
            ancestors = {self.modules[self.files[f][0][:k]] for k in range(len(self.files[f][0]))}
            for module, code in self.chunks[f]:
                paths = uses(code)
                no_use = re.sub(r"\buse\s+[^;]*;", " ", code)
                for m in re.finditer(r"(?<![\w:$])(" + WORD + r"(?:\s*::\s*" + WORD + r")+)", no_use):
                    paths.append(tuple(s.strip() for s in m.group(1).split("::")))
                for p in paths:
                    faces = []
                    target = self.resolve(module, p, faces=faces)
                    # A face a name is taken through is imported too, an
                    # ancestor's as well: a module that re-exports its
                    # children's items and is imported back by them (or by
                    # a module it imports) closes a circle.
                    for face in faces:
                        if face != f:
                            out[f].add(face)
                            self.why.setdefault((f, face), set()).add("::".join(p))
                    # A file's ancestors hold it: what it takes from them
                    # (their own items) runs back up and closes no circle.
                    if target is None or target == f or target in ancestors:
                        continue
                    out[f].add(target)
                    self.why.setdefault((f, target), set()).add("::".join(p))
        return out


def circles(arrows):
    """Tarjan: every set of two files or more that reach each other."""
    index, low, stack, on, found = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(arrows[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                found.append(sorted(scc))

    for v in sorted(arrows):
        if v not in index:
            visit(v)
    return found


def layer_of(crate, f, layers):
    module = crate.files[f][0]
    for rank, (_, heads) in enumerate(layers):
        if module and module[0] in heads:
            return rank
    return None


def check(root):
    """Every fault of the workspace at `root`, in words."""
    faults = []
    crates = 0
    for manifest in sorted(root.glob("crates/*/Cargo.toml")):
        lib = manifest.parent / "src" / "lib.rs"
        if not lib.exists():
            continue
        name = re.search(r'^name\s*=\s*"([^"]+)"', manifest.read_text(), re.M).group(1)
        crate = Crate(name, lib.parent)
        crates += 1
        arrows = crate.arrows()
        rel = lambda p: str(p.relative_to(root))
        for scc in circles(arrows):
            ties = [
                f"    {rel(a)} -> {rel(b)}: {', '.join(sorted(crate.why[(a, b)])[:4])}"
                for a in scc
                for b in sorted(arrows[a])
                if b in scc
            ]
            faults.append(f"{name}: an import circle of {len(scc)} files:\n" + "\n".join(ties))
        layers = LAYERS.get(name, [])
        for a, targets in arrows.items():
            la = layer_of(crate, a, layers)
            for b in targets:
                lb = layer_of(crate, b, layers)
                if la is not None and lb is not None and lb > la:
                    names = ", ".join(sorted(crate.why[(a, b)])[:4])
                    faults.append(
                        f"{name}: {rel(a)} ({layers[la][0]}) imports {rel(b)} ({layers[lb][0]}),"
                        f" a layer above it: {names}"
                    )
    if crates == 0:
        faults.append(f"no crate found under {root}/crates")
    return faults, crates


def self_test():
    """The check finds a circle, a circle through a face and a layer
    upside down in a made-up workspace, so a check that finds nothing has
    looked."""
    import tempfile

    files = {
        "crates/s/Cargo.toml": '[package]\nname = "showdown-server"\n',
        "crates/s/src/lib.rs": "mod cli;\nmod edge;\nmod settings;\n",
        "crates/s/src/cli.rs": "use crate::edge::serve;\npub const PROFILE: &str = \"\";\n",
        "crates/s/src/edge/mod.rs": "pub mod serve;\npub mod state;\n",
        "crates/s/src/edge/serve.rs": "use super::state::State;\npub fn serve() {}\n",
        "crates/s/src/edge/state.rs": "pub struct State(&'static str);\n"
        "fn p() -> &'static str { crate::cli::PROFILE }\n"
        "#[cfg(test)]\nmod tests {\n    use crate::edge::serve::serve;\n}\n",
        "crates/s/src/settings.rs": "pub const V: u8 = 1;\n",
        # A face: `settle` re-exports its DTOs, and its step and `validate`
        # take them back through it (issue 56); `rank` takes them from the
        # module that defines them and a name `settle` defines itself, and
        # stays out of the circle.
        "crates/r/Cargo.toml": '[package]\nname = "reexports"\n',
        "crates/r/src/lib.rs": "pub mod settle;\npub mod validate;\n",
        "crates/r/src/settle.rs": "mod dto;\nmod rank;\nmod step;\npub use dto::*;\n"
        "use crate::validate::validate;\npub struct Own;\n"
        "pub fn settle() { validate(); step::run(); rank::run(); }\n",
        "crates/r/src/settle/dto.rs": "pub struct Request;\n",
        "crates/r/src/settle/rank.rs": "use super::dto::Request;\nuse super::Own;\npub fn run() {}\n",
        "crates/r/src/settle/step.rs": "use super::Request;\npub fn run() {}\n",
        "crates/r/src/validate.rs": "use crate::settle::Request;\npub fn validate() {}\n",
    }
    with tempfile.TemporaryDirectory() as tmp:
        for path, text in files.items():
            (Path(tmp) / path).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / path).write_text(text)
        faults, _ = check(Path(tmp))
    circle = any("an import circle of 3 files" in f for f in faults)
    upside = any("state.rs (edge) imports" in f and "cli.rs (command line)" in f for f in faults)
    face = any(f.startswith("reexports: an import circle of 3 files") and "rank.rs" not in f for f in faults)
    return circle and upside and face and len(faults) == 3


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    if not self_test():
        print("import_circles.py: the self-test saw no circle where there is one", file=sys.stderr)
        return 2
    faults, crates = check(root)
    for fault in faults:
        print(fault, file=sys.stderr)
    if faults:
        return 1
    print(f"import circles: none in {crates} crates; the server's layers hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
